// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore
import LecteurSpeech
import LecteurStore
import LecteurScreenReaderWatch

/// A device asked for with `on` that is not there at start: the program stops with exit code 69
/// (EX_UNAVAILABLE), saying why (`StartupFailure.message`).
public struct DeviceUnavailable: Error {
    public let failure: StartupFailure
    public init(_ failure: StartupFailure) { self.failure = failure }
}

/// Which voice speaks, from the options and what runs on the machine. Pure: the probes' answers
/// come in as values.
public enum SpeechRoute: Hashable, Sendable {
    case off
    case espeak
    case speechd(autospawn: Bool)
    /// A screen reader already speaks and speech-dispatcher is not there to share its queue: the
    /// reader keeps quiet and says once why and how to force speech.
    case silentBeside(ScreenReader)

    public static func choose(mode: SpeechMode, backend: SpeechBackend, writesFile: Bool,
                              screenReader: ScreenReader?, speechdRunning: Bool) -> SpeechRoute {
        if mode == .off { return .off }
        // speech-dispatcher plays on its own device: a WAV file of the session needs espeak-ng.
        if writesFile { return .espeak }
        switch (mode, backend) {
        case (_, .speechd): return .speechd(autospawn: true)
        case (.on, .espeak): return .espeak
        case (.on, .auto): return speechdRunning ? .speechd(autospawn: false) : .espeak
        case (_, .espeak): return screenReader.map { .silentBeside($0) } ?? .espeak
        default:
            if speechdRunning { return .speechd(autospawn: false) }
            return screenReader.map { .silentBeside($0) } ?? .espeak
        }
    }
}

/// The reader's audio output (speech with espeak-ng, Morse) and its voice, as `--speech`,
/// `--speech-backend` and `--audio-out` ask, beside whatever screen reader the user runs.
public final class SpeechSetup: Sendable {
    /// Where the reader's own sound goes (espeak-ng's speech and Morse).
    public let output: AudioOutput
    public let voice: SpeechOutput?
    /// espeak-ng, when it is the voice (its settings are `set débit…`).
    public let espeak: SpeechEngine?
    public let speechd: SpeechdClient?
    /// speech-dispatcher as the voice, with its fallback when the service fails.
    public let speechdVoice: SpeechdVoice?
    public let route: SpeechRoute
    /// What to say once at start (a fallback, a screen reader beside, a voice setting refused).
    public let notices: [StartupProblem]
    /// The screen reader found at start (`--speech auto` only).
    public let screenReader: ScreenReader?
    private let stack: SpeechStack?

    private init(output: AudioOutput, stack: SpeechStack?, speechd: SpeechdVoice?, route: SpeechRoute, notices: [StartupProblem],
                 screenReader: ScreenReader? = nil) {
        self.output = output
        self.screenReader = screenReader
        self.stack = stack
        self.espeak = stack?.engine
        self.speechd = speechd?.client
        self.speechdVoice = speechd
        self.route = route
        self.notices = notices
        if let engine = stack?.engine {
            voice = EspeakVoice(engine: engine)
        } else {
            voice = speechd
        }
    }

    /// Utterances not yet heard (`état`); nil without a voice.
    public var pendingUtterances: Int? {
        if let espeak { return espeak.statistics.pendingUtterances }
        return speechdVoice?.pendingUtterances
    }

