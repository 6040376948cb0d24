// Stand-in for SwiftUI (iOS 18 SDK): the share link. Declaration only; rules in ../README.md.

/// Presents the system's share sheet for its items. `Transferable` comes from CoreTransferable,
/// which SwiftUI re-exports (Module.swift).
public struct ShareLink<Data, PreviewImage, PreviewIcon, Label>
    where Data: RandomAccessCollection, PreviewImage: Transferable, PreviewIcon: Transferable, Label: View,
          Data.Element: Transferable {}

extension ShareLink: _PrimitiveView {}

extension ShareLink where PreviewImage == Never, PreviewIcon == Never {
    nonisolated public init(item: String, subject: Text? = nil, message: Text? = nil,
                            @ViewBuilder label: () -> Label) where Data == CollectionOfOne<String> { fatalError() }
}
