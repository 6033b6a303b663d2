// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore

/// Sounds Morse through the shared audio path, rendered with the settings the reader decided.
final class MorsePlayer: @unchecked Sendable {
    private let audio: AudioOutput?

    init(audio: AudioOutput?) { self.audio = audio }

    /// Queues the tones on the shared output, after whatever is queued there already.
    func play(_ text: String, settings: MorseSettings) {
        guard let audio else { return }
        let renderer = MorseRenderer(settings: settings, sampleRate: audio.sampleRate)
        guard let playback = try? renderer.playback(text: text) else { return }
        for chunk in playback.chunks() { audio.play(chunk, sampleRate: playback.sampleRate) }
    }
}
