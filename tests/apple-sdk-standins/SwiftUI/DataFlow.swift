// Stand-in for SwiftUI (iOS 18 SDK): state, bindings, @Bindable and the environment.
// Declaration only; rules in ../README.md.

public protocol DynamicProperty {}

@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) { fatalError() }
    public init(initialValue value: Value) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
}

extension State: Sendable where Value: Sendable {}

@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value,
                                set: @escaping @isolated(any) @Sendable (Value) -> Void) { fatalError() }
    public init(projectedValue: Binding<Value>) { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

/// Bindings to the properties of an `@Observable` object: `$model.property`. Only for
/// Observable classes, as in the SDK.
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
    public var wrappedValue: Value { get { fatalError() } set { fatalError() } }
    public var projectedValue: Bindable<Value> { fatalError() }

    @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
    public init(wrappedValue: Value) { fatalError() }

    @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
    public init(projectedValue: Bindable<Value>) { fatalError() }
}

extension Bindable where Value: AnyObject {
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

extension Bindable where Value: AnyObject, Value: Observable {
    public init(wrappedValue: Value) { fatalError() }
    public init(_ wrappedValue: Value) { fatalError() }
    public init(projectedValue: Bindable<Value>) { fatalError() }
}

extension Bindable: Sendable where Value: Sendable {}

@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    @inlinable public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    @inlinable public var wrappedValue: Value { fatalError() }
}

extension Environment: Sendable where Value: Sendable {}

public struct EnvironmentValues: CustomStringConvertible {
    public init() { fatalError() }
    public var description: String { fatalError() }
}

/// A value kept with the scene and restored when the system brings the scene back.
@frozen @propertyWrapper public struct SceneStorage<Value>: DynamicProperty {
    public init(wrappedValue: Value, _ key: String) where Value == String { fatalError() }
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    public var projectedValue: Binding<Value> { fatalError() }
}
