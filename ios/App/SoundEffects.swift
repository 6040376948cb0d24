import AVFoundation
import HnefiModel
import TaflCore

/// The sounds of a move, a capture and a game's end: the WAV files in Sounds/, synthesised by
/// core/tests/sounds.rs. Players are made once and replayed from the start each time.
@MainActor
final class SoundEffects: SoundPlayer {
    private var players: [Feedback: AVAudioPlayer] = [:]

    init() {
        // Ambient: the sounds mix with the person's music and respect the silent switch.
        try? AVAudioSession.sharedInstance().setCategory(.ambient)
        for (feedback, name) in SoundEffects.files {
            guard let url = Bundle.main.url(forResource: name, withExtension: "wav"),
                  let player = try? AVAudioPlayer(contentsOf: url) else { continue }
            player.prepareToPlay()
            players[feedback] = player
        }
    }

    func play(sound: Feedback) {
        guard let player = players[sound] else { return }
        player.currentTime = 0
        player.play()
    }

    /// The file of each sound, in the app's bundle.
    private static let files: [Feedback: String] = [
        .move: "move", .capture: "capture", .win: "win", .loss: "loss", .draw: "draw",
    ]
}
