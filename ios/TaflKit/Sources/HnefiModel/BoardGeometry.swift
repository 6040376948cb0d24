import TaflCore

// Where the board's squares lie in its drawing area, as docs/design.md ("Grid") says and the
// Android app's BoardGeometry computes: a frame `frame_stroke` squares wide all round, then the
// n × n squares. The painter, the touches and the VoiceOver squares all place the board with
// this one value, so what is drawn, what is touched and what is read stay on the same squares.

public struct BoardGeometry: Equatable, Sendable {
    /// Squares on a side.
    public let size: Int
    /// The side of a square in points: the frame takes `frame_stroke` of a square on each side.
    public let s: Double
    /// How far the first square's top-left corner lies from the drawing's, across and down:
    /// the width of the frame.
    public let origin: Double

    /// The geometry of a board of `size` squares drawn on a square of `side` points.
    public init(size: Int, side: Double, metrics: BoardMetrics) {
        let frameStroke = Double(metrics.frameStroke)
        self.size = max(size, 0)
        let units = Double(self.size) + 2 * frameStroke
        s = units > 0 && side > 0 ? side / units : 0
        origin = frameStroke * s
    }

    /// The box of the square at `column` (from the left) and `row` (from the top).
    public func box(column: Int, row: Int) -> Box {
        Box(x: origin + Double(column) * s, y: origin + Double(row) * s, width: s, height: s)
    }

    /// The box of a square: the top rank is the top row.
    public func box(_ sq: Sq) -> Box { box(column: sq.file, row: size - 1 - sq.rank) }

    public func centre(_ sq: Sq) -> Point { box(sq).centre }

    /// The n × n squares together, inside the frame.
    public var squares: Box {
        Box(x: origin, y: origin, width: Double(size) * s, height: Double(size) * s)
    }

    /// A position measured in squares from the first square's top-left corner (as a moving
    /// piece's sprite holds it), in points of the drawing.
    public func point(columns x: Double, rows y: Double) -> Point {
        Point(origin + x * s, origin + y * s)
    }

    /// The square under a point of the drawing, or nil off the squares (the frame included).
    public func square(at p: Point) -> Sq? {
        guard s > 0 else { return nil }
        let column = ((p.x - origin) / s).rounded(.down)
        let row = ((p.y - origin) / s).rounded(.down)
        let n = Double(size)
        // Checked as Doubles first: a point far off (or not a number) never becomes an Int.
        guard column >= 0, column < n, row >= 0, row < n else { return nil }
        return Sq(file: Int(column), rank: size - 1 - Int(row))
    }
}
