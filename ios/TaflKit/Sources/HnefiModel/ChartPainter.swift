import TaflCore

// The review's chart: the defenders' chance at every position of the game, from the start
// (left) to the end (right), 1 at the top. Points are drawn as the analysis finds them; gaps
// stay open. The three biggest swings are marked, and so is the position on the board.

public enum ChartLayer: Int, Comparable, Sendable {
    case grid = 1, area, line, mistake, current

    public static func < (a: ChartLayer, b: ChartLayer) -> Bool { a.rawValue < b.rawValue }
}

public typealias ChartOp = DrawOp<ChartLayer>

public struct ChartPainter: Sendable {
    public let chrome: ChromeColours
    /// Strokes in points.
    public let lineWidth: Double

    public init(chrome: ChromeColours, lineWidth: Double = 2) {
        self.chrome = chrome
        self.lineWidth = lineWidth
    }

    /// `chances[i]` is the defenders' chance after ply i (nil: not known yet); `swings` are
    /// plies to mark; `current` is the ply on the board.
    public func paint(chances: [Double?], swings: [Int], current: Int, width: Double, height: Double) -> [ChartOp] {
        guard width > 0, height > 0, !chances.isEmpty else { return [] }
        let n = chances.count
        func x(_ i: Int) -> Double { n == 1 ? width / 2 : Double(i) / Double(n - 1) * width }
        func y(_ c: Double) -> Double { (1 - min(max(c, 0), 1)) * height }
        var ops: [ChartOp] = []
        for level in [0.0, 0.5, 1.0] {
            ops.append(ChartOp(.grid, .lines([Point(0, y(level)), Point(width, y(level))]),
                               .stroke(chrome.chartGrid, width: lineWidth / 2)))
        }
        let lines = runs(chances).map { run in run.map { Point(x($0), y(chances[$0] ?? 0)) } }
        for points in lines {
            let area = [Point(points[0].x, height)] + points + [Point(points[points.count - 1].x, height)]
            ops.append(ChartOp(.area, .polygon(area), .fill(chrome.chartArea)))
        }
        for points in lines {
            if points.count > 1 {
                ops.append(ChartOp(.line, .polyline(points), .stroke(chrome.chartLine, width: lineWidth)))
            } else {
                ops.append(ChartOp(.line, .circle(centre: points[0], radius: lineWidth), .fill(chrome.chartLine)))
            }
        }
        for ply in swings where ply >= 0 && ply < n {
            ops.append(ChartOp(.mistake, .lines([Point(x(ply), 0), Point(x(ply), height)]),
                               .stroke(chrome.chartMistake, width: lineWidth * 0.75)))
            if let c = chances[ply] {
                ops.append(ChartOp(.mistake, .circle(centre: Point(x(ply), y(c)), radius: lineWidth * 2.5),
                                   .fill(chrome.chartMistake)))
            }
        }
        if current >= 0 && current < n {
            ops.append(ChartOp(.current, .lines([Point(x(current), 0), Point(x(current), height)]),
                               .stroke(chrome.outline, width: lineWidth / 2)))
        }
        return ops
    }

    /// The runs of consecutive known points, as index lists.
    func runs(_ chances: [Double?]) -> [[Int]] {
        var out: [[Int]] = []
        var run: [Int] = []
        for (i, c) in chances.enumerated() {
            if c != nil {
                run.append(i)
            } else if !run.isEmpty {
                out.append(run)
                run = []
            }
        }
        if !run.isEmpty { out.append(run) }
        return out
    }
}
