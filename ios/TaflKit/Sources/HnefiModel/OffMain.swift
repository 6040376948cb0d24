import Foundation
import TaflCore

/// Blocking calls into the core (the computer's search, hints, analysis, the store's reads)
/// run here, on threads of their own: never on the main actor, and not on the few threads of
/// Swift's cooperative pool, which a search of seconds would starve.
enum OffMain {
    /// Runs `work` on a new thread and waits for it without blocking the caller's actor.
    static func run<T: Sendable>(_ name: String, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (k: CheckedContinuation<T, Never>) in
            let thread = Thread { k.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }

    /// Runs a cancellable core call: cancelling the calling task cancels `handle`, and the
    /// core then returns within milliseconds.
    static func cancellable<T: Sendable>(_ name: String, _ handle: CancelHandle,
                                         _ work: @escaping @Sendable () -> T) async -> T {
        await withTaskCancellationHandler {
            await run(name, work)
        } onCancel: {
            handle.cancel()
        }
    }
}

/// The computer's move off the main actor.
public enum ComputerPlayer {
    /// Runs the core's blocking search on a thread of its own. Cancelling the calling task
    /// cancels the search through the core's `CancelHandle`; the result is then `.cancelled`
    /// and the game unchanged.
    public static func move(_ session: GameSession, timeLimitMs: UInt32?) async -> ComputerMove {
        let handle = CancelHandle()
        return await OffMain.cancellable("hnefi.computer", handle) {
            // A TaflError here means the game changed under the search (it ended, or it is no
            // longer the computer's turn): nothing was played.
            (try? session.computerMove(cancel: handle, timeLimitMs: timeLimitMs)) ?? .cancelled
        }
    }

    /// The engine's move for the person, off the main actor, cancelled with its task.
    public static func hint(_ session: GameSession, timeLimitMs: UInt32?) async -> HintResult {
        let handle = CancelHandle()
        return await OffMain.cancellable("hnefi.hint", handle) {
            (try? session.hint(cancel: handle, timeLimitMs: timeLimitMs)) ?? .cancelled
        }
    }
}

/// Passes each point of an analysis from the core's analysing thread to the main actor.
final class AnalysisRelay: AnalysisListener {
    private let deliver: @Sendable (Int, Double, Int) -> Void

    init(_ deliver: @escaping @Sendable (_ ply: Int, _ chance: Double, _ analysed: Int) -> Void) {
        self.deliver = deliver
    }

    func onPoint(ply: UInt32, defendersChance: Double, analysed: UInt32, total: UInt32) {
        deliver(Int(ply), defendersChance, Int(analysed))
    }
}
