import Foundation
import TaflCore

/// The core's listener. Frames come from any thread: after every `send` on the caller's
/// thread, and from the core's own threads when work behind finishes. They wait here, under a
/// lock, until the model takes them on the main actor, sorted by revision (two threads may
/// hand over their frames in the other order than they were made).
final class FrameInbox: FrameListener, @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Frame] = []
    private var wake: (@Sendable () -> Void)?

    func onFrame(frame: Frame) {
        lock.lock()
        frames.append(frame)
        let wake = self.wake
        lock.unlock()
        wake?()
    }

    /// Called for each frame that arrives from now on (the model then takes them).
    func onArrival(_ wake: @escaping @Sendable () -> Void) {
        lock.lock()
        self.wake = wake
        lock.unlock()
    }

    func take() -> [Frame] {
        lock.lock()
        defer { frames = []; lock.unlock() }
        return frames.sorted { $0.revision < $1.revision }
    }
}
