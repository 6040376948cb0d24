// Stand-in for SwiftUI (iOS 18 SDK): state, bindings, scene storage and the environment.
// Declaration only; rules in ../README.md.

@available(iOS 13.0, *)
public protocol DynamicProperty {}

@available(iOS 13.0, *)
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) { fatalError() }
    public init(initialValue value: Value) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
}

@available(iOS 13.0, *)
extension State where Value: ExpressibleByNilLiteral {
    public init() { fatalError() }
}

@available(iOS 13.0, *)
extension State: Sendable where Value: Sendable {}

@available(iOS 13.0, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value,
                                set: @escaping @isolated(any) @Sendable (Value) -> Void) { fatalError() }
    public init(projectedValue: Binding<Value>) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@available(iOS 13.0, *)
extension Binding: @unchecked Sendable where Value: Sendable {}

@available(iOS 13.0, *)
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    @inlinable public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    @inlinable public var wrappedValue: Value { fatalError() }
}

@available(iOS 13.0, *)
extension Environment: Sendable where Value: Sendable {}

@available(iOS 13.0, *)
public struct EnvironmentValues: CustomStringConvertible {
    public init() { fatalError() }
    public var description: String { fatalError() }
}

/// A value kept with the scene and restored when the system brings the scene back.
@available(iOS 14.0, *)
@frozen @propertyWrapper public struct SceneStorage<Value>: DynamicProperty {
    public init(wrappedValue: Value, _ key: String) where Value == String { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
}

/// Where the keyboard's focus is; setting it to false takes the keyboard down.
@available(iOS 15.0, *)
@frozen @propertyWrapper public struct FocusState<Value>: DynamicProperty where Value: Hashable {
    public init() where Value == Bool { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: FocusState<Value>.Binding { fatalError() }

    @frozen @propertyWrapper public struct Binding {
        /// Apple's has stored state of its own and no public initialiser.
        private let state: Never
        public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
        public var projectedValue: FocusState<Value>.Binding { fatalError() }
    }
}

@available(iOS 15.0, *)
extension View {
    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View { fatalError() }
}
