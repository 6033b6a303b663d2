// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore
import LecteurFiles

/// One-shot synthesis without an audio device: `lecteur say TEXT --output FILE.wav`, and the
/// pronunciation checks against espeak-ng's own phoneme transcription.
public enum SpeechSynthesis {
    /// The whole of `text`, spoken with `settings`, as 16-bit mono samples (22 050 Hz).
    public static func synthesize(_ text: String, settings: SpeechSettings = .default,
                                  dataPath: String? = nil) throws(SpeechError) -> WAVFile {
        let library = EspeakLibrary.shared
        let rate = try library.load(dataPath: dataPath)
        let collector = SampleCollector()
        try library.synthesize(text, settings: settings.clamped, dataPath: dataPath) { samples in
            collector.samples.append(contentsOf: samples)
            return true
        }
        return WAVFile(sampleRate: rate, samples: collector.samples)
    }

    /// Synthesises `text` into a WAV file at `path`, streaming: memory stays flat however long
    /// the text. A regular file is replaced once complete; a FIFO or a device is written through.
    /// Past the WAV format's 4 GiB limit synthesis stops and `.fileTooLong` is thrown (the
    /// target is left as it was).
    @discardableResult
    public static func writeWAV(_ text: String, to path: String, settings: SpeechSettings = .default,
                                dataPath: String? = nil) throws(SpeechError) -> SpeechFileSummary {
        let library = EspeakLibrary.shared
        let rate = try library.load(dataPath: dataPath)
        let state: FileWriteState
        do {
            let file = try OutputFile(path: path, policy: .replace)
            state = FileWriteState(file)
            try file.write(WAVFile.header(sampleRate: rate, sampleCount: file.isSeekable ? 0 : Int.max))
        } catch {
            throw .audio(.file(error))
        }
        defer { state.file.discard() }
        try library.synthesize(text, settings: settings.clamped, dataPath: dataPath) { samples in
            guard state.count + samples.count <= WAVFile.maximumSampleCount else {
                state.failure = .fileTooLong(path: path)
                return false
            }
            do throws(OutputFileError) { try state.file.write(UnsafeRawBufferPointer(samples)) } catch {
                state.failure = .file(error)
                return false
            }
            state.count += samples.count
            return true
        }
        if let failure = state.failure { throw .audio(failure) }
        do {
            try state.file.overwrite(WAVFile.header(sampleRate: rate, sampleCount: state.count), at: 0)
            try state.file.finish()
        } catch {
            throw .audio(.file(error))
        }
        return SpeechFileSummary(sampleRate: rate, sampleCount: state.count)
    }

    /// The settings with a saved voice espeak-ng does not list replaced by the default one, and
    /// the notice to show when that happened: a stale value is never handed to the library.
    public static func usable(_ settings: SpeechSettings, dataPath: String? = nil) -> (SpeechSettings, SpeechError?) {
        do {
            try EspeakLibrary.shared.checkVoice(settings.voice, dataPath: dataPath)
            return (settings, nil)
        } catch {
            guard case .voiceNotFound = error else { return (settings, nil) }
            var fallback = settings
            fallback.voice = SpeechSettings.default.voice
            return (fallback, .voiceNotFound(voice: settings.voice, current: fallback.voice))
        }
    }

    /// espeak-ng's phonemes for `text` (the notation of `espeak-ng -x -q`), one line per clause.
    public static func phonemes(_ text: String, voice: String = SpeechSettings.default.voice,
                                dataPath: String? = nil) throws(SpeechError) -> String {
        try EspeakLibrary.shared.phonemes(text, voice: voice, dataPath: dataPath)
    }
}

/// What `writeWAV` wrote.
public struct SpeechFileSummary: Hashable, Sendable {
    public let sampleRate: Int
    public let sampleCount: Int
    public var durationSeconds: Double { Double(sampleCount) / Double(sampleRate) }
}

/// Only touched by the synthesising thread, inside one `espeak_Synth` call.
private final class FileWriteState {
    let file: OutputFile
    var count = 0
    var failure: AudioOutputError?
    init(_ file: OutputFile) { self.file = file }
}

/// Only touched by the synthesising thread, inside one `espeak_Synth` call.
private final class SampleCollector {
    var samples: [Int16] = []
}
