import Foundation

/// How a group of the frame's buttons shares the width, as the Android shell shares it
/// (android/ui's `ButtonRow`): all in one row when they fit; else as few rows as fit, as even as
/// they can be (four as two and two, never three and one); else one a row.
public enum ButtonRows {
    /// The buttons' indices, row by row, with at most `perRow` buttons in a row and the rows
    /// as even as they can be.
    public static func split(count: Int, perRow: Int) -> [[Int]] {
        guard count > 0 else { return [] }
        let rows = (count + max(perRow, 1) - 1) / max(perRow, 1)
        let size = (count + rows - 1) / rows
        return stride(from: 0, to: count, by: size).map { Array($0..<min($0 + size, count)) }
    }

    /// Android's rule, where the longest word of a label is measured: the most buttons a row
    /// that give each label's longest word (plus the button's own padding, `chrome`) its room.
    public static func split(count: Int, widestWord: CGFloat, width: CGFloat, gap: CGFloat,
                             chrome: CGFloat) -> [[Int]] {
        var perRow = max(count, 1)
        while perRow > 1, (width - gap * CGFloat(perRow - 1)) / CGFloat(perRow) < widestWord + chrome {
            perRow -= 1
        }
        return split(count: count, perRow: perRow)
    }

    /// Every different way to split `count` buttons, from the widest (one row) to the narrowest
    /// (one a row): SwiftUI shows the first whose buttons fit (`ViewThatFits`), which is the
    /// split of Android's rule whenever each label fits its button on one line.
    public static func candidates(count: Int) -> [[[Int]]] {
        var out: [[[Int]]] = []
        for perRow in stride(from: max(count, 1), through: 1, by: -1) {
            let rows = split(count: count, perRow: perRow)
            if rows != out.last { out.append(rows) }
        }
        return out
    }
}
