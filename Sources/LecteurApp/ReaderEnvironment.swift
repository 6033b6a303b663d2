// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurBraille
import LecteurCore
import LecteurNetwork
import LecteurSpeech
import LecteurDevices
import LecteurScreenReaderWatch
import LecteurStore
import LecteurTerminal

/// `--braille auto|on|off`: `on` refuses to start without a display, `off` never connects.
public enum DeviceMode: String, CaseIterable, Hashable, Sendable {
    case auto, on, off
}

/// Where the catalogue comes from, as the command line named it.
public enum CatalogueLocation: Sendable {
    case builtIn
    /// A JSON file in the API's format.
    case file(String)
    /// The formations API, through a client already checked (address, timeout).
    case remote(CatalogueClient)
}

/// What `lecteur read` was asked for, typed: the command line parses and checks it, the
/// composition root builds from it.
public struct ReaderOptions: Sendable {
    public var strings: Strings
    public var transcript: TranscriptFormat
    public var speech: SpeechMode
    public var braille: DeviceMode
    /// nil: the saved choice (`régler synthèse`).
    public var speechBackend: SpeechBackend?
    /// The `--audio-out` WAV file, instead of a sound device.
    public var audioOut: String?
    /// nil: the saved table.
    public var brailleTable: BrailleTable?
    public var brlapiHost: String?
    public var brlapiAuth: String?
    public var brailleTty: BrlAPISettings.TtyMode
    /// This run's keyboard mode (`--input`), not saved; nil: the saved one.
    public var input: InputMode?
    public var catalogue: CatalogueLocation

    public init(strings: Strings, transcript: TranscriptFormat = .text, speech: SpeechMode = .auto, braille: DeviceMode = .auto,
                speechBackend: SpeechBackend? = nil, audioOut: String? = nil, brailleTable: BrailleTable? = nil,
                brlapiHost: String? = nil, brlapiAuth: String? = nil, brailleTty: BrlAPISettings.TtyMode = .tty,
                input: InputMode? = nil, catalogue: CatalogueLocation = .builtIn) {
        self.strings = strings
        self.transcript = transcript
        self.speech = speech
        self.braille = braille
        self.speechBackend = speechBackend
        self.audioOut = audioOut
        self.brailleTable = brailleTable
        self.brlapiHost = brlapiHost
        self.brlapiAuth = brlapiAuth
        self.brailleTty = brailleTty
        self.input = input
        self.catalogue = catalogue
    }
}

/// The composition root of the reader (`say` and `morse` have theirs beside it): builds storage, the voice and the shared audio
/// output, the braille display, the catalogue source and the transcript from the options, hands
/// them to the session, and runs the command loop on the terminal or a pipe.
public struct ReaderEnvironment: Sendable {
    public let session: ReaderSession
    public let options: ReaderOptions
    private let speech: SpeechSetup
    /// What start-up found wrong (devices, storage, lexicons), said before the first command.
    private let startupNotices: [StartupProblem]

    /// - Throws: `DeviceUnavailable` for a device asked for with `on` that is not there;
    ///   `SpeechError` for an `--audio-out` file that cannot be written.
    public static func live(_ options: ReaderOptions) throws -> ReaderEnvironment {
        let strings = options.strings
        // Decided once for the settings, the database, the history, the catalogue copy and the
        // libraries (PulseAudio wrote « Failed to get the home directory, not an absolute path »
        // in English for a relative HOME): they all read the same HOME from here on.
        let home = UserHome.resolve(ProcessInfo.processInfo.environment)
        if home.problem != nil {
            if let path = home.path { setenv("HOME", path, 1) } else { unsetenv("HOME") }
        }
        let store = ReaderStore()

        // Speech and Morse share one audio output: a device, the --audio-out file, or silence.
        // The voice is espeak-ng or speech-dispatcher, beside the user's screen reader.
        let settings = SpeechSettingsDomain.saved(in: store, for: strings)
        // An option is for this session, as --braille-table is: `régler synthèse` saves a choice.
        let backend = options.speechBackend ?? SpeechBackendSetting.saved(in: store)
        var startupNotices: [StartupProblem] = []
        let speech = try SpeechSetup.start(mode: options.speech, backend: backend, audioOut: options.audioOut,
                                           settings: settings, language: strings.localeCode, probes: .fromEnvironment())
        startupNotices.insert(contentsOf: speech.notices, at: 0)
        if let problem = home.problem { startupNotices.insert(.home(problem), at: 0) }
        let (pronunciation, lexiconNotices) = Localization.pronunciation(strings, userFolder: store.configuration.userFolder)
        startupNotices += lexiconNotices
        var reader = Reader(strings: strings, timeZone: .current, pronunciation: pronunciation,
                            characters: Localization.characters(strings), sampleRate: speech.output.sampleRate,
                            qsoMaterial: Localization.qsoMaterial)

        let brlapi = BrlAPISettings.fromEnvironment(host: options.brlapiHost, auth: options.brlapiAuth,
                                                    ttyMode: options.brailleTty)
        let braille = BrailleDevice(display: options.braille != .off, required: options.braille == .on, table: options.brailleTable, settings: brlapi,
                                    store: store)
        if options.braille == .on {
            braille.start()
            if let failure = braille.firstConnectionProblem(host: brlapi.hostDescription) {
                braille.release()
                speech.shutdown(drainTimeout: .zero)
                throw DeviceUnavailable(failure)
            }
        }
        if options.braille != .off { reader.brailleCells = { braille.cellCount($0) } }
        var devices = ReaderDevices(
            speech: speech.voice, braille: braille, audio: speech.output,
            settings: [SpeechSettingsDomain(currentEngine: { speech.espeak ?? speech.speechdVoice?.fallbackEngine },
                                            store: store),
                       SpeechBackendSetting(store: store), braille],
            status: {
                DeviceStatus(sound: .init(speech.output), speechPending: speech.pendingUtterances, braille: braille.status)
            })
        devices.listen.append(braille.listen)
        if let voice = speech.speechdVoice { devices.listen.append(voice.listen) }
        devices.settle.append { braille.waitForFirstAnswer() }
        if let output = speech.output as? DeviceAudioOutput {
            devices.listen.append { post in
                output.observe { event in
                    switch event {
                    case .lost: post(.device(.audioLost))
                    case .restored: post(.device(.audioRestored))
                    }
                }
            }
        }

        let session = ReaderSession(reader: reader, transcript: Transcript(format: options.transcript, strings: strings),
                                    catalogueSource: catalogueSource(options.catalogue), store: store,
                                    devices: devices)
        return ReaderEnvironment(session: session, options: options, speech: speech, startupNotices: startupNotices)
    }

