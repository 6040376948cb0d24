import Foundation
import TaflCore

/// The one interpreter of the core's drawing plans: it maps the plan's units to points and
/// draws each operation on a `PlanCanvas`, in the plan's order. It decides nothing about what
/// is drawn.
public struct PlanPainter {
    /// Plan point p is drawn at origin + p × scale; strokes are multiplied by `stroke`.
    var origin: CGPoint
    var scale: CGSize
    var stroke: CGFloat
    /// Multiplies every colour's alpha (a fading piece).
    var alpha: Double = 1

    /// A chart plan stretched over `size` points (its strokes are already in points).
    public init(chart plan: DrawingPlan, size: CGSize) {
        origin = .zero
        scale = CGSize(width: size.width / CGFloat(plan.width), height: size.height / CGFloat(plan.height))
        stroke = plan.strokesInPoints ? 1 : scale.width
    }

    /// A board plan of `extent` units drawn whole as a square of `side` points.
    public init(boardExtent extent: Float, side: CGFloat) {
        self.init(boardWindow: Window(x: 0, y: 0, side: extent), side: side)
    }

    /// The core's window on a board plan drawn as a square of `side` points (what lies outside
    /// it falls outside the square; the view clips it).
    public init(boardWindow window: Window, side: CGFloat) {
        let s = side / CGFloat(window.side)
        origin = CGPoint(x: -CGFloat(window.x) * s, y: -CGFloat(window.y) * s)
        scale = CGSize(width: s, height: s)
        stroke = s
    }

    public func draw(_ ops: [DrawOp], on canvas: inout some PlanCanvas) {
        for op in ops {
            switch op {
            case let .fillRect(x, y, w, h, colour):
                canvas.fillRect(rect(x, y, w, h), colour: ink(colour))
            case let .strokeRect(x, y, w, h, colour, width):
                canvas.strokeRect(rect(x, y, w, h), colour: ink(colour), width: CGFloat(width) * stroke)
            case let .fillCircle(centre, radius, colour):
                canvas.fillCircle(centre: point(centre), radius: CGFloat(radius) * scale.width, colour: ink(colour))
            case let .strokeCircle(centre, radius, colour, width):
                canvas.strokeCircle(centre: point(centre), radius: CGFloat(radius) * scale.width,
                                    colour: ink(colour), width: CGFloat(width) * stroke)
            case let .line(from, to, colour, width, cap, dash):
                canvas.line(from: point(from), to: point(to), colour: ink(colour), width: CGFloat(width) * stroke,
                            cap: cap, dash: dash?.map { CGFloat($0) * stroke })
            case let .polyline(points, colour, width, cap):
                canvas.polyline(points.map(point), colour: ink(colour), width: CGFloat(width) * stroke, cap: cap)
            case let .fillPolygon(points, colour):
                canvas.fillPolygon(points.map(point), colour: ink(colour))
            case let .text(at, text, size, colour, bold):
                canvas.text(text, at: point(at), size: CGFloat(size) * scale.height, colour: ink(colour), bold: bold)
            }
        }
    }

    /// The board: `under`, `drop`, the pieces (each its kind's glyph at its point), `over`,
    /// then the lifted piece at its scale. While a motion runs, `motion` says which resting
    /// pieces are not drawn and where the moving ones are.
    public func draw(board plan: BoardPlan, motion: MotionFrame? = nil, on canvas: inout some PlanCanvas) {
        draw(plan.under, on: &canvas)
        draw(plan.drop, on: &canvas)
        let hidden = motion?.hidden ?? []
        for p in plan.pieces where !hidden.contains(p.square) {
            glyph(p.piece, plan).map { placed(at: p.at).draw($0, on: &canvas) }
        }
        for s in motion?.moving ?? [] {
            glyph(s.piece, plan).map { placed(at: s.at, alpha: s.alpha).draw($0, on: &canvas) }
        }
        draw(plan.over, on: &canvas)
        if let l = plan.lifted {
            glyph(l.piece, plan).map { placed(at: l.at, scale: l.scale).draw($0, on: &canvas) }
        }
    }

    private func glyph(_ piece: Piece, _ plan: BoardPlan) -> [DrawOp]? {
        plan.glyphs.first { $0.piece == piece }?.ops
    }

    /// This painter for a glyph drawn around `at`, `scale` times its size.
    private func placed(at: Point, scale k: Float = 1, alpha a: Double = 1) -> PlanPainter {
        var p = self
        p.origin = point(at)
        p.scale = CGSize(width: scale.width * CGFloat(k), height: scale.height * CGFloat(k))
        p.stroke = stroke * CGFloat(k)
        p.alpha = alpha * a
        return p
    }

    private func point(_ p: Point) -> CGPoint {
        CGPoint(x: origin.x + CGFloat(p.x) * scale.width, y: origin.y + CGFloat(p.y) * scale.height)
    }

    private func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> CGRect {
        CGRect(origin: point(Point(x: x, y: y)),
               size: CGSize(width: CGFloat(w) * scale.width, height: CGFloat(h) * scale.height))
    }

    private func ink(_ colour: UInt32) -> UInt32 {
        guard alpha < 1 else { return colour }
        let a = (Double(colour >> 24) * max(alpha, 0)).rounded()
        return UInt32(a) << 24 | colour & 0xFF_FFFF
    }
}
