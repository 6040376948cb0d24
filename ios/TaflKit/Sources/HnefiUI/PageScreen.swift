#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// The start screen and the menu's screens: the core's items, top to bottom.
struct PageScreen: View {
    let page: PageView
    let look: Look
    let send: Send
    /// The import page's text field has the keyboard.
    @FocusState private var typing: Bool

    private var hasTextField: Bool {
        page.items.contains { if case .textField = $0 { true } else { false } }
    }

    var body: some View {
        VStack(spacing: 0) {
            TitleBar(title: page.title, back: page.back, send: send)
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    ForEach(Array(page.items.enumerated()), id: \.offset) { _, item in
                        PageItemView(item: item, look: look, send: send, typing: $typing)
                    }
                }
                .padding()
                // The import page's keyboard goes down at a tap beside the text field (its
                // Return is a new line of the game's text, so it cannot close the keyboard), as
                // it does when the page is scrolled. The page's buttons keep their own taps.
                .frame(maxWidth: .infinity, alignment: .leading)
                .contentShape(Rectangle())
                .gesture(hasTextField ? SpatialTapGesture().onEnded { _ in typing = false } : nil)
            }
            .scrollDismissesKeyboard(.interactively)
            // A new identity for each page, so that each opens at its top instead of where the
            // previous page was scrolled to.
            .id(page.kind)
        }
        .modifier(QuestionAlert(question: page.question, send: send))
    }
}

struct PageItemView: View {
    let item: PageItem
    let look: Look
    let send: Send
    let typing: FocusState<Bool>.Binding

    var body: some View {
        switch item {
        case let .heading(text):
            Text(text).font(.title2).accessibilityAddTraits(.isHeader)
        case let .paragraph(text):
            Text(text)
        case let .caption(text):
            Text(text).font(.caption).foregroundStyle(Color(argb: look.chrome.onSurfaceMuted))
        case let .choices(group):
            ChoiceList(group: group, look: look, send: send)
        case let .toggle(t):
            Toggle(isOn: Binding(get: { t.on }, set: { @MainActor on in send(.setSetting(setting: t.setting, on: on)) })) {
                VStack(alignment: .leading) {
                    Text(t.title)
                    if let detail = t.detail { Text(detail).font(.caption) }
                }
            }
        case let .button(b):
            FrameButton(button: b, send: send, wide: true)
        case let .buttons(buttons):
            ButtonRow(buttons: buttons, send: send)
        case let .table(table):
            TableGrid(table: table)
        case let .board(board, small):
            // A board to look at, centred: a thumbnail in the game picker, never larger than
            // a phone's on the rules page.
            BoardPanel(board: board, look: look, motionStart: nil, send: send, readAsOne: true)
                .frame(maxWidth: small ? 200 : 360)
                .frame(maxWidth: .infinity)
        case let .entry(e):
            Button { send(e.event) } label: {
                VStack(alignment: .leading) {
                    Text(e.title)
                    Text(e.detail).font(.caption).foregroundStyle(Color(argb: look.chrome.onSurfaceMuted))
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
            .accessibilityLabel(e.label)
        case let .textField(field):
            // The one text field is the import's: what is typed goes to the core at once.
            VStack(alignment: .leading) {
                Text(field.label).font(.caption)
                TextEditor(text: Binding(get: { field.text }, set: { @MainActor text in send(.importText(text: text)) }))
                    .frame(minHeight: 160)
                    .focused(typing)
                    .accessibilityLabel(field.label)
            }
        case let .error(text):
            Text(text).foregroundStyle(Color(argb: look.chrome.error))
        }
    }
}

/// A group of which exactly one is chosen, read by VoiceOver as buttons, the chosen one
/// selected.
struct ChoiceList: View {
    let group: ChoiceGroup
    let look: Look
    let send: Send

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(group.title).font(.headline)
            ForEach(group.choices, id: \.id) { choice in
                Button { send(choice.event) } label: {
                    HStack {
                        ZStack {
                            Circle().strokeBorder(Color(argb: look.chrome.outline), lineWidth: 2)
                            if choice.selected { Circle().fill(Color(argb: look.chrome.primary)).padding(5) }
                        }
                        .frame(width: 22, height: 22)
                        Text(choice.label)
                    }
                }
                .accessibilityAddTraits(choice.selected ? .isSelected : [])
            }
        }
        .accessibilityElement(children: .contain)
    }
}

/// A table with its header; each row is read as the core's sentence.
struct TableGrid: View {
    let table: TableView

    var body: some View {
        Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 6) {
            GridRow { ForEach(Array(table.header.enumerated()), id: \.offset) { Text($1).font(.headline) } }
                .accessibilityHidden(true)
            ForEach(table.rows, id: \.id) { row in
                GridRow { ForEach(Array(row.cells.enumerated()), id: \.offset) { Text($1) } }
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(row.label)
            }
        }
    }
}
#endif
