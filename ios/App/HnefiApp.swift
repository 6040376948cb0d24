import HnefiModel
import HnefiUI
import SwiftUI

/// The app target: the entry point and the sounds. Everything else lives in the TaflKit package.
@main
struct HnefiApp: App {
    /// The database lives in Application Support (AppPaths.databaseURL); the texts follow the
    /// device's languages.
    @State private var model = GameModel.onDevice()
    @State private var sounds = SoundEffects()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView(model: model, sounds: sounds)
        }
        .onChange(of: scenePhase) { _, phase in
            // Locking the phone or switching apps keeps the game on screen; the model stops
            // the computer's search and writes everything in the background, and starts the
            // search again on return.
            switch phase {
            case .background: model.send(.appBackgrounded)
            case .active: model.send(.appForegrounded)
            default: break   // inactive (a call, the app switcher) changes nothing
            }
        }
    }
}
