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
            // Every move is saved by the core as it is played; in the background the
            // computer's search stops (it starts again on resume).
            if phase == .background && model.state.screen == .game {
                model.send(.back)
            }
        }
    }
}
