// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import Synchronization
import LecteurCore

/// Sounds Morse through the shared audio path, rendered with the settings the reader decided.
public final class MorsePlayer: Sendable {
    private let audio: AudioOutput?

    public init(audio: AudioOutput?) { self.audio = audio }

    /// When queued tones are heard, in milliseconds from now: their first edge and their end.
    public struct Scheduled: Sendable {
        public var startsInMs = 0.0
        public var endsInMs = 0.0
        public init(startsInMs: Double = 0, endsInMs: Double = 0) {
            self.startsInMs = startsInMs
            self.endsInMs = endsInMs
        }
    }

    /// Queues the tones on the shared output, after whatever is queued there already, and
    /// returns in how many milliseconds from now they start and end (on a sound device,
    /// counting what is queued or still playing before them; elsewhere, their own length).
    ///
    /// `leadIn` puts a word space of silence first: practice questions answered quickly must not
    /// run into the one before, or two characters would be heard as one.
    ///
    /// `heard`, when given, is called once the tones have been played at the output (with
    /// everything queued ahead of them): on a sound device at their played position (a marker
    /// queued after them), elsewhere after their length; never if they were dropped unheard.
    @discardableResult
    public func play(_ text: String, settings: MorseSettings, leadIn: Bool = false,
              heard: (@Sendable () -> Void)? = nil) -> Scheduled {
        // No output: nothing to wait for, the question is as perceived as it will be.
        guard let audio else { heard?(); return Scheduled() }
        let renderer = MorseRenderer(settings: settings, sampleRate: audio.sampleRate)
        guard let playback = try? renderer.playback(text: text) else { return Scheduled() }
        let ahead = (audio as? DeviceAudioOutput)?.pendingPlaybackMs ?? 0
        var silenceMs = 0.0
        if leadIn {
            silenceMs = settings.timing.wordGapMs
            audio.play([Int16](repeating: 0, count: Int(silenceMs * Double(playback.sampleRate) / 1000)), sampleRate: playback.sampleRate)
        }
        for chunk in playback.chunks() { audio.play(chunk, sampleRate: playback.sampleRate) }
        let endsInMs = ahead + silenceMs + playback.soundedMs
        if let heard {
            if audio is DeviceAudioOutput {
                audio.whenPlayed { played in if played { heard() } }
            } else {
                // A file has no played position: the tones are heard when their length has passed.
                DispatchQueue.global(qos: .userInteractive).asyncAfter(deadline: .now() + endsInMs / 1000) { heard() }
            }
        }
        // The first edge is half a ramp into the first tone (ramps are centred on the edges).
        let edgeMs = Double(playback.tones.rampSamples) / 2 * 1000 / Double(playback.sampleRate)
        return Scheduled(startsInMs: ahead + silenceMs + edgeMs, endsInMs: endsInMs)
    }

    /// How far ahead of the sound server the keyer's sidetone is kept (see `.keyed`): the
    /// first element after a pause is heard this much later, the rest keep their spacing.
    static let keyerCushionMs = 30.0

    /// The longest tone a held straight key sounds: past it the key is stuck, not keying.
    static let longestHoldMs = 3000.0

    /// The held key's tone, rendered once per setting: rendering three seconds of tone at each
    /// key down took about 35 ms (a debug build on a loaded machine), by which every mark started
    /// late, in the file as at the speaker.
    private let heldTones = Mutex<(settings: MorseSettings, sampleRate: Int, samples: [Int16])?>(nil)

    private func heldTone(_ settings: MorseSettings, sampleRate: Int) -> [Int16] {
        heldTones.withLock { cached in
            if let cached, cached.settings == settings, cached.sampleRate == sampleRate { return cached.samples }
            let samples = Sidetone.samples(durationMs: Self.longestHoldMs, settings: settings, sampleRate: sampleRate)
            cached = (settings, sampleRate, samples)
            return samples
        }
    }

    /// The learner's keying: a tapped element at once, or a tone from key down to key up.
    public func sidetone(_ sidetone: Sidetone) {
        guard let audio else { return }
        // A file keeps the silences between the learner's elements at their real length: they
        // are the rhythm the learner reviews (a device plays them as they come anyway).
        func play(_ samples: [Int16], keyer: Bool = false) {
            if let file = audio as? WAVFileOutput {
                // A keyer's element follows the one before exactly (its space is in the piece):
                // a silence shorter than the cushion is its clock ringing late on a loaded
                // machine (5.5 ms once), not the learner's rhythm.
                file.playKeepingSilence(samples, sampleRate: audio.sampleRate,
                                        longerThan: keyer ? .milliseconds(Int(Self.keyerCushionMs)) : .zero)
            } else {
                audio.play(samples, sampleRate: audio.sampleRate)
            }
        }
        switch sidetone {
        case .element(_, let durationMs, let settings):
            play(Sidetone.samples(durationMs: durationMs, settings: settings, sampleRate: audio.sampleRate))
        case .hold(let settings):
            let tone = heldTone(settings, sampleRate: audio.sampleRate)
            audio.flush()
            play(tone)
        case .release:
            audio.flush()
        case .keyed(_, let markMs, let spaceMs, let settings):
            // Queued behind the keyer's element still sounding: its space ends as this starts.
            // The keyer queues each element as the one before ends, so a stream that started
            // without delay runs dry for an instant at each one, and the sound server then
            // starts it again 20 ms late (a space heard 60 ms instead of 40 at 30 WPM). A short
            // silence before the first element after a pause keeps the stream that far ahead.
            if let device = audio as? DeviceAudioOutput, device.pendingPlaybackMs < 1 {
                audio.play([Int16](repeating: 0, count: Int(Self.keyerCushionMs * Double(audio.sampleRate) / 1000)),
                           sampleRate: audio.sampleRate)
            }
            play(Sidetone.keyedSamples(markMs: markMs, spaceMs: spaceMs, settings: settings, sampleRate: audio.sampleRate), keyer: true)
        }
    }
}
