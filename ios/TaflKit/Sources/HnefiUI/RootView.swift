#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

// Thin SwiftUI views over HnefiModel: they draw `model.state` in the core's words and colours
// and send `UiEvent`s, nothing more. Text uses the system text styles, so it follows Dynamic
// Type; light and dark follow the system.

/// The whole app: start, game, records, rules, history, review and import.
@MainActor
public struct RootView: View {
    @Bindable var model: GameModel
    let sounds: SoundPlaying?
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    public init(model: GameModel, sounds: SoundPlaying?) {
        self.model = model
        self.sounds = sounds
    }

    public var body: some View {
        let t = model.texts
        let look = model.looks[Theme(colorScheme)]
        NavigationStack {
            Group {
                if !model.state.ready {
                    ProgressView()
                } else {
                    switch model.state.screen {
                    case .start: StartView(model: model)
                    case .game: GameView(model: model, look: look)
                    case .records: RecordsView(model: model)
                    case .rules: RulesView(model: model)
                    case .history: HistoryView(model: model)
                    case .review: ReviewView(model: model, look: look)
                    case .importGame: ImportView(model: model, look: look)
                    }
                }
            }
            .navigationTitle(title)
            .toolbar {
                if model.state.screen != .start {
                    ToolbarItem(placement: .cancellationAction) {
                        Button(t[.actionBack]) { model.send(.back) }
                    }
                }
            }
        }
        .tint(Color(argb: look.chrome.primary))
        .alert(noticeText, isPresented: $model.noticeShown) {
            Button(t[.actionOk]) { model.send(.dismissNotice) }
        }
        .modifier(BoardEffects(event: model.state.event, sounds: sounds))
        .onAppear { model.send(.setReduceMotion(reduceMotion)) }
        .onChange(of: reduceMotion) { _, on in model.send(.setReduceMotion(on)) }
    }

    private var title: String {
        let t = model.texts
        switch model.state.screen {
        case .start: return t[.appName]
        case .game: return model.state.game.map { t.variantName(variant: $0.variant) } ?? t[.appName]
        case .records: return t[.recordsTitle]
        case .rules: return t[.rulesTitle]
        case .history: return t[.historyTitle]
        case .review: return t[.reviewTitle]
        case .importGame: return t[.importTitle]
        }
    }

    private var noticeText: String {
        switch model.state.notice {
        case .dataReset: model.texts[.noticeDataReset]
        case .storageFailed: model.texts[.noticeStorageFailed]
        case nil: model.texts[.appName]
        }
    }
}
#endif
