import Foundation

/// A swipe from the screen's leading edge, which iOS people use to go back (the system's
/// navigation does it for its own stacks; the app has none, so that an iPhone SE's title does
/// not take its board's room). The shell reports the drag; this says whether it is a swipe
/// back, and the model sends the frame's Back only when the frame says Back is the app's.
public enum BackSwipe {
    /// How far from the leading edge the finger must come down, in points.
    public static let edge: CGFloat = 24
    /// How far it must travel towards the trailing edge (or be flung), in points.
    public static let distance: CGFloat = 80

    /// `start` and `translation` as the drag reports them, `predicted` its predicted end
    /// translation (a fling); in a right-to-left layout the leading edge is at `width`.
    public static func isBack(start: CGPoint, translation: CGSize, predicted: CGSize,
                              rightToLeft: Bool = false, width: CGFloat = 0) -> Bool {
        let fromEdge = rightToLeft ? width - start.x : start.x
        let along = rightToLeft ? -translation.width : translation.width
        let flung = rightToLeft ? -predicted.width : predicted.width
        guard fromEdge >= 0, fromEdge <= edge else { return false }
        // Mostly sideways: a vertical scroll that began at the edge is no swipe back.
        guard abs(translation.height) < max(along, 1) else { return false }
        return along >= distance || flung >= 2 * distance
    }
}
