import TaflCore

/// What a modal question (an alert) shows: the frame's question while it is open, from the
/// first frame that has it; once the frame has none, the one last shown, while the alert
/// animates away. Its title and words therefore never change under the person's eyes: not
/// while it opens (no empty title for a moment) and not while it closes.
public struct QuestionHold: Equatable, Sendable {
    /// The question last shown.
    public private(set) var last: QuestionView?

    public init() {}

    /// What to show for the frame's `question`.
    public func shown(_ question: QuestionView?) -> QuestionView? {
        question ?? last
    }

    /// Called when the frame's question changes.
    public mutating func remember(_ question: QuestionView?) {
        if let question { last = question }
    }
}
