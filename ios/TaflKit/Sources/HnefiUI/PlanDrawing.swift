#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// The plan interpreter's canvas on iOS: SwiftUI's graphics context.
struct ContextCanvas: PlanCanvas {
    let context: GraphicsContext

    func fillRect(_ rect: CGRect, colour: UInt32) {
        context.fill(Path(rect), with: .color(Color(argb: colour)))
    }

    func strokeRect(_ rect: CGRect, colour: UInt32, width: CGFloat) {
        context.stroke(Path(rect), with: .color(Color(argb: colour)), lineWidth: width)
    }

    func fillCircle(centre: CGPoint, radius: CGFloat, colour: UInt32) {
        context.fill(Path(ellipseIn: circle(centre, radius)), with: .color(Color(argb: colour)))
    }

    func strokeCircle(centre: CGPoint, radius: CGFloat, colour: UInt32, width: CGFloat) {
        context.stroke(Path(ellipseIn: circle(centre, radius)), with: .color(Color(argb: colour)), lineWidth: width)
    }

    func line(from: CGPoint, to: CGPoint, colour: UInt32, width: CGFloat, cap: Cap, dash: [CGFloat]?) {
        var path = Path()
        path.move(to: from)
        path.addLine(to: to)
        context.stroke(path, with: .color(Color(argb: colour)),
                       style: StrokeStyle(lineWidth: width, lineCap: cap.lineCap, dash: dash ?? []))
    }

    func polyline(_ points: [CGPoint], colour: UInt32, width: CGFloat, cap: Cap) {
        var path = Path()
        path.addLines(points)
        context.stroke(path, with: .color(Color(argb: colour)),
                       style: StrokeStyle(lineWidth: width, lineCap: cap.lineCap, lineJoin: .round))
    }

    func fillPolygon(_ points: [CGPoint], colour: UInt32) {
        var path = Path()
        path.addLines(points)
        path.closeSubpath()
        context.fill(path, with: .color(Color(argb: colour)))
    }

    func text(_ text: String, at: CGPoint, size: CGFloat, colour: UInt32, bold: Bool) {
        context.draw(Text(text).font(.system(size: size, weight: bold ? .bold : .regular))
            .foregroundStyle(Color(argb: colour)), at: at, anchor: .center)
    }

    private func circle(_ c: CGPoint, _ r: CGFloat) -> CGRect {
        CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
    }
}

extension Cap {
    var lineCap: CGLineCap {
        switch self {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }
}

/// The review's chart: the core's plan stretched over the width; a tap picks the position.
struct ChartPanel: View {
    let chart: ChartView
    let send: Send

    var body: some View {
        GeometryReader { geo in
            Canvas { context, size in
                var canvas = ContextCanvas(context: context)
                PlanPainter(chart: chart.plan, size: size).draw(chart.plan.ops, on: &canvas)
            }
            // A tap, never a drag: the chart sits in a scroll view that must keep its scrolling.
            .onTapGesture(coordinateSpace: .local) { location in
                send(.chartTouch(fraction: PlanScale.fraction(location.x, width: geo.size.width)))
            }
        }
        .frame(height: 120)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(chart.title)
        .accessibilityValue(chart.value ?? "")
    }
}
#endif
