#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// Resume, a new game (game, opponent, level, side), records, rules, settings.
@MainActor
struct StartView: View {
    @Bindable var model: GameModel

    var body: some View {
        let t = model.texts
        let setup = model.state.setup
        Form {
            if model.state.canResume {
                Section {
                    Button(t[.resume]) { model.send(.resume) }
                        .font(.headline)
                }
            }
            Section(t[.newGame]) {
                Picker(t[.variant], selection: $model.setupVariant) {
                    ForEach([Variant.copenhagen, .brandubh, .tablut], id: \.self) { v in
                        Text("\(t.variant(v)) (\(t.boardSize(v)))").tag(v)
                    }
                }
                Picker(t[.opponent], selection: $model.setupVsComputer) {
                    Text(t[.vsComputer]).tag(true)
                    Text(t[.twoPlayers]).tag(false)
                }
                if setup.vsComputer {
                    Picker(t[.level], selection: $model.setupLevel) {
                        ForEach([Level.easy, .normal, .hard], id: \.self) { Text(t.level($0)).tag($0) }
                    }
                    Picker(t[.yourSide], selection: $model.setupSide) {
                        ForEach([Side.attackers, .defenders], id: \.self) { Text(t.playSide($0)).tag($0) }
                    }
                }
                Button(t[.newGame]) { model.send(.newGame) }
                    .font(.headline)
            }
            Section {
                Button(t[.records]) { model.send(.showRecords) }
                Button(t[.rules]) { model.send(.showRules(nil)) }
            }
            Section(t[.settings]) {
                Toggle(t[.colourBlindPalette], isOn: $model.colourBlindPalette)
                LabeledContent(t[.coreVersion], value: coreVersion())
            }
        }
        .confirmationDialog(t[.confirmNewGame], isPresented: $model.confirmNewGameShown, titleVisibility: .visible) {
            Button(t[.confirm], role: .destructive) { model.send(.confirmNewGame) }
            Button(t[.cancel], role: .cancel) { model.send(.cancelNewGame) }
        }
    }
}
#endif
