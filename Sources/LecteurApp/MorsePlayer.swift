import Foundation
import LecteurAudio
import LecteurCore

/// Sounds Morse with the user's settings through the shared audio path, and reports each
/// playback in the transcript with its exact duration.
public final class MorsePlayer: @unchecked Sendable {
    public private(set) var settings: MorseSettings
    public var audio: AudioOutput?
    private let strings: Strings

    public init(settings: MorseSettings, strings: Strings) {
        self.settings = settings
        self.strings = strings
    }

    public func update(_ settings: MorseSettings) { self.settings = settings }

    public enum Outcome {
        /// Rendered: `sound(_:)` plays it; the event is its transcript line.
        case ready(MorsePlayback, TranscriptEvent, unknownCharacters: String?)
        case failed(String)
    }

    /// Queues the tones on the shared output, after whatever is queued there already.
    public func sound(_ playback: MorsePlayback) {
        guard let audio else { return }
        for chunk in playback.chunks() { audio.play(chunk, sampleRate: playback.sampleRate) }
    }

    public func prepare(text: String) -> Outcome {
        let renderer = MorseRenderer(settings: settings, sampleRate: audio?.sampleRate ?? MorseRenderer.defaultSampleRate)
        let playback: MorsePlayback
        do {
            playback = try renderer.playback(text: text)
        } catch {
            return .failed(error.message(strings))
        }
        let pattern = playback.encoding.words.map { word in
            word.map(\.pattern).joined(separator: " ")
        }.joined(separator: " / ")
        let event = TranscriptEvent.morse(text: TextSanitizer.clean(text), pattern: pattern, wpm: Double(settings.wpm),
                                          toneHz: Double(settings.toneHz), durationMs: playback.durationMs)
        return .ready(playback, event, unknownCharacters: playback.unknownMessage(strings))
    }
}
