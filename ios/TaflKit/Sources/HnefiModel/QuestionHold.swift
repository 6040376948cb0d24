import TaflCore

/// A modal question of the core (an alert) as the platform shows it.
///
/// Its words: the frame's question while it is open, from the first frame that has it; once the
/// frame has none, the one last shown, while the alert animates away. Its title and words
/// therefore never change under the person's eyes: not while it opens (no empty title for a
/// moment) and not while it closes.
///
/// Its answer: exactly one event a showing. A button's own action sends the button's event;
/// the system then closes the alert, which is no second answer. A dismissal without a button
/// (the system's, or a tap outside on an iPad) sends the question's cancel. A new showing of
/// the same question (a second resign) is answered afresh.
public struct QuestionHold: Equatable, Sendable {
    /// The question last shown.
    public private(set) var last: QuestionView?
    /// The frame has a question now.
    private var open = false
    /// The showing on screen has had its answer.
    private var answered = false

    public init() {}

    /// What to show for the frame's `question`.
    public func shown(_ question: QuestionView?) -> QuestionView? {
        question ?? last
    }

    /// Called when the frame's question changes.
    public mutating func remember(_ question: QuestionView?) {
        if let question {
            if !open { answered = false }
            last = question
        }
        open = question != nil
    }

    /// A button of the alert: the event to send, once a showing (nil after its answer).
    public mutating func answer(confirm: Bool) -> Event? {
        guard let q = last, open, !answered else { return nil }
        answered = true
        return confirm ? q.confirm.event : q.cancel.event
    }

    /// The alert went away: the question's cancel when no button answered it, else nothing.
    public mutating func dismissed() -> Event? {
        answer(confirm: false)
    }
}
