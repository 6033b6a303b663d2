// SPDX-License-Identifier: GPL-3.0-or-later
import CEspeakNG
import Foundation
import LecteurCore
import Synchronization

/// A voice installed with espeak-ng's data.
public struct SpeechVoice: Hashable, Sendable {
    /// What `set voice` accepts, e.g. "French".
    public let name: String
    /// e.g. "roa/fr"
    public let identifier: String
    /// e.g. ["fr-fr", "fr"]
    public let languages: [String]
}

/// libespeak-ng holds one global state per process. This wrapper owns it: every call is made
/// inside one `Mutex` (which also holds what the library was last given), (re)initialises the
/// library for the data path the caller wants, and re-applies voice and parameters only when they
/// differ from what the library already has.
///
/// Synchronous output mode: `espeak_Synth` synthesises on the calling thread and hands samples
/// to the callback before it returns (~1500× real time here), so there is no espeak thread to
/// race with and the abort of an utterance is the callback returning 1.
final class EspeakLibrary: Sendable {
    static let shared = EspeakLibrary()

    /// What the library has now; held for every espeak call.
    fileprivate struct State {
        /// nil: not initialised. The inner value is the data path asked for (nil = espeak's default).
        var loaded: String??
        var rate = 22_050
        var voice: String?
        var parameters: (rate: Int, pitch: Int, volume: Int)?
        /// What `select(voice:)` accepts, lowercased, for the data loaded: listed names and languages,
        /// and the variants ("f3" of "fr+f3"). Each filled on first use after each load: every
        /// listing reads all of espeak-ng's voice files (some 360), and a voice without a variant
        /// needs only the first (issue 49: `say` read them twice).
        var acceptedVoices: Set<String>?
        var acceptedVariants: Set<String>?
    }

    private let library = Mutex(State())

    /// Samples of one synthesis buffer. The library asks for short buffers so that the first
    /// samples reach the audio output as early as possible.
    fileprivate static let bufferMilliseconds: Int32 = 20

    var sampleRate: Int {
        library.withLock { $0.rate }
    }

    /// Checks that espeak-ng starts with this data and returns its sample rate.
    func load(dataPath: String?) throws(SpeechError) -> Int {
        try library.withLock { (state) throws(SpeechError) -> Int in
            try state.ensureLoaded(dataPath)
            return state.rate
        }
    }

    /// Synthesises `text`; `chunk` receives the samples and returns false to abort.
    func synthesize(_ text: String, settings: SpeechSettings, dataPath: String?,
                    chunk: @escaping (UnsafeBufferPointer<Int16>) -> Bool) throws(SpeechError) {
        try library.withLock { (state) throws(SpeechError) in
            try state.ensureLoaded(dataPath)
            try state.apply(settings)
            let context = SynthesisContext(chunk)
            let box = Unmanaged.passRetained(context)
            defer { box.release() }
            let status = text.withCString { pointer in
                espeak_Synth(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0,
                             UInt32(espeakCHARS_UTF8), nil, box.toOpaque())
            }
            guard status == EE_OK else { throw .synthesisFailed(detail: "espeak_Synth returned \(status.rawValue)") }
        }
    }

    /// Selects the voice (the engine's way to check that a voice exists).
    func checkVoice(_ name: String, dataPath: String?) throws(SpeechError) {
        try library.withLock { (state) throws(SpeechError) in
            try state.ensureLoaded(dataPath)
            try state.select(voice: name)
        }
    }

    func voices(dataPath: String?) throws(SpeechError) -> [SpeechVoice] {
        try library.withLock { (state) throws(SpeechError) -> [SpeechVoice] in
            try state.ensureLoaded(dataPath)
            return Self.listVoices(variants: false)
        }
    }

    /// espeak-ng's phoneme transcription (the `espeak-ng -x -q` notation), clauses separated by
    /// newlines as the command prints them.
    func phonemes(_ text: String, voice name: String, dataPath: String?) throws(SpeechError) -> String {
        try library.withLock { (state) throws(SpeechError) -> String in
            try state.ensureLoaded(dataPath)
            try state.select(voice: name)
            var clauses: [String] = []
            text.withCString { pointer in
                var cursor: UnsafeRawPointer? = UnsafeRawPointer(pointer)
                while cursor != nil {
                    guard let result = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, 0) else { break }
                    let clause = String(cString: result).trimmingCharacters(in: .whitespaces)
                    if !clause.isEmpty { clauses.append(clause) }
                }
            }
            return clauses.joined(separator: "\n")
        }
    }

    /// espeak_ListVoices: the voices, or with `variants` the variant files ("!v/f3").
    fileprivate static func listVoices(variants: Bool) -> [SpeechVoice] {
        let list: UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>?
        if variants {
            list = "variant".withCString { pointer in
                var selector = espeak_VOICE()
                selector.languages = pointer
                return espeak_ListVoices(&selector)
            }
        } else {
            list = espeak_ListVoices(nil)
        }
        guard let list else { return [] }
        var voices: [SpeechVoice] = []
        var i = 0
        while let entry = list[i] {
            let v = entry.pointee
            voices.append(SpeechVoice(name: v.name.map { String(cString: $0) } ?? "",
                                      identifier: v.identifier.map { String(cString: $0) } ?? "",
                                      languages: Self.languages(v.languages)))
            i += 1
        }
        return voices
    }

    fileprivate static var defaultDataPath: String {
        var path: UnsafePointer<CChar>?
        _ = espeak_Info(&path)
        return path.map { String(cString: $0) } ?? "espeak-ng-data"
    }

    fileprivate static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(nulTerminated: buffer)
    }

    /// espeak's list: a priority byte, then a NUL-terminated name, repeated, ending with a 0 byte.
    private static func languages(_ pointer: UnsafePointer<CChar>?) -> [String] {
        guard var p = pointer else { return [] }
        var out: [String] = []
        while p.pointee != 0 {
            p += 1
            let name = String(cString: p)
            out.append(name)
            p += strlen(p) + 1
        }
        return out
    }
}

