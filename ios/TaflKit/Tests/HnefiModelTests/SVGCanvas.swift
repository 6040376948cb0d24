import Foundation
import HnefiModel
import TaflCore

/// The tests' PlanCanvas: SVG text, which a real renderer (rsvg-convert) turns into pixels for
/// the goldens. Every number is written with two decimals, so that the SVG itself is stable.
struct SVGCanvas: PlanCanvas {
    let width: CGFloat
    let height: CGFloat
    /// The background under the drawing (the screen's colour around the board).
    var background: UInt32 = 0xFFFF_FFFF
    private(set) var body: [String] = []

    init(width: CGFloat, height: CGFloat, background: UInt32 = 0xFFFF_FFFF) {
        self.width = width
        self.height = height
        self.background = background
    }

    var svg: String {
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        s += "viewBox=\"0 0 \(n(width)) \(n(height))\">\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" \(fill(background))/>\n"
        return s + body.joined(separator: "\n") + "\n</svg>\n"
    }

    mutating func fillRect(_ r: CGRect, colour: UInt32) {
        body.append("<rect x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" \(fill(colour))/>")
    }

    mutating func strokeRect(_ r: CGRect, colour: UInt32, width: CGFloat) {
        body.append("<rect x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" fill=\"none\" \(stroke(colour, width))/>")
    }

    mutating func fillCircle(centre: CGPoint, radius: CGFloat, colour: UInt32) {
        body.append("<circle cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"\(n(radius))\" \(fill(colour))/>")
    }

    mutating func strokeCircle(centre: CGPoint, radius: CGFloat, colour: UInt32, width: CGFloat) {
        body.append("<circle cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"\(n(radius))\" fill=\"none\" \(stroke(colour, width))/>")
    }

    mutating func line(from: CGPoint, to: CGPoint, colour: UInt32, width: CGFloat, cap: Cap, dash: [CGFloat]?) {
        let d = dash.map { " stroke-dasharray=\"\($0.map(n).joined(separator: " "))\"" } ?? ""
        body.append("<line x1=\"\(n(from.x))\" y1=\"\(n(from.y))\" x2=\"\(n(to.x))\" y2=\"\(n(to.y))\" \(stroke(colour, width)) stroke-linecap=\"\(capName(cap))\"\(d)/>")
    }

    mutating func polyline(_ points: [CGPoint], colour: UInt32, width: CGFloat, cap: Cap) {
        body.append("<polyline points=\"\(list(points))\" fill=\"none\" \(stroke(colour, width)) stroke-linecap=\"\(capName(cap))\" stroke-linejoin=\"round\"/>")
    }

    mutating func fillPolygon(_ points: [CGPoint], colour: UInt32) {
        body.append("<polygon points=\"\(list(points))\" \(fill(colour))/>")
    }

    /// Centred on `at`: the middle of the text's width, and a baseline 0.36 em below the
    /// point, which centres DejaVu Sans' capitals and figures.
    mutating func text(_ text: String, at: CGPoint, size: CGFloat, colour: UInt32, bold: Bool) {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        body.append("<text x=\"\(n(at.x))\" y=\"\(n(at.y + size * 0.36))\" font-family=\"DejaVu Sans\" font-size=\"\(n(size))\" font-weight=\"\(bold ? "bold" : "normal")\" text-anchor=\"middle\" \(fill(colour))>\(escaped)</text>")
    }

    private func n(_ v: CGFloat) -> String { String(format: "%.2f", Double(v)) }

    private func list(_ ps: [CGPoint]) -> String { ps.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") }

    private func rgb(_ c: UInt32) -> String { String(format: "#%06x", Int(c & 0xFF_FFFF)) }

    private func alpha(_ c: UInt32) -> String { String(format: "%.3f", Double(c >> 24) / 255) }

    private func fill(_ c: UInt32) -> String { "fill=\"\(rgb(c))\" fill-opacity=\"\(alpha(c))\"" }

    private func stroke(_ c: UInt32, _ w: CGFloat) -> String {
        "stroke=\"\(rgb(c))\" stroke-opacity=\"\(alpha(c))\" stroke-width=\"\(n(w))\""
    }

    private func capName(_ cap: Cap) -> String {
        switch cap {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }
}
