#if canImport(SwiftUI)
#endif
