import HnefiModel
import HnefiUI
import SwiftUI
import UIKit

/// The app target: the entry point and the platform's players. Everything else lives in the
/// TaflKit package.
@main
struct HnefiShell: App {
    var body: some Scene {
        WindowGroup {
            AppHost()
        }
    }
}

/// Makes the model once the scene's stored state can be read, and keeps the state the model
/// hands back when the app leaves the screen (the system may end the app in the background).
struct AppHost: View {
    @SceneStorage("hnefi.savedState") private var savedState = ""
    @Environment(\.colorScheme) private var scheme
    @State private var model: AppModel?
    /// A file opened with the app before the model was made (the app launched by "Open in").
    @State private var waitingFile: URL?

    var body: some View {
        screens
            // A game file opened with the app ("Open in", Files, Mail): the model reads it
            // behind and the core's import takes it.
            .onOpenURL { url in
                guard let model else {
                    waitingFile = url
                    return
                }
                Task { await model.open(fileAt: url) }
            }
    }

    @ViewBuilder private var screens: some View {
        if let model {
            RootView(model: model)
                .onChange(of: model.savedState) { savedState = model.savedState ?? savedState }
                // The phone stays awake while a game is in play (the computer may be thinking
                // with nobody touching the screen), and sleeps as usual elsewhere.
                .onChange(of: model.keepAwake, initial: true) {
                    UIApplication.shared.isIdleTimerDisabled = model.keepAwake
                }
        } else {
            // The launch screen's colour until the model is made (a blank in the system's
            // colour flashed between the launch screen and the first frame).
            Color.clear.frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color("LaunchBackground")).onAppear {
                let made = AppModel(config: .device(dark: scheme == .dark, savedState: savedState.isEmpty ? nil : savedState),
                                    players: Players(sound: SoundEffects(), haptics: Haptics(), announcer: VoiceOver(),
                                                     sharer: ShareSheet(), background: BackgroundTime()))
                model = made
                if let url = waitingFile {
                    waitingFile = nil
                    Task { await made.open(fileAt: url) }
                }
            }
        }
    }
}
