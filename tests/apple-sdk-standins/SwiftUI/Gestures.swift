// Stand-in for SwiftUI (iOS 18 SDK): gestures, their state, composing them, and the modifiers
// that attach them. Declaration only; rules in ../README.md.

/// Isolated to the main actor, as in the SDK; the built-in gestures conform in extensions.
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol Gesture<Value> {
    associatedtype Value
    associatedtype Body: Gesture
    @MainActor @preconcurrency var body: Self.Body { get }
}

/// The stand-ins' primitive gestures (`Body == Never`). An app type never conforms to it.
@available(iOS 13.0, *)
public protocol _PrimitiveGesture: Gesture where Body == Never {}

@available(iOS 13.0, *)
extension _PrimitiveGesture {
    public var body: Never { fatalError() }
}

@available(iOS 13.0, *)
extension Never: Gesture {
    public typealias Value = Never
}

/// No gesture when nil: `gesture(condition ? g : nil)`.
@available(iOS 13.0, *)
extension Optional: Gesture, _PrimitiveGesture where Wrapped: Gesture {
    public typealias Value = Wrapped.Value
}

@available(iOS 13.0, *)
@MainActor @preconcurrency public struct DragGesture {
    @available(iOS 17.0, *)
    @MainActor @preconcurrency public init(minimumDistance: CGFloat = 10,
                                           coordinateSpace: some CoordinateSpaceProtocol = .local) { fatalError() }

    public struct Value: Equatable, Sendable {
        public var time: Date { fatalError() }
        public var location: CGPoint { fatalError() }
        public var startLocation: CGPoint { fatalError() }
        public var translation: CGSize { fatalError() }
        public var predictedEndLocation: CGPoint { fatalError() }
        public var predictedEndTranslation: CGSize { fatalError() }
        public static func == (a: DragGesture.Value, b: DragGesture.Value) -> Bool { fatalError() }
    }
}

@available(iOS 13.0, *)
extension DragGesture: _PrimitiveGesture {}

/// Two fingers pinching: the magnification since they came down, and where.
@available(iOS 17.0, *)
@MainActor @preconcurrency public struct MagnifyGesture {
    @MainActor @preconcurrency public init(minimumScaleDelta: CGFloat = 0.01) { fatalError() }

    public struct Value: Equatable, Sendable {
        public var magnification: CGFloat { fatalError() }
        public var startLocation: CGPoint { fatalError() }
        public static func == (a: MagnifyGesture.Value, b: MagnifyGesture.Value) -> Bool { fatalError() }
    }
}

@available(iOS 17.0, *)
extension MagnifyGesture: _PrimitiveGesture {}

/// A tap that reports where it landed.
@available(iOS 16.0, *)
public struct SpatialTapGesture {
    @available(iOS 17.0, *)
    nonisolated public init(count: Int = 1, coordinateSpace: some CoordinateSpaceProtocol = .local) { fatalError() }

    public struct Value: Equatable, @unchecked Sendable {
        public var location: CGPoint { fatalError() }
        public static func == (a: SpatialTapGesture.Value, b: SpatialTapGesture.Value) -> Bool { fatalError() }
    }
}

@available(iOS 16.0, *)
extension SpatialTapGesture: _PrimitiveGesture {}

@available(iOS 13.0, *)
@frozen public struct _ChangedGesture<Content> where Content: Gesture {}

@available(iOS 13.0, *)
extension _ChangedGesture: _PrimitiveGesture {
    public typealias Value = Content.Value
}

@available(iOS 13.0, *)
@frozen public struct _EndedGesture<Content> where Content: Gesture {}

@available(iOS 13.0, *)
extension _EndedGesture: _PrimitiveGesture {
    public typealias Value = Content.Value
}

@available(iOS 13.0, *)
@frozen public struct GestureStateGesture<Base, State> where Base: Gesture {}

@available(iOS 13.0, *)
extension GestureStateGesture: _PrimitiveGesture {
    public typealias Value = Base.Value
}

@available(iOS 13.0, *)
@frozen public struct ExclusiveGesture<First, Second> where First: Gesture, Second: Gesture {
    @frozen public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }
}

@available(iOS 13.0, *)
extension ExclusiveGesture: _PrimitiveGesture {}

@available(iOS 13.0, *)
extension Gesture {
    nonisolated public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> { fatalError() }

    nonisolated public func updating<State>(_ state: GestureState<State>,
                                            body: @escaping (Self.Value, inout State, inout Transaction) -> Void)
        -> GestureStateGesture<Self, State> { fatalError() }

    nonisolated public func exclusively<Other>(before other: Other) -> ExclusiveGesture<Self, Other>
        where Other: Gesture { fatalError() }
}

@available(iOS 13.0, *)
extension Gesture where Self.Value: Equatable {
    nonisolated public func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self> { fatalError() }
}

/// A gesture's state, reset by SwiftUI when the gesture ends or is cancelled.
@available(iOS 13.0, *)
@propertyWrapper @frozen public struct GestureState<Value>: DynamicProperty {
    public init(wrappedValue: Value) { fatalError() }
    public var wrappedValue: Value { fatalError() }
    public var projectedValue: GestureState<Value> { fatalError() }
}

@available(iOS 13.0, *)
extension GestureState: Sendable where Value: Sendable {}

/// The context of a change (its animation); the app only passes it along.
@available(iOS 13.0, *)
@frozen public struct Transaction {}

@available(iOS 13.0, *)
@frozen public struct GestureMask: OptionSet, Sendable {
    public var rawValue: UInt32 { fatalError() }
    @inlinable public init(rawValue: UInt32) { fatalError() }
    public static var none: GestureMask { fatalError() }
    public static var gesture: GestureMask { fatalError() }
    public static var subviews: GestureMask { fatalError() }
    public static var all: GestureMask { fatalError() }
}

@available(iOS 13.0, *)
public enum CoordinateSpace {
    case global, local, named(AnyHashable)
}

@available(iOS 17.0, *)
public protocol CoordinateSpaceProtocol {
    var coordinateSpace: CoordinateSpace { get }
}

@available(iOS 17.0, *)
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {
    public init() { fatalError() }
    public var coordinateSpace: CoordinateSpace { fatalError() }
}

@available(iOS 17.0, *)
extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    public static var local: LocalCoordinateSpace { fatalError() }
}

@available(iOS 13.0, *)
extension View {
    @available(iOS 17.0, *)
    nonisolated public func onTapGesture(count: Int = 1, coordinateSpace: some CoordinateSpaceProtocol = .local,
                                         perform action: @escaping (CGPoint) -> Void) -> some View { fatalError() }

    nonisolated public func gesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View
        where T: Gesture { fatalError() }

    nonisolated public func simultaneousGesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View
        where T: Gesture { fatalError() }

    nonisolated public func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View where S: Shape { fatalError() }

    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { fatalError() }
}