    static func catalogueSource(_ location: CatalogueLocation) -> CatalogueSource {
        switch location {
        case .builtIn: LocalCatalogueSource(origin: .builtIn)
        case .file(let path): LocalCatalogueSource(origin: .file(path))
        case .remote(let client): RemoteCatalogueSource(client: client)
        }
    }

    /// Runs the reader until the user quits or the input ends; a signal ends it cleanly.
    public func run() {
        let session = self.session, speech = self.speech
        // Under `--speech auto` the reader keeps out of a screen reader's way, and looks again
        // all along: one started or quit later is noticed too.
        let watch = options.speech == .auto ? ScreenReaderWatch(probes: .fromEnvironment()) : nil
        let termination = Termination()
        termination.install {
            // Its bus monitor is a child process: killed here, it does not outlive the reader.
            watch?.stop()
            session.shutdown()
            speech.voice?.stop()
            speech.output.close()
            TerminalMode.restore()
        }
        let strings = options.strings
        Self.watchStandardOutput(session: session, strings: strings)
        var startupNotices = self.startupNotices
        let interactive = CommandLoop.standardInputIsTerminal
        if options.input == .keys && !interactive { startupNotices.append(.keysNeedTerminal) }
        let prompt = options.transcript == .text ? PromptKind.readerPrompt(strings) : ""
        if let watch {
            session.post(.screenReader(.found(speech.screenReader, voiceSharesQueue: speech.speechdVoice != nil)))
            watch.start { [weak session] signals in session?.post(.screenReader(.observed(signals))) }
        }
        defer { watch?.stop() }
        // The signal handlers live as long as the loop.
        withExtendedLifetime(termination) {
            let edited = interactive && TerminalLoop(session: session, prompt: prompt, inputMode: options.input,
                                                     reportsFocus: watch != nil)
                .run(startupNotices: startupNotices)
            if !edited {
                // From a pipe exactly as before; on a terminal libedit could not take, plain lines.
                CommandLoop(session: session, interactive: interactive, prompt: interactive ? prompt : nil)
                    .run(startupNotices: startupNotices)
            }
        }
        // Let the last words be heard (or written to --audio-out) before leaving.
        speech.shutdown(drainTimeout: .seconds(30))
        session.shutdown()
        // Everything the transcript queued reaches its reader, however late it reads (a signal
        // still ends the wait: `Termination`).
        StandardOutput.shared.drain()
    }

    /// A standard output that fails is said on standard error, in the user's language: closed
    /// at start, full, or no longer read, in which case the session ends with its goodbye there
    /// (the transcript that would carry it is gone).
    static func watchStandardOutput(session: ReaderSession, strings: Strings) {
        let output = StandardOutput.shared
        let say: @Sendable (String) -> Void = { text in
            PrintedLine.toStandardError(text, strings)
        }
        if output.closedAtStart { say(OutputLoss.closed.message(strings)) }
        output.onDrop { say(OutputLoss.droppedMessage(limitBytes: StandardOutput.capacity, strings)) }
        output.onLoss { loss in
            say(loss.message(strings))
            guard loss.endsSession else { return }
            say(OutputLoss.goodbye(strings))
            session.post(.command(.quit))
        }
    }
}
