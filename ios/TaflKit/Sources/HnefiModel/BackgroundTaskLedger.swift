/// The background tasks the app holds, each ended exactly once: by the model when the core is
/// done, or by the system's expiry of that very task, never another's. (The app target's
/// `BackgroundTime` keeps one over UIKit's task identifiers; an expiry handler that ended
/// "the current task" ended a newer one when the app left the screen twice.)
public struct BackgroundTaskLedger<ID: Hashable>: Sendable where ID: Sendable {
    private var open: Set<ID> = []

    public init() {}

    /// A task was begun (an invalid identifier, when the system gave no time, is not kept).
    public mutating func began(_ id: ID) {
        open.insert(id)
    }

    /// Whether `id` should be ended now: true once for a task that is open, false after.
    public mutating func end(_ id: ID) -> Bool {
        open.remove(id) != nil
    }

    /// The tasks still open.
    public var count: Int { open.count }
}
