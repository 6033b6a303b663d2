import Foundation
import LecteurAudio
import LecteurCore

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

    /// Synthesises `text` into a WAV file at `path` and returns what was written.
    @discardableResult
    public static func writeWAV(_ text: String, to path: String, settings: SpeechSettings = .default,
                                dataPath: String? = nil) throws(SpeechError) -> WAVFile {
        let wav = try synthesize(text, settings: settings, dataPath: dataPath)
        do { try wav.encoded().write(to: URL(fileURLWithPath: path)) } catch {
            throw .audio(.cannotCreateFile(path: path, detail: error.localizedDescription))
        }
        return wav
    }

    /// espeak-ng's phonemes for `text` (the notation of `espeak-ng -x -q`), one line per clause.
    public static func phonemes(_ text: String, voice: String = SpeechSettings.default.voice,
                                dataPath: String? = nil) throws(SpeechError) -> String {
        try EspeakLibrary.shared.phonemes(text, voice: voice, dataPath: dataPath)
    }
}

/// Only touched by the synthesising thread, inside one `espeak_Synth` call.
private final class SampleCollector {
    var samples: [Int16] = []
}
