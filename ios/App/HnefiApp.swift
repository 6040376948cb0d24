import HnefiModel
import HnefiUI
import SwiftUI

/// The app target: only the entry point. Everything else lives in the TaflKit package.
@main
struct HnefiApp: App {
    /// The database lives in Application Support (see AppPaths.databaseURL).
    @State private var model = GameModel.onDevice(texts: Texts(.preferred()))
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView(model: model)
        }
        .onChange(of: scenePhase) { _, phase in
            // Locking the phone or switching apps keeps the game on screen; the model stops
            // the computer's search in the background and starts it again on return.
            switch phase {
            case .background: model.send(.appBackgrounded)
            case .active: model.send(.appForegrounded)
            default: break   // inactive (a call, the app switcher) changes nothing
            }
        }
    }
}
