#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

// The core's colours as SwiftUI colours, and the painters' instructions drawn into a Canvas.
// Nothing is decided here: BoardPainter and ChartPainter (HnefiModel) say what goes where.

extension Color {
    /// A colour of the core's design tokens (0xAARRGGBB).
    init(argb: Argb) {
        self.init(.sRGB, red: argb.red, green: argb.green, blue: argb.blue, opacity: argb.alpha)
    }
}

extension Theme {
    /// The theme the system asks for.
    init(_ scheme: ColorScheme) {
        self = scheme == .dark ? .dark : .light
    }
}

extension CGPoint {
    init(_ p: HnefiModel.Point) {
        self.init(x: p.x, y: p.y)
    }
}

extension HnefiModel.Point {
    init(_ p: CGPoint) {
        self.init(Double(p.x), Double(p.y))
    }
}

extension CGRect {
    init(_ b: Box) {
        self.init(x: b.x, y: b.y, width: b.width, height: b.height)
    }
}

extension Path {
    init(_ shape: DrawShape) {
        var path = Path()
        switch shape {
        case let .rect(b):
            path.addRect(CGRect(b))
        case let .circle(c, r):
            path.addEllipse(in: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        case let .lines(points):
            for i in stride(from: 0, to: points.count - 1, by: 2) {
                path.move(to: CGPoint(points[i]))
                path.addLine(to: CGPoint(points[i + 1]))
            }
        case let .polyline(points):
            path.addLines(points.map { CGPoint($0) })
        case let .polygon(points):
            path.addLines(points.map { CGPoint($0) })
            path.closeSubpath()
        }
        self = path
    }
}

extension GraphicsContext {
    /// Draws the painter's instructions in their order.
    func draw<Layer>(_ ops: [DrawOp<Layer>]) {
        for op in ops {
            var context = self
            if let clip = op.clip {
                context.clip(to: Path(CGRect(clip)))
            }
            let path = Path(op.shape)
            switch op.ink {
            case let .fill(colour):
                context.fill(path, with: .color(Color(argb: colour)))
            case let .stroke(colour, width):
                context.stroke(path, with: .color(Color(argb: colour)),
                               style: StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round))
            }
        }
    }
}
#endif
