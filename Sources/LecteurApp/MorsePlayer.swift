// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore

/// Sounds Morse through the shared audio path, rendered with the settings the reader decided.
final class MorsePlayer: Sendable {
    private let audio: AudioOutput?

    init(audio: AudioOutput?) { self.audio = audio }

    /// Queues the tones on the shared output, after whatever is queued there already, and
    /// returns in how many milliseconds from now they end (on a sound device, counting what
    /// was queued before them; elsewhere, their own length).
    ///
    /// `leadIn` puts a word space of silence first: practice questions answered quickly must not
    /// run into the one before, or two characters would be heard as one.
    @discardableResult
    func play(_ text: String, settings: MorseSettings, leadIn: Bool = false) -> Double {
        guard let audio else { return 0 }
        let renderer = MorseRenderer(settings: settings, sampleRate: audio.sampleRate)
        guard let playback = try? renderer.playback(text: text) else { return 0 }
        let ahead = (audio as? DeviceAudioOutput).map { Double($0.statistics.queuedSamples) * 1000 / Double(audio.sampleRate) } ?? 0
        var silenceMs = 0.0
        if leadIn {
            silenceMs = settings.timing.wordGapMs
            audio.play([Int16](repeating: 0, count: Int(silenceMs * Double(playback.sampleRate) / 1000)), sampleRate: playback.sampleRate)
        }
        for chunk in playback.chunks() { audio.play(chunk, sampleRate: playback.sampleRate) }
        return ahead + silenceMs + playback.timeline.durationMs
    }

    /// The longest tone a held straight key sounds: past it the key is stuck, not keying.
    static let longestHoldMs = 3000.0

    /// The learner's keying: a tapped element at once, or a tone from key down to key up.
    func sidetone(_ sidetone: Sidetone) {
        guard let audio else { return }
        switch sidetone {
        case .element(_, let durationMs, let settings):
            audio.play(Sidetone.samples(durationMs: durationMs, settings: settings, sampleRate: audio.sampleRate),
                       sampleRate: audio.sampleRate)
        case .hold(let settings):
            audio.flush()
            audio.play(Sidetone.samples(durationMs: Self.longestHoldMs, settings: settings, sampleRate: audio.sampleRate),
                       sampleRate: audio.sampleRate)
        case .release:
            audio.flush()
        }
    }
}
