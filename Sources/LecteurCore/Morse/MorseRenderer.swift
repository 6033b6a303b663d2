import Foundation

/// How far a long text has been written.
public struct MorseWriteProgress: Hashable, Sendable {
    public let samplesWritten: Int
    public let totalSamples: Int
    public let sampleRate: Int

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
    case cannotWrite(path: String, reason: String)

    public func message(_ strings: Strings) -> String {
        switch self {
        case .nothingToPlay(let encoding):
            return [strings(.morseNothingToPlay), encoding.unknownMessage(strings)].compactMap { $0 }.joined(separator: " ")
        case .cannotWrite(let path, let reason):
            return strings(.storageWriteFailed, ["reason": "\(path) : \(SystemErrorText.summary(reason, strings))"])
        }
    }
}

/// Morse about to be played: everything the runtime needs to report and to stream it.
public struct MorsePlayback: Sendable {
    public let encoding: MorseEncoding
    public let timeline: MorseTimeline
    public let tones: MorseToneRenderer

    public var durationMs: Double { timeline.durationMs }
    public var sampleRate: Int { timeline.sampleRate }
    public var sampleCount: Int { timeline.sampleCount }
    public func chunks(of size: Int = 16_384) -> MorseSampleChunks { tones.chunks(of: size) }
    public func unknownMessage(_ strings: Strings) -> String? { encoding.unknownMessage(strings) }
}

/// What `lecteur morse TEXT --output FILE.wav` produced.
public struct MorseWriteResult: Hashable, Sendable {
    public let encoding: MorseEncoding
    public let timeline: MorseTimeline

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
        MorseToneRenderer(timeline: timeline, tone: settings.tone)
    }

    /// One symbol, ready to play (a few hundred milliseconds of samples).
    public func samples(_ symbol: MorseSymbol) -> [Int16] { renderer(timeline(symbol)).renderAll() }

    /// A text ready to play: its timeline (for `duration_ms`), its samples on demand, and the
    /// characters that were skipped. Throws `.nothingToPlay` when no character has a code.
    public func playback(text: String) throws(MorseError) -> MorsePlayback {
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

    /// Streams `text` as a WAV file: the header first (the length is known from the timeline),
    /// then chunks, so memory stays flat however long the text. `progress` is called after each
    /// chunk on the caller's thread. Unknown characters are skipped and listed in the result.
    @discardableResult
    public func writeWAV(text: String, to url: URL, chunkSamples: Int = 1 << 16,
                         progress: ((MorseWriteProgress) -> Void)? = nil) throws(MorseError) -> MorseWriteResult {
        let playback = try playback(text: text)
        let (encoding, timeline, tones) = (playback.encoding, playback.timeline, playback.tones)
        do {
            // The file ends with a word gap of silence (see `trailingSilenceSamples`).
            let silence = timeline.trailingSilenceSamples
            let total = timeline.sampleCount + silence
            guard FileManager.default.createFile(atPath: url.path, contents: WAVFile.header(
                sampleRate: sampleRate, sampleCount: total)) else {
                throw MorseError.cannotWrite(path: url.path, reason: String(cString: strerror(errno)))
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.seekToEnd()
            var chunks = tones.chunks(of: chunkSamples)
            while let chunk = chunks.next() {
                try handle.write(contentsOf: Self.littleEndianBytes(chunk))
                progress?(MorseWriteProgress(samplesWritten: chunks.position, totalSamples: total,
                                             sampleRate: sampleRate))
            }
            try handle.write(contentsOf: Data(count: silence * MemoryLayout<Int16>.size))
            progress?(MorseWriteProgress(samplesWritten: total, totalSamples: total, sampleRate: sampleRate))
        } catch let error as MorseError {
            throw error
        } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
        return MorseWriteResult(encoding: encoding, timeline: timeline)
    }

    static func littleEndianBytes(_ samples: [Int16]) -> Data {
        #if _endian(little)
        return samples.withUnsafeBytes { Data($0) }
        #else
        return samples.map(\.littleEndian).withUnsafeBytes { Data($0) }
        #endif
    }
}
