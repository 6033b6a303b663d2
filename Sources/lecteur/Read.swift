// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurAudio
import LecteurBraille
import LecteurCore
import LecteurSpeech

extension Lecteur {
    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "read", abstract: cli(.cliReadAbstract))

        @OptionGroup var common: CommonOptions

        @Option(name: .customLong("transcript"), help: ArgumentHelp(cli(.cliOptTranscript), valueName: "text|jsonl|none"),
                completion: .list(TranscriptFormat.allCases.map(\.rawValue)))
        var transcriptOption: String?
        // The default is in the help text, in the user's language; a default value here would
        // make swift-argument-parser add an English "(default: …)" after it.
        var transcript: String { transcriptOption ?? "text" }

        @Option(name: .customLong("speech"), help: ArgumentHelp(cli(.cliOptSpeech), valueName: "auto|on|off"),
                completion: .list(SpeechMode.allCases.map(\.rawValue)))
        var speechOption: String?
        // The default is in the help text, in the user's language; a default value here would
        // make swift-argument-parser add an English "(default: …)" after it.
        var speech: String { speechOption ?? "auto" }

        @Option(name: .customLong("braille"), help: ArgumentHelp(cli(.cliOptBraille), valueName: "auto|on|off"),
                completion: .list(DeviceMode.allCases.map(\.rawValue)))
        var brailleOption: String?
        // The default is in the help text, in the user's language; a default value here would
        // make swift-argument-parser add an English "(default: …)" after it.
        var braille: String { brailleOption ?? "auto" }

        @Option(name: .customLong("speech-backend"), help: ArgumentHelp(cli(.envCliOptSpeechBackend), valueName: "auto|espeak|speechd"),
                completion: .list(SpeechBackend.allCases.map(\.rawValue)))
        var speechBackend: String?

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptAudioOut), valueName: cli(.cliValueWavFile)),
                completion: .file(extensions: ["wav"]))
        var audioOut: String?

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptBrailleTable), valueName: cli(.cliValueBrailleTable)),
                completion: .list(BrailleTable.allCases.map(\.name)))
        var brailleTable: String?

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptBrlapiHost), valueName: cli(.cliValueHost)))
        var brlapiHost: String?

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptBrlapiAuth), valueName: cli(.cliValueKey)))
        var brlapiAuth: String?

        @Option(name: .customLong("braille-tty"), help: ArgumentHelp(cli(.envCliOptBrailleTty), valueName: "tty|root"),
                completion: .list(["tty", "root"]))
        var brailleTtyOption: String?
        // The default is in the help text, in the user's language (no English "(default: tty)").
        var brailleTty: String { brailleTtyOption ?? "tty" }

        // A string checked by `choice`, as the other options: a wrong value gets a French message
        // (ArgumentParser's own for an enum is English).
        @Option(name: .customLong("input"), help: ArgumentHelp(cli(.terminalCliOptInput), valueName: "lines|keys"))
        var inputOption: String?

        func run() throws {
            let strings = try common.strings()
            let format = try choice(transcript, "--transcript", as: TranscriptFormat.self)
            let speechMode = try choice(speech, "--speech", as: SpeechMode.self)
            let brailleMode = try choice(braille, "--braille", as: DeviceMode.self)
            let table = try brailleTable.map { name in
                guard let table = BrailleTable(name: name) else {
                    throw LecteurCLIError(strings(.brailleTableUnknown, ["name": name]))
                }
                return table
            }
            let input = try inputOption.map { try choice($0, "--input", as: InputMode.self) }
            let store = ReaderStore(strings: strings)

            // Speech and Morse share one audio output: a device, the --audio-out file, or silence.
            // The voice is espeak-ng or speech-dispatcher, beside the user's screen reader.
            var settings = SpeechSettingsDomain.saved(in: store)
            if strings.localeCode == "en" && settings.voice == SpeechSettings.default.voice { settings.voice = "en" }
            let backend = try speechBackend.map { try choice($0, "--speech-backend", as: SpeechBackend.self) }
                ?? SpeechBackendSetting.saved(in: store)
            var startupNotices: [String] = []
            if speechBackend != nil, let problem = store.save([SpeechBackend.storageKey: backend.rawValue]) {
                startupNotices.append(problem.message(strings))
            }
            let speechSetup: SpeechSetup
            do {
                speechSetup = try SpeechSetup.start(mode: speechMode, backend: backend, audioOut: audioOut, settings: settings,
                                                    strings: strings, probes: .fromEnvironment())
            } catch let error as SpeechError {
                throw LecteurCLIError(error.notice(strings))
            }
            startupNotices.insert(contentsOf: speechSetup.notices, at: 0)
            let (pronunciation, lexiconNotices) = Localization.pronunciation(strings, userFolder: store.configuration.userFolder)
            startupNotices += lexiconNotices
            let reader = Reader(strings: strings, timeZone: .current, pronunciation: pronunciation,
                                characters: Localization.characters(strings),
                                sampleRate: speechSetup.output.sampleRate)
            let brlapi = BrlAPISettings.fromEnvironment(host: brlapiHost, auth: brlapiAuth,
                                                        ttyMode: try choice(brailleTty, "--braille-tty", as: BrlAPISettings.TtyMode.self))
            let brailleDevice = BrailleDevice(display: brailleMode != .off, table: table, settings: brlapi,
                                              store: store, strings: strings)
            var devices = ReaderDevices(
                speech: speechSetup.voice, braille: brailleDevice, audio: speechSetup.output,
                settings: [SpeechSettingsDomain(currentEngine: { [speechSetup] in speechSetup.espeak ?? speechSetup.speechdVoice?.fallbackEngine },
                                                store: store),
                           SpeechBackendSetting(store: store), brailleDevice, KochLessonReading(store: store)],
                status: { [speechSetup] in
                    DeviceStatus(sound: .init(speechSetup.output), speechPending: speechSetup.pendingUtterances,
                                 braille: brailleDevice.status)
                })
            if brailleMode == .on {
                brailleDevice.start()
                if let problem = brailleDevice.firstConnectionProblem(host: brlapi.hostDescription) {
                    brailleDevice.release()
                    speechSetup.shutdown(drainTimeout: .zero)
                    throw DeviceUnavailable(problem)
                }
            }
            devices.listen.append(brailleDevice.listen)
            if let voice = speechSetup.speechdVoice { devices.listen.append(voice.listen) }
            devices.settle.append { brailleDevice.waitForFirstAnswer() }
            if let output = speechSetup.output as? DeviceAudioOutput {
                devices.listen.append { post in
                    output.observe { event in
                        switch event {
                        case .lost: post(.device(.audioLost))
                        case .restored: post(.device(.audioRestored))
                        }
                    }
                }
            }
            let session = ReaderSession(reader: reader, transcript: Transcript(format: format, strings: strings),
                                        catalogueSource: try common.catalogueSource(strings: strings), store: store,
                                        devices: devices)

            let termination = Termination()
            termination.install {
                session.shutdown()
                speechSetup.voice?.stop()
                speechSetup.output.close()
                TerminalMode.restore()
            }
            let interactive = CommandLoop.standardInputIsTerminal
            if input == .keys && !interactive { startupNotices.append(strings(.terminalKeysNeedTerminal)) }
            let prompt = format == .text ? strings(.appPrompt) : ""
            let edited = interactive && TerminalLoop(session: session, prompt: prompt, inputMode: input)
                .run(startupNotices: startupNotices)
            if !edited {
                // From a pipe exactly as before; on a terminal libedit could not take, plain lines.
                CommandLoop(session: session, interactive: interactive, prompt: interactive ? prompt : nil)
                    .run(startupNotices: startupNotices)
            }
            // Let the last words be heard (or written to --audio-out) before leaving.
            speechSetup.shutdown(drainTimeout: .seconds(30))
            session.shutdown()
        }
    }
}

enum DeviceMode: String, CaseIterable {
    case auto, on, off
}

