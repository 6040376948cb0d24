// Stand-in for Apple's AVFoundation (iOS 18 SDK; AVAudioPlayer and AVAudioSession come from
// AVFAudio, which it re-exports): playing short sounds. Declaration only; rules in
// ../README.md.
//
// These are Objective-C classes in the SDK. Methods imported from Objective-C that return a
// value may ignore it without a warning, hence `@discardableResult` here.
@_exported import Foundation

@available(iOS 2.2, *)
open class AVAudioPlayer: NSObject {
    public init(contentsOf url: URL) throws { fatalError() }

    @discardableResult
    open func prepareToPlay() -> Bool { fatalError() }

    @discardableResult
    open func play() -> Bool { fatalError() }

    open var currentTime: TimeInterval { get { fatalError() } set { fatalError() } }
}

@available(iOS 3.0, *)
open class AVAudioSession: NSObject {
    open class func sharedInstance() -> AVAudioSession { fatalError() }

    open func setCategory(_ category: AVAudioSession.Category) throws { fatalError() }

    public struct Category: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public init(rawValue: String) { fatalError() }
        public var rawValue: String { fatalError() }
        public static var ambient: AVAudioSession.Category { fatalError() }
    }
}
