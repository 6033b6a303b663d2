// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How far a long text has been written.
public struct MorseWriteProgress: Hashable, Sendable {
    public let samplesWritten: Int
    public let totalSamples: Int
    public let sampleRate: Int

    public init(samplesWritten: Int, totalSamples: Int, sampleRate: Int) {
        self.samplesWritten = samplesWritten
        self.totalSamples = totalSamples
        self.sampleRate = sampleRate
    }

    public var fraction: Double { totalSamples == 0 ? 1 : Double(samplesWritten) / Double(totalSamples) }
    public var percent: Int { Int((fraction * 100).rounded(.down)) }

    /// "Morse : 42 % (63 s sur 150 s)", for standard error.
    public func message(_ strings: Strings) -> String {
        strings(.morseWavProgress, ["percent": "\(percent)",
                                    "written": "\(samplesWritten / sampleRate)",
                                    "total": "\(totalSamples / sampleRate)"])
    }
}

public enum MorseError: Error, Hashable, Sendable {
    /// The text has no character with a Morse code; `encoding` lists what was refused.
    case nothingToPlay(MorseEncoding)
    /// The output file could not be opened or written.
    case cannotWrite(OutputFileError)
    /// The audio would pass the WAV format's 4 GiB limit (its sizes are 32-bit).
    case tooLongForWAV(durationMs: Double)
    /// A text to play (not to write) longer than `MorseRenderer.playbackCharacterLimit`.
    case tooLongToPlay(characters: Int, limit: Int)

    public func message(_ strings: Strings) -> String {
        switch self {
        case .nothingToPlay(let encoding):
            return [strings(.morseNothingToPlay), encoding.unknownMessage(strings)].compactMap { $0 }.joined(separator: " ")
        case .cannotWrite(let error):
            return error.message(strings)
        case .tooLongToPlay(let characters, let limit):
            return strings(.faultMorseTooLongToPlay, ["count": String(characters), "limit": String(limit)])
        case .tooLongForWAV(let durationMs):
            return strings(.faultWavTooLong, ["hours": String(Int(durationMs / 3_600_000)),
                                                   "maxHours": String(WAVFile.maximumSampleCount / 22_050 / 3600)])
        }
    }
}

/// Morse about to be played: everything the runtime needs to report and to stream it.
public struct MorsePlayback: Sendable {
    public let encoding: MorseEncoding
    public let timeline: MorseTimeline
    public let tones: MorseToneRenderer

    /// The book's length (first edge to last edge at half amplitude).
    public var durationMs: Double { timeline.durationMs }
    public var sampleRate: Int { timeline.sampleRate }
    /// What is played: the book's length and the last element's fall (`MorseToneRenderer`).
    public var sampleCount: Int { tones.sampleCount }
    public var soundedMs: Double { Double(tones.sampleCount) * 1000 / Double(sampleRate) }
    public func chunks(of size: Int = 16_384) -> MorseSampleChunks { tones.chunks(of: size) }
    public func unknownMessage(_ strings: Strings) -> String? { encoding.unknownMessage(strings) }
}

/// What `lecteur morse TEXT --output FILE.wav` produced.
public struct MorseWriteResult: Hashable, Sendable {
    public let encoding: MorseEncoding
    public let timeline: MorseTimeline

    public init(encoding: MorseEncoding, timeline: MorseTimeline) {
        self.encoding = encoding
        self.timeline = timeline
    }

    public var durationMs: Double { timeline.durationMs }
}

/// Everything needed to turn text into Morse audio with the user's settings.
public struct MorseRenderer: Sendable {
    /// The speech output's rate, so Morse and speech share one audio stream format.
    public static let defaultSampleRate = 22050

    public let settings: MorseSettings
    public let sampleRate: Int
    public let alphabet: MorseAlphabet

    public init(settings: MorseSettings = .default, sampleRate: Int = MorseRenderer.defaultSampleRate,
                alphabet: MorseAlphabet = .standard) {
        self.settings = settings
        self.sampleRate = sampleRate
        self.alphabet = alphabet
    }

    public func timeline(_ encoding: MorseEncoding) -> MorseTimeline {
        MorseTimeline(encoding: encoding, timing: settings.timing, sampleRate: sampleRate)
    }

    public func timeline(_ symbol: MorseSymbol) -> MorseTimeline {
        MorseTimeline(symbol: symbol, timing: settings.timing, sampleRate: sampleRate)
    }

    public func renderer(_ timeline: MorseTimeline) -> MorseToneRenderer {
        MorseToneRenderer(timeline: timeline, tone: settings.tone, band: settings.band)
    }

    /// One symbol, ready to play (a few hundred milliseconds of samples).
    public func samples(_ symbol: MorseSymbol) -> [Int16] { renderer(timeline(symbol)).renderAll() }

    /// A text ready to play: its timeline (for `duration_ms`), its samples on demand, and the
    /// characters that were skipped. Throws `.nothingToPlay` when no character has a code.
    /// The longest text played at once (about 25 minutes at 20 WPM): a pasted book would
    /// otherwise be encoded, queued and described whole before the first tone (300 000
    /// characters took 4.5 GB). A longer text is refused with a message pointing to `--output`.
    public static let playbackCharacterLimit = 2_000

    /// Whether `text` is past `limit` characters; counting stops there, so a huge text costs no
    /// more than a long one.
    public static func exceeds(_ text: String, limit: Int) -> Bool {
        var counted = 0
        for _ in text {
            counted += 1
            if counted > limit { return true }
        }
        return false
    }

    public func playback(text: String, characterLimit: Int = MorseRenderer.playbackCharacterLimit) throws(MorseError) -> MorsePlayback {
        if Self.exceeds(text, limit: characterLimit) { throw .tooLongToPlay(characters: text.count, limit: characterLimit) }
        let encoding = alphabet.encode(text)
        guard !encoding.isEmpty else { throw .nothingToPlay(encoding) }
        let timeline = timeline(encoding)
        return MorsePlayback(encoding: encoding, timeline: timeline, tones: renderer(timeline))
    }

    public func playback(symbol: MorseSymbol) -> MorsePlayback {
        let timeline = timeline(symbol)
        return MorsePlayback(encoding: MorseEncoding(words: [[symbol]], unknown: []), timeline: timeline,
                             tones: renderer(timeline))
    }

    /// 16-bit samples as a WAV file stores them.
    public static func littleEndianBytes(_ samples: [Int16]) -> Data {
        #if _endian(little)
        return samples.withUnsafeBytes { Data($0) }
        #else
        return samples.map(\.littleEndian).withUnsafeBytes { Data($0) }
        #endif
    }
}
