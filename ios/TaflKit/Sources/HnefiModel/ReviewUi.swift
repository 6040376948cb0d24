import TaflCore

/// A finished or pasted game under review: the board at one ply, the moves, and the engine's
/// judgement as far as it is known.
public struct ReviewUi: Equatable, Sendable {
    public let info: ReviewInfo
    /// Opened from the history (Back returns there), or pasted (Back returns to the import).
    public let fromHistory: Bool
    /// The game as OpenTafl text, to share.
    public let otn: String
    public var frame: ReviewFrame
    public var moves: [ReviewMove]
    /// The defenders' chance at each position (index 0 is the start); nil until analysed.
    public var chances: [Double?]
    /// The three biggest swings, biggest first, once the analysis is complete.
    public var swings: [SwingUi]
    public var analysing: Bool
    /// The whole game is judged and its swings are known.
    public var analysisComplete: Bool
    /// Positions judged so far.
    public var analysed: Int
    /// "Analysing… 40 %", while it runs.
    public var progressText: String?
    /// The chart's value at the shown ply, for screen readers.
    public var chartValue: String?

    public var ply: Int { Int(frame.ply) }
    public var total: Int { Int(info.plies) }
    public var board: BoardUi { BoardUi(frame) }
    public var progress: Double { chances.isEmpty ? 0 : Double(analysed) / Double(chances.count) }
    public var canGoBack: Bool { ply > 0 }
    public var canGoForward: Bool { ply < total }
}

/// One move of the list under the review's board.
public struct ReviewMove: Equatable, Sendable, Identifiable {
    /// 1 is the first move.
    public let ply: Int
    public let notation: String
    /// The swing's words ("Move 12, d1-d3: …. Better: …") when this move is one of the biggest.
    public let swing: String?
    public var id: Int { ply }
}

/// One of the biggest swings, with its words.
public struct SwingUi: Equatable, Sendable, Identifiable {
    public let ply: Int
    public let text: String
    public let better: MoveView?
    public var id: Int { ply }
}
