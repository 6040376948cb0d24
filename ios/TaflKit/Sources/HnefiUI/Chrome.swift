#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

// The pieces every screen shares: the core's colours, its buttons, and the scene's phase in
// the model's terms.

extension Color {
    /// A colour of the core's look (0xAARRGGBB).
    init(argb: UInt32) {
        let c = Argb(argb)
        self.init(.sRGB, red: c.red, green: c.green, blue: c.blue, opacity: c.alpha)
    }
}

/// Sends an event to the model.
typealias Send = @MainActor @Sendable (Event) -> Void

/// A button of the frame: its words, its state, its event.
struct FrameButton: View {
    let button: ButtonView
    let send: Send
    var wide = false

    var body: some View {
        let b = Button {
            send(button.event)
        } label: {
            Text(button.label).frame(maxWidth: wide ? .infinity : nil)
        }
        .disabled(!button.enabled)
        // The core's id: UI tests find the button by it, whatever the phone's language.
        .accessibilityIdentifier(button.id)
        if button.primary {
            b.buttonStyle(.borderedProminent)
        } else {
            b.buttonStyle(.bordered)
        }
    }
}

/// Buttons side by side when they fit; else as few rows as fit, as even as they can be (four
/// as two and two), as on Android; else one a row (HnefiModel's `ButtonRows`).
struct ButtonRow: View {
    let buttons: [ButtonView]
    let send: Send

    var body: some View {
        ViewThatFits(in: .horizontal) {
            ForEach(Array(ButtonRows.candidates(count: buttons.count).enumerated()), id: \.offset) { _, rows in
                VStack(spacing: 8) {
                    ForEach(Array(rows.enumerated()), id: \.offset) { _, row in
                        HStack(spacing: 8) {
                            ForEach(row, id: \.self) { FrameButton(button: buttons[$0], send: send, wide: true) }
                        }
                    }
                }
            }
        }
    }
}

/// A screen's top line: its back button and title, small, so that the board keeps its room.
struct TitleBar: View {
    let title: String
    let back: ButtonView?
    var trailing: ButtonView?
    let send: Send

    var body: some View {
        HStack {
            if let back { FrameButton(button: back, send: send) }
            Text(title).font(.headline).accessibilityAddTraits(.isHeader).frame(maxWidth: .infinity)
            if let trailing { FrameButton(button: trailing, send: send) }
        }
        .padding(.horizontal)
    }
}

/// A question of the core as a modal alert. Its words are the open question's from the first
/// frame that has it, and stay the last shown while the alert goes away (HnefiModel's
/// QuestionHold), so that they never change under the person's eyes.
struct QuestionAlert: ViewModifier {
    let question: QuestionView?
    let send: Send
    @State private var hold = QuestionHold()

    func body(content: Content) -> some View {
        let shown = hold.shown(question)
        // One answer a showing: a button's own, or the cancel of a dismissal without one; the
        // system's closing of the alert after a button is no second answer (QuestionHold).
        return content
            .alert(shown?.title ?? "", isPresented: Binding(get: { question != nil }, set: { @MainActor open in
                if !open, let event = hold.dismissed() { send(event) }
            })) {
                if let q = shown {
                    Button(q.confirm.label, role: .destructive) { if let e = hold.answer(confirm: true) { send(e) } }
                    Button(q.cancel.label, role: .cancel) { if let e = hold.answer(confirm: false) { send(e) } }
                }
            } message: {
                Text(shown?.text ?? "")
            }
            .onChange(of: question, initial: true) {
                hold.remember(question)
            }
    }
}

extension AppModel.Phase {
    init(_ phase: ScenePhase) {
        switch phase {
        case .active: self = .active
        case .inactive: self = .inactive
        case .background: self = .background
        @unknown default: self = .inactive
        }
    }
}
#endif
