// Stand-in for Apple's SwiftUI (iOS 18 SDK): what the module re-exports. Declaration only;
// rules in ../README.md.
//
// `import SwiftUI` also makes Foundation, CoreGraphics, CoreTransferable and Observation visible
// on iOS (the `@Observable` macro works with SwiftUI imported alone). UIKit, which SwiftUI re-exports on
// iOS too, has no stand-in yet: code that reaches UIKit through `import SwiftUI` fails here.
@_exported import CoreGraphics
@_exported import CoreTransferable
@_exported import Foundation
@_exported import Observation
