#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// Resume, a new game (game, opponent, level, side), the other screens, and the settings.
@MainActor
struct StartView: View {
    @Bindable var model: GameModel

    var body: some View {
        let t = model.texts
        let setup = model.state.setup
        Form {
            if model.state.canResume {
                Section {
                    Button(t[.startResume]) { model.send(.resume) }
                        .font(.headline)
                }
            }
            Section(t[.startNewGame]) {
                Picker(t[.startGame], selection: $model.setupVariant) {
                    ForEach(Variant.all, id: \.self) { v in
                        Text(t.variantName(variant: v)).tag(v)
                    }
                }
                Text(t.boardSize(variant: setup.variant))
                    .font(.footnote)
                Picker(t[.startOpponent], selection: $model.setupVsComputer) {
                    Text(t[.startVsComputer]).tag(true)
                    Text(t[.startTwoPlayers]).tag(false)
                }
                if setup.vsComputer {
                    Picker(t[.startLevel], selection: $model.setupLevel) {
                        ForEach(Level.all, id: \.self) { Text(t.levelName(level: $0)).tag($0) }
                    }
                    Picker(t[.startYourSide], selection: $model.setupSide) {
                        ForEach([Side.attackers, .defenders], id: \.self) { Text(t.playSide(side: $0)).tag($0) }
                    }
                }
                Button(t[.startStart]) { model.send(.newGame) }
                    .font(.headline)
            }
            Section {
                Button(t[.startHistory]) { model.send(.showHistory) }
                Button(t[.startRecords]) { model.send(.showRecords) }
                Button(t[.startRules]) { model.send(.showRules(nil)) }
                Button(t[.startImport]) { model.send(.showImport) }
            }
            Section(t[.startSettings]) {
                Toggle(t[.settingsSound], isOn: $model.sound)
                Toggle(t[.settingsHaptics], isOn: $model.haptics)
                Toggle(t[.settingsColourBlind], isOn: $model.colourBlindPalette)
                Toggle(t[.settingsThreats], isOn: $model.showThreats)
                Text(t[.settingsThreatsHint])
                    .font(.footnote)
                Text(t.engineVersion())
                    .font(.footnote)
            }
        }
        .confirmationDialog(t[.startConfirmNewGame], isPresented: $model.confirmNewGameShown, titleVisibility: .visible) {
            Button(t[.startConfirm], role: .destructive) { model.send(.confirmNewGame) }
            Button(t[.actionCancel], role: .cancel) { model.send(.cancelNewGame) }
        }
    }
}

/// Wins, losses and draws against each level, for each side.
@MainActor
struct RecordsView: View {
    let model: GameModel

    var body: some View {
        let t = model.texts
        let rows = model.state.records
        List {
            if rows.allSatisfy({ $0.wins + $0.losses + $0.draws == 0 }) {
                Text(t[.recordsNone])
            }
            ForEach(rows) { row in
                Section(row.title) {
                    LabeledContent(t[.recordsWins], value: String(row.wins))
                    LabeledContent(t[.recordsLosses], value: String(row.losses))
                    LabeledContent(t[.recordsDraws], value: String(row.draws))
                }
            }
        }
    }
}

/// The rules of each game, from the core, with the numbers of its variant data.
@MainActor
struct RulesView: View {
    @Bindable var model: GameModel

    var body: some View {
        let t = model.texts
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                Picker(t[.startGame], selection: $model.rulesVariant) {
                    ForEach(Variant.all, id: \.self) { Text(t.variantName(variant: $0)).tag($0) }
                }
                .pickerStyle(.segmented)
                ForEach(model.state.rules.paragraphs, id: \.self) { p in
                    Text(p).font(.body).fixedSize(horizontal: false, vertical: true)
                }
            }
            .padding()
        }
    }
}
#endif
