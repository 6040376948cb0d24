// Stand-in for Apple's SwiftUI (iOS 18 SDK): what the module re-exports. Declaration only;
// rules in ../README.md.
//
// `import SwiftUI` also makes Foundation, CoreGraphics and Observation visible on iOS (the
// `@Observable` macro works with SwiftUI imported alone). UIKit, which SwiftUI re-exports on
// iOS too, is not re-exported here: the views must not reach UIKit (the package's HnefiUI also
// builds for macOS), and the app target imports it by name.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import Observation
