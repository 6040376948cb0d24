// Stand-in for Apple's CoreTransferable (iOS 18 SDK): only what SwiftUI's share link names.
// Declaration only; rules in ../README.md.
//
// The SDK's protocol requires a `transferRepresentation`; the app makes no type of its own
// Transferable, so the requirement is left out here (a conformance the app added would need
// it in Xcode).
@_exported import Foundation

public protocol Transferable {}

extension String: Transferable {}

extension Never: Transferable {}
