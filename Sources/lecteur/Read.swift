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

        @Option(name: .customLong("transcript"), help: ArgumentHelp(cli(.cliOptTranscript), valueName: "text|jsonl|none"))
        var transcriptOption: String?
        // The default is in the help text, in the user's language; a default value here would
        // make swift-argument-parser add an English "(default: …)" after it.
        var transcript: String { transcriptOption ?? "text" }

        @Option(name: .customLong("speech"), help: ArgumentHelp(cli(.cliOptSpeech), valueName: "auto|on|off"))
        var speechOption: String?
        // The default is in the help text, in the user's language; a default value here would
        // make swift-argument-parser add an English "(default: …)" after it.
        var speech: String { speechOption ?? "auto" }

        @Option(name: .customLong("braille"), help: ArgumentHelp(cli(.cliOptBraille), valueName: "auto|on|off"))
        var brailleOption: String?
        // The default is in the help text, in the user's language; a default value here would
        // make swift-argument-parser add an English "(default: …)" after it.
        var braille: String { brailleOption ?? "auto" }

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptAudioOut), valueName: cli(.cliValueWavFile)))
        var audioOut: String?

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptBrailleTable), valueName: cli(.cliValueBrailleTable)))
        var brailleTable: String?

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptBrlapiHost), valueName: cli(.cliValueHost)))
        var brlapiHost: String?

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptBrlapiAuth), valueName: cli(.cliValueKey)))
        var brlapiAuth: String?

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
            let store = ReaderStore(strings: strings)

            // Speech and Morse share one audio output: a device, the --audio-out file, or silence.
            var settings = SpeechSettingsDomain.saved(in: store)
            if strings.localeCode == "en" && settings.voice == SpeechSettings.default.voice { settings.voice = "en" }
            let stack: SpeechStack
            do {
                stack = try SpeechStack.start(mode: speechMode, audioOut: audioOut, settings: settings)
            } catch {
                throw LecteurCLIError(error.notice(strings))
            }
            let reader = Reader(strings: strings, timeZone: .current, pronunciation: Localization.pronunciation(strings),
                                sampleRate: stack.output.sampleRate)
            let brailleDevice = BrailleDevice(display: brailleMode != .off, table: table,
                                              settings: .fromEnvironment(host: brlapiHost, auth: brlapiAuth),
                                              store: store, strings: strings)
            var devices = ReaderDevices(
                speech: stack.engine.map(EspeakVoice.init), braille: brailleDevice, audio: stack.output,
                settings: [SpeechSettingsDomain(engine: stack.engine, store: store, strings: strings), brailleDevice],
                status: { [engine = stack.engine, output = stack.output] in
                    DeviceStatus(sound: .init(output), speechPending: engine?.statistics.pendingUtterances,
                                 braille: brailleDevice.status)
                })
            devices.listen.append(brailleDevice.listen)
            if let output = stack.output as? DeviceAudioOutput {
                devices.listen.append { post in output.observe { post(DeviceMessages.action(for: $0, strings)) } }
            }
            let session = ReaderSession(reader: reader, transcript: Transcript(format: format, strings: strings),
                                        catalogueSource: try common.catalogueSource(strings: strings), store: store,
                                        devices: devices)

            let termination = Termination()
            termination.install {
                session.shutdown()
                stack.output.close()
            }
            let interactive = CommandLoop.standardInputIsTerminal
            CommandLoop(session: session, interactive: interactive,
                        prompt: interactive && format == .text ? strings(.appPrompt) : nil)
                .run(startupNotices: stack.problems.map { $0.notice(strings) })
            // Let the last words be heard (or written to --audio-out) before leaving.
            stack.shutdown(drainTimeout: .seconds(30))
            session.shutdown()
        }
    }
}

enum DeviceMode: String, CaseIterable {
    case auto, on, off
}
