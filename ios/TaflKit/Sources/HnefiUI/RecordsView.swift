#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// Wins, losses and draws against each level, for each side.
@MainActor
struct RecordsView: View {
    let model: GameModel

    var body: some View {
        let t = model.texts
        let rows = model.state.records
        List {
            if rows.allSatisfy({ $0.wins + $0.losses + $0.draws == 0 }) {
                Text(t[.noRecords])
            }
            ForEach([Level.easy, .normal, .hard], id: \.self) { level in
                Section(t.level(level)) {
                    ForEach(rows.filter { $0.level == level }, id: \.side) { row in
                        VStack(alignment: .leading, spacing: 4) {
                            Text(t.playSide(row.side)).font(.headline)
                            Text("\(t[.wins]) \(row.wins) · \(t[.losses]) \(row.losses) · \(t[.draws]) \(row.draws)")
                                .font(.body)
                        }
                        .accessibilityElement(children: .combine)
                    }
                }
            }
        }
    }
}

/// The rules of each game, in the app's own words.
@MainActor
struct RulesView: View {
    @Bindable var model: GameModel

    var body: some View {
        let t = model.texts
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                Picker(t[.variant], selection: $model.rulesVariant) {
                    ForEach([Variant.copenhagen, .brandubh, .tablut], id: \.self) { Text(t.variant($0)).tag($0) }
                }
                .pickerStyle(.segmented)
                ForEach(RulesText.paragraphs(model.state.rulesVariant, t.language), id: \.self) { p in
                    Text(p).font(.body).fixedSize(horizontal: false, vertical: true)
                }
            }
            .padding()
        }
    }
}
#endif
