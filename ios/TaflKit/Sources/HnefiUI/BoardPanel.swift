#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// The board: the core's window on its plan drawn in a canvas as the largest square that fits,
/// its motion played, touches sent in plan units, a pinch sent as zoom steps, and each square a
/// VoiceOver element, row by row (`BoardReading`).
struct BoardPanel: View {
    let board: BoardView
    let look: Look
    /// When the board's motion began (nil: none to play).
    let motionStart: Date?
    let send: Send
    /// Read by VoiceOver as one element, the core's summary (a page's diagram).
    var readAsOne = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// True while a drag is under way; SwiftUI resets it when the touch ends or is cancelled.
    @GestureState private var dragging = false
    /// The drag as the core's touch events (HnefiModel's BoardDrag): a reset of `dragging`
    /// without an end is a cancel.
    @State private var drag = BoardDrag()
    @State private var pinch = BoardPinch()
    /// True while two fingers pinch: the first finger's drag is not a drag then.
    @GestureState private var pinching = false
    @State private var animating = false

    var body: some View {
        GeometryReader { geo in
            let side = min(geo.size.width, geo.size.height)
            let scale = PlanScale(window: board.window, side: side)
            ZStack(alignment: .topLeading) {
                TimelineView(.animation(paused: !animating)) { timeline in
                    Canvas { context, _ in
                        var canvas = ContextCanvas(context: context)
                        PlanPainter(boardWindow: board.window, side: side)
                            .draw(board: board.plan, motion: motion(at: timeline.date), on: &canvas)
                    }
                }
                .accessibilityHidden(true)
                // A view of its own, redrawn only when the squares or the window change: a
                // drag step, a motion's frame or a lifted piece leave its up to 361 elements
                // alone (issue 45, item 9).
                BoardSquares(squares: board.squares, window: board.window, side: side,
                             readAsOne: readAsOne, send: send)
                    .equatable()
                    .allowsHitTesting(false)
            }
            .frame(width: side, height: side)
            .clipped()
            .contentShape(Rectangle())
            // The review's board takes no touch at all: it sits in a scroll view.
            .gesture(board.interactive ? touches(scale) : nil)
            .simultaneousGesture(board.interactive ? magnify(scale) : nil)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
        .aspectRatio(1, contentMode: .fit)
        // A page's board to look at (the start page's diagram, the rules' position) is one
        // element read as the core's summary, not 49 to 361 squares; a board to play or to
        // review is its squares, row by row.
        .accessibilityElement(children: readAsOne ? .ignore : .contain)
        .accessibilityLabel(board.label)
        .task(id: motionStart) {
            guard let m = board.motion, motionStart != nil, !reduceMotion else { return }
            animating = true
            try? await Task.sleep(nanoseconds: UInt64(BoardMotion.durationMs(m) * 1e6))
            animating = false
        }
        .onChange(of: dragging) {
            guard !dragging else { return }
            // Reset without an end: the system cancelled the touch. Checked a turn later, as
            // the end (if any) comes in the same turn as the reset.
            Task { @MainActor in
                for event in drag.reset() { send(event) }
            }
        }
    }

    /// A tap, or else a drag once the finger has moved past the system's touch slop. While
    /// dragging, the point sent is where the piece is drawn: above the finger.
    private func touches(_ scale: PlanScale) -> some Gesture {
        let lift = CGFloat(look.motion.dragLiftDp)
        let tap = SpatialTapGesture().onEnded { send(.touch(phase: .tap, at: scale.plan($0.location))) }
        let dragGesture = DragGesture()
            .updating($dragging) { _, state, _ in state = true }
            .onChanged { value in
                guard !pinching else { return }
                let events = drag.changed(start: scale.plan(value.startLocation),
                                          at: scale.plan(value.location, liftPoints: lift))
                for event in events { send(event) }
            }
            .onEnded { value in
                for event in drag.ended(at: scale.plan(value.location, liftPoints: lift)) { send(event) }
            }
        return tap.exclusively(before: dragGesture)
    }

    /// Two fingers: the core zooms by each step. A drag the first finger began is cancelled,
    /// so that no piece stays lifted under a pinch.
    private func magnify(_ scale: PlanScale) -> some Gesture {
        MagnifyGesture()
            .updating($pinching) { _, state, _ in state = true }
            .onChanged { value in
                for event in drag.reset() { send(event) }
                if let step = pinch.changed(magnification: value.magnification, anchor: value.startLocation, scale: scale) {
                    send(step)
                }
            }
            .onEnded { _ in pinch.ended() }
    }

    private func motion(at date: Date) -> MotionFrame? {
        guard let m = board.motion, let start = motionStart, !reduceMotion else { return nil }
        return BoardMotion.frame(m, resting: board.plan.pieces, elapsedMs: date.timeIntervalSince(start) * 1000)
    }
}
/// The board's squares as VoiceOver elements, row by row, each row's first square a heading
/// (HnefiModel's `BoardReading`); none for a page's diagram, which is read as one.
struct BoardSquares: View, Equatable {
    let squares: [SquareNode]
    let window: Window
    let side: CGFloat
    let readAsOne: Bool
    let send: Send

    var body: some View {
        let scale = PlanScale(window: window, side: side)
        let reading = BoardReading.of(squares: squares, onPage: readAsOne)
        ZStack(alignment: .topLeading) {
            ForEach(reading.elements) { element in
                let square = element.square
                let r = scale.square(x: square.x, y: square.y)
                Color.clear
                    .frame(width: r.width, height: r.height)
                    .position(x: r.midX, y: r.midY)
                    .accessibilityElement()
                    .accessibilityLabel(square.label)
                    .accessibilityIdentifier(square.name)
                    .accessibilityAddTraits(square.actionable ? .isButton : [])
                    .accessibilityAddTraits(element.heading ? .isHeader : [])
                    .accessibilityAction { send(.activateSquare(square: square.square)) }
            }
        }
        .frame(width: side, height: side, alignment: .topLeading)
    }

    nonisolated static func == (a: BoardSquares, b: BoardSquares) -> Bool {
        a.squares == b.squares && a.window == b.window && a.side == b.side && a.readAsOne == b.readAsOne
    }
}
#endif
