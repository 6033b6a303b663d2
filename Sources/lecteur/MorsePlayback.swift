import Foundation
import LecteurApp
import LecteurCore

/// Plays Morse through the audio output when there is one (wired with the speech issue).
func play(_ text: String, renderer: MorseRenderer, strings: Strings) throws {
    guard let audio = AudioDevices.openPlayback(strings: strings) else {
        throw LecteurCLIError(strings(.cliNoAudio))
    }
    let playback: MorsePlayback
    do {
        playback = try renderer.playback(text: text)
    } catch {
        throw LecteurCLIError(error.message(strings))
    }
    if let unknown = playback.unknownMessage(strings) { fputs(unknown + "\n", stderr) }
    for chunk in playback.chunks() { audio.enqueue(chunk) }
    audio.drain()
}
