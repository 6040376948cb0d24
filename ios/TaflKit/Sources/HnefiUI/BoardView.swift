#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// The board: drawn by BoardPainter into a Canvas, the pieces moving as the latest event's
/// motion says, touched by tap or drag, and read square by square by VoiceOver.
///
/// Motion never holds input: a touch during a slide acts on the snapshot at once, and a new
/// event ends the old motion. At rest the Canvas draws exactly the snapshot.
@MainActor
struct BoardView: View {
    let board: BoardUi
    /// The event whose motion to play (nil: nothing moves).
    let event: BoardEvent?
    let look: Look
    let showThreats: Bool
    /// What VoiceOver says for the whole board.
    let label: String
    /// Taps and drags reach the model (the game); without it the board only shows (review).
    let send: (@MainActor (UiEvent) -> Void)?

    /// When the current event's motion began, while it runs.
    @State private var motionStart: Date?
    @State private var drag: Finger?

    /// A touch being dragged: the square it began on and where the finger is.
    private struct Finger: Equatable {
        let from: Sq
        var at: HnefiModel.Point
    }

    var body: some View {
        GeometryReader { geo in
            let side = Double(min(geo.size.width, geo.size.height))
            let geometry = BoardGeometry(size: board.size, side: side, metrics: look.metrics)
            let touch = BoardTouch(geometry: geometry, lift: Double(look.motion.dragLiftDp))
            ZStack(alignment: .topLeading) {
                TimelineView(.animation(minimumInterval: nil, paused: motionStart == nil)) { context in
                    Canvas { gc, size in
                        let painter = BoardPainter(look: look, showThreats: showThreats)
                        gc.draw(painter.paint(board, sprites: sprites(at: context.date), side: Double(size.width),
                                              drag: lifted(touch)))
                    }
                }
                .accessibilityHidden(true)
                squares(geometry)
            }
            .frame(width: side, height: side)
            .contentShape(Rectangle())
            .gesture(dragGesture(touch), including: send == nil ? .subviews : .all)
        }
        .aspectRatio(1, contentMode: .fit)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(label)
        .onChange(of: event) { _, new in
            motionStart = new?.motion == nil ? nil : Date()
        }
        .task(id: event?.id) {
            // The motion's time is up: the Canvas stops redrawing and shows the snapshot.
            guard let motion = event?.motion else { return }
            try? await Task.sleep(nanoseconds: UInt64(motion.durationMs) * 1_000_000)
            if !Task.isCancelled { motionStart = nil }
        }
    }

    /// The pieces for a frame drawn at `date`.
    private func sprites(at date: Date) -> [PieceSprite] {
        guard let motion = event?.motion, let start = motionStart else { return BoardMotion.resting(board) }
        return motion.sprites(resting: board, at: date.timeIntervalSince(start) * 1000)
    }

    /// The piece lifted above the finger, once the model has picked it up.
    private func lifted(_ touch: BoardTouch) -> BoardDrag? {
        guard let drag, board.square(drag.from)?.selected == true else { return nil }
        return touch.drag(from: drag.from, finger: drag.at)
    }

    private func dragGesture(_ touch: BoardTouch) -> some Gesture {
        DragGesture(minimumDistance: 0)
            .onChanged { value in
                let start = HnefiModel.Point(value.startLocation)
                let now = HnefiModel.Point(value.location)
                if drag != nil {
                    drag?.at = now
                } else if touch.isDrag(from: start, to: now), let from = touch.square(at: start),
                          let event = touch.dragStarted(at: start) {
                    drag = Finger(from: from, at: now)
                    send?(event)
                }
            }
            .onEnded { value in
                let event = touch.ended(start: HnefiModel.Point(value.startLocation),
                                        end: HnefiModel.Point(value.location), dragged: drag != nil)
                drag = nil
                if let event { send?(event) }
            }
    }

    /// A square of the game is a button; the review's squares are only read.
    private func traits(_ square: SquareView) -> AccessibilityTraits {
        let traits: AccessibilityTraits = send == nil ? .isStaticText : .isButton
        return square.selected ? traits.union(.isSelected) : traits
    }

    /// One element per square for VoiceOver, with the core's label; activating it taps it.
    /// Each lies on its drawn square: inside the frame, a square's side apart.
    private func squares(_ geometry: BoardGeometry) -> some View {
        let cell = geometry.s
        return VStack(spacing: 0) {
            ForEach(Array(board.rows.enumerated()), id: \.offset) { _, row in
                HStack(spacing: 0) {
                    ForEach(row) { square in
                        Color.clear
                            .frame(width: cell, height: cell)
                            .accessibilityElement()
                            .accessibilityLabel(square.label)
                            .accessibilityAddTraits(traits(square))
                            .accessibilityAction { send?(.squareTapped(square.sq)) }
                    }
                }
            }
        }
        // The frame's margin on every side: the squares start at the geometry's origin.
        .padding(geometry.origin)
    }
}
#endif