    /// `language` is the locale's code (`fr`, `en`), the language speech-dispatcher is asked to speak.
    /// - Throws: `DeviceUnavailable` when `mode` is `.on` and the chosen voice cannot start.
    public static func start(mode: SpeechMode, backend: SpeechBackend, audioOut: String?, settings: SpeechSettings,
                             language: String, probes: ScreenReaderProbes) throws -> SpeechSetup {
        let screenReader = mode == .auto ? probes.detect() : nil
        // Only an already running daemon counts here; starting one is for an explicit `speechd`.
        var running: SpeechdClient?
        // Something at the address that does not behave (hung, closing, hostile) is said once;
        // no daemon at all is the usual case under `auto` and is not.
        var misbehaving: SpeechdError?
        if mode != .off, audioOut == nil, backend != .espeak || screenReader != nil {
            do {
                running = try SpeechdClient.connect(language: language, autospawn: false)
            } catch {
                if case .unreachable = error {} else { misbehaving = error }
            }
        }
        let route = SpeechRoute.choose(mode: mode, backend: backend, writesFile: audioOut != nil,
                                       screenReader: screenReader, speechdRunning: running != nil)
        var notices: [StartupProblem] = []
        switch route {
        case .speechd(let autospawn):
            let client: SpeechdClient
            do throws(SpeechdError) {
                if let running { client = running } else {
                    client = try SpeechdClient.connect(language: language, autospawn: autospawn)
                }
            } catch {
                if mode == .on {
                    throw DeviceUnavailable(.speechdUnavailable(error))
                }
                // Asked for speechd with `auto`: espeak-ng, unless a screen reader speaks.
                if let screenReader {
                    return SpeechSetup(output: openDeviceOrSilence(), stack: nil, speechd: nil, route: .silentBeside(screenReader),
                                       notices: [.screenReaderSilent(screenReader)], screenReader: screenReader)
                }
                notices.append(.speechdFallback(error))
                return try espeakSetup(mode: mode, audioOut: audioOut, settings: settings, notices: notices)
            }
            if let screenReader { notices.append(.screenReaderSharesSpeechd(screenReader)) }
            let output = DeviceAudioOutput.onDemand()
            // What `auto` would choose without speech-dispatcher: espeak-ng on a real output,
            // silence beside a screen reader or without a sound device (whether there is one is
            // known when speech-dispatcher fails: the device is opened then, if Morse has not).
            let besideNoScreenReader = screenReader == nil
            let voice = SpeechdVoice(client: client) {
                besideNoScreenReader && output.openNow() ? try? SpeechEngine(output: output, settings: settings) : nil
            }
            return SpeechSetup(output: output, stack: nil, speechd: voice, route: route, notices: notices,
                               screenReader: screenReader)
        case .silentBeside(let screenReader):
            running?.close()
            return SpeechSetup(output: openDeviceOrSilence(), stack: nil, speechd: nil, route: route,
                               notices: [.screenReaderSilent(screenReader)], screenReader: screenReader)
        case .espeak, .off:
            running?.close()
            if mode != .off, let misbehaving { notices.append(.speechdFallback(misbehaving)) }
            return try espeakSetup(mode: mode, audioOut: audioOut, settings: settings, notices: notices)
        }
    }

    private static func espeakSetup(mode: SpeechMode, audioOut: String?, settings: SpeechSettings,
                                    notices: [StartupProblem]) throws -> SpeechSetup {
        let stack: SpeechStack
        do {
            stack = try SpeechStack.start(mode: mode, audioOut: audioOut, settings: settings)
        } catch {
            // A WAV file that cannot be written is a bad argument, not a missing device.
            switch error {
            case .audio(.cannotCreateFile), .audio(.file): throw error
            default: throw DeviceUnavailable(.speechUnavailable(error))
            }
        }
        return SpeechSetup(output: stack.output, stack: stack, speechd: nil, route: mode == .off ? .off : .espeak,
                           notices: notices + stack.problems.map { .speech($0) })
    }

    /// Morse still sounds when speech goes through speech-dispatcher or is silent: the device
    /// opened at its first sound (issue 49), so a reader that plays no Morse never opens it.
    private static func openDeviceOrSilence() -> AudioOutput {
        DeviceAudioOutput.onDemand()
    }

    /// Lets the last words be heard, then closes everything.
    public func shutdown(drainTimeout: Duration = .seconds(10)) {
        if let stack {
            stack.shutdown(drainTimeout: drainTimeout)
            return
        }
        speechdVoice?.shutdown(drainTimeout: drainTimeout)
        _ = output.waitUntilDrained(timeout: drainTimeout)
        output.close()
    }
}

/// `set synthèse auto|espeak|speechd` (also `speech-backend`): saved, used from the next start
/// (the voice in use keeps speaking until then).
public final class SpeechBackendSetting: SettingsDomain {
    private let store: ReaderStore

    public init(store: ReaderStore) {
        self.store = store
    }

    /// The saved choice; `auto` when none was saved.
    public static func saved(in store: ReaderStore) -> SpeechBackend {
        store.value(SpeechBackend.storageKey).flatMap(SpeechBackend.init(rawValue:)) ?? .auto
    }

    public func reading(_ key: SettingKey) -> SettingReading? {
        guard key == .speechBackend else { return nil }
        return SettingReading(value: Self.saved(in: store).rawValue, choices: SpeechBackend.allCases.map(\.rawValue))
    }

    public func configure(_ key: SettingKey, value: String) -> Result<SettingValue, SettingFault>? {
        guard key == .speechBackend else { return nil }
        guard let backend = SpeechBackend(rawValue: CommandParser.fold(value)) else {
            return .failure(.unknownSpeechBackend(value: value))
        }
        return .success(SettingValue(.speechBackend(backend.rawValue)))
    }
}
