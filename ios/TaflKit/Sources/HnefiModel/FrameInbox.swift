import Foundation
import TaflCore

/// What the core hands over: a whole frame, or a patch of the frame before it.
enum Delivery: Sendable {
    case frame(Frame)
    case patch(FramePatch)

    var revision: UInt64 {
        switch self {
        case let .frame(f): f.revision
        case let .patch(p): p.revision
        }
    }
}

/// The core's listener. Frames and patches come from any thread: after every `send` on the
/// caller's thread, and from the core's own threads when work behind finishes. They wait here,
/// under a lock, until the model takes them on the main actor, sorted by revision (two threads
/// may hand over theirs in the other order than they were made).
final class FrameInbox: FrameListener, @unchecked Sendable {
    private let lock = NSLock()
    private var deliveries: [Delivery] = []
    private var wake: (@Sendable () -> Void)?

    func onFrame(frame: Frame) {
        deliver(.frame(frame))
    }

    func onPatch(patch: FramePatch) {
        deliver(.patch(patch))
    }

    private func deliver(_ delivery: Delivery) {
        lock.lock()
        deliveries.append(delivery)
        let wake = self.wake
        lock.unlock()
        wake?()
    }

    /// Called for each arrival from now on (the model then takes them).
    func onArrival(_ wake: @escaping @Sendable () -> Void) {
        lock.lock()
        self.wake = wake
        lock.unlock()
    }

    func take() -> [Delivery] {
        lock.lock()
        defer { deliveries = []; lock.unlock() }
        return deliveries.sorted { $0.revision < $1.revision }
    }
}
