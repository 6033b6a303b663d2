// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurApp
import LecteurAudio
import LecteurCore

/// Plays Morse on the sound device; without one, says how to write a file instead.
func play(_ text: String, renderer: MorseRenderer, strings: Strings) throws {
    let playback: MorsePlayback
    do {
        playback = try renderer.playback(text: text)
    } catch {
        throw LecteurCLIError(error.message(strings))
    }
    let audio: DeviceAudioOutput
    do {
        audio = try DeviceAudioOutput.open(sampleRate: playback.sampleRate)
    } catch {
        throw LecteurCLIError(CLIMessages.noAudio(strings))
    }
    defer { audio.close() }
    if let unknown = playback.unknownMessage(strings) { fputs(unknown + "\n", StandardStream.error) }
    for chunk in playback.chunks() { audio.play(chunk, sampleRate: playback.sampleRate) }
    _ = audio.waitUntilDrained(timeout: .seconds(Int64(playback.durationMs / 1000) + 5))
}
