#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

// Thin SwiftUI views over HnefiModel: they draw `model.state` and send `UiEvent`s, nothing
// more. Text uses the system text styles, so it follows Dynamic Type.

/// The whole app: the start screen, the game, the records and the rules.
@MainActor
public struct RootView: View {
    @Bindable var model: GameModel

    public init(model: GameModel) {
        self.model = model
    }

    public var body: some View {
        let t = model.texts
        NavigationStack {
            Group {
                switch model.state.screen {
                case .start: StartView(model: model)
                case .game: GameView(model: model)
                case .records: RecordsView(model: model)
                case .rules: RulesView(model: model)
                }
            }
            .navigationTitle(title)
            .toolbar {
                if model.state.screen != .start {
                    ToolbarItem(placement: .cancellationAction) {
                        Button(t[.back]) { model.send(.back) }
                    }
                }
            }
        }
        .alert(noticeText ?? "", isPresented: $model.noticeShown) {
            Button(t[.ok]) { model.send(.dismissNotice) }
        }
    }

    private var title: String {
        let t = model.texts
        switch model.state.screen {
        case .start: return t[.appName]
        case .game: return model.state.game.map { t.variant($0.variant) } ?? t[.appName]
        case .records: return t[.records]
        case .rules: return t[.rules]
        }
    }

    private var noticeText: String? {
        switch model.state.notice {
        case .dataReset: model.texts[.dataReset]
        case .storageFailed: model.texts[.storageFailed]
        case nil: nil
        }
    }
}

extension RGB {
    var color: Color { Color(red: r, green: g, blue: b) }
}
#endif