/// The library's calls, made with the lock held (inside `EspeakLibrary.library`).
extension EspeakLibrary.State {
    mutating func ensureLoaded(_ dataPath: String?) throws(SpeechError) {
        if let loaded, loaded == dataPath { return }
        loaded = nil
        voice = nil
        parameters = nil
        acceptedVoices = nil
        acceptedVariants = nil
        espeak_ng_InitializePath(dataPath)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        defer { espeak_ng_ClearErrorContext(&context) }
        guard status == ENS_OK else {
            let message = EspeakLibrary.message(status)
            // Values below 256 are errno codes: the data files could not be read.
            if status.rawValue & ENS_GROUP_MASK.rawValue == ENS_GROUP_ERRNO.rawValue {
                throw .dataMissing(path: dataPath ?? EspeakLibrary.defaultDataPath, detail: message)
            }
            throw .engineFailed(detail: message)
        }
        let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, EspeakLibrary.bufferMilliseconds, nil)
        guard output == ENS_OK else { throw .engineFailed(detail: EspeakLibrary.message(output)) }
        rate = Int(espeak_ng_GetSampleRate())
        espeak_SetSynthCallback(synthCallback)
        loaded = .some(dataPath)
    }

    mutating func apply(_ settings: SpeechSettings) throws(SpeechError) {
        if voice != settings.voice {
            try select(voice: settings.voice)
        }
        let wanted = (settings.rate, settings.pitch, settings.volume)
        if let parameters, parameters == wanted { return }
        espeak_SetParameter(espeakRATE, Int32(settings.rate), 0)
        espeak_SetParameter(espeakPITCH, Int32(settings.pitch), 0)
        espeak_SetParameter(espeakVOLUME, Int32(settings.volume), 0)
        parameters = wanted
    }

    mutating func select(voice name: String) throws(SpeechError) {
        guard isListed(name), espeak_SetVoiceByName(name) == EE_OK else {
            // espeak keeps its previous voice on failure, but do not rely on it.
            let previous = voice
            voice = nil
            parameters = nil
            throw .voiceNotFound(voice: name, current: previous ?? "")
        }
        voice = name
        // A new voice brings its own rate and pitch.
        parameters = nil
    }

    /// Whether `name` is a voice espeak-ng lists, by name or language, with an optional listed
    /// variant ("fr", "French", "fr+f3"). Anything else — ".", "..", "!v/m1", a path — never
    /// reaches espeak_SetVoiceByName, which crashes on some and reads files named by others.
    private mutating func isListed(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_()+ ".unicodeScalars)
        guard !name.isEmpty, name.utf8.count <= 64, name.unicodeScalars.allSatisfy(allowed.contains) else { return false }
        let parts = name.lowercased().split(separator: "+", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        if acceptedVoices == nil {
            var voices = Set<String>()
            for voice in EspeakLibrary.listVoices(variants: false) {
                voices.insert(voice.name.lowercased())
                for language in voice.languages { voices.insert(language.lowercased()) }
            }
            acceptedVoices = voices
        }
        guard acceptedVoices?.contains(String(parts[0])) == true else { return false }
        if parts.count == 1 { return true }
        if acceptedVariants == nil {
            acceptedVariants = Set(EspeakLibrary.listVoices(variants: true).compactMap { voice -> String? in
                guard voice.identifier.hasPrefix("!v/") else { return nil }
                return String(voice.identifier.dropFirst(3)).lowercased()
            })
        }
        return acceptedVariants?.contains(String(parts[1])) == true
    }
}

/// The Swift side of one `espeak_Synth` call, reached from the C callback through `user_data`.
private final class SynthesisContext {
    let chunk: (UnsafeBufferPointer<Int16>) -> Bool
    init(_ chunk: @escaping (UnsafeBufferPointer<Int16>) -> Bool) { self.chunk = chunk }
}

private func synthCallback(_ samples: UnsafeMutablePointer<Int16>?, _ count: Int32,
                           _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let userData = events?.pointee.user_data else { return 0 }
    let context = Unmanaged<SynthesisContext>.fromOpaque(userData).takeUnretainedValue()
    guard let samples, count > 0 else { return 0 }
    return context.chunk(UnsafeBufferPointer(start: samples, count: Int(count))) ? 0 : 1
}
