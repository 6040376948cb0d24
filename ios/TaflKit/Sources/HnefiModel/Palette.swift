import Foundation

// The board's colours as plain RGB values, so that the views stay thin and a test can check
// that the colour-blind palette keeps every marking apart. The colour-blind palette uses the
// Okabe–Ito colours, which people with the common forms of colour blindness tell apart; pieces
// also differ in shape (the views draw the king with a cross), not only in colour.

public struct RGB: Hashable, Sendable {
    public let r: Double, g: Double, b: Double

    public init(hex: UInt32) {
        r = Double((hex >> 16) & 0xFF) / 255
        g = Double((hex >> 8) & 0xFF) / 255
        b = Double(hex & 0xFF) / 255
    }

    /// Relative luminance (WCAG 2).
    public var luminance: Double {
        func lin(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    /// WCAG contrast ratio between two colours (1...21).
    public func contrast(with o: RGB) -> Double {
        let (a, b) = (luminance, o.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

public struct Palette: Equatable, Sendable {
    public let lightSquare: RGB
    public let darkSquare: RGB
    public let restrictedSquare: RGB
    public let attacker: RGB
    public let defender: RGB
    public let king: RGB
    public let selection: RGB
    public let target: RGB
    public let lastMove: RGB
    public let captured: RGB
    public let openLine: RGB

    public static let standard = Palette(
        lightSquare: RGB(hex: 0xE8D9B5), darkSquare: RGB(hex: 0xD4C095), restrictedSquare: RGB(hex: 0xA88B5A),
        attacker: RGB(hex: 0x2B2B2B), defender: RGB(hex: 0xF7F4EC), king: RGB(hex: 0xF2C230),
        selection: RGB(hex: 0x2E7D32), target: RGB(hex: 0x43A047), lastMove: RGB(hex: 0x1E88E5),
        captured: RGB(hex: 0xC62828), openLine: RGB(hex: 0xFB8C00)
    )

    /// Okabe–Ito: blue, vermillion, bluish green, sky blue, orange, yellow, reddish purple.
    public static let colourBlind = Palette(
        lightSquare: RGB(hex: 0xEDE6D6), darkSquare: RGB(hex: 0xD9CFB8), restrictedSquare: RGB(hex: 0x9C9381),
        attacker: RGB(hex: 0x000000), defender: RGB(hex: 0xFFFFFF), king: RGB(hex: 0xF0E442),
        selection: RGB(hex: 0x0072B2), target: RGB(hex: 0x56B4E9), lastMove: RGB(hex: 0x009E73),
        captured: RGB(hex: 0xD55E00), openLine: RGB(hex: 0xCC79A7)
    )

    public static func forSetting(colourBlind: Bool) -> Palette { colourBlind ? .colourBlind : .standard }

    /// The marking colours, which must all differ.
    public var markings: [RGB] { [selection, target, lastMove, captured, openLine] }
}
