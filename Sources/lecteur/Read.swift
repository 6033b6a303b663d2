import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore

extension Lecteur {
    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "read", abstract: cli(.cliReadAbstract))

        @OptionGroup var common: CommonOptions

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptTranscript), valueName: "text|jsonl|none"))
        var transcript: String = "text"

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptSpeech), valueName: "auto|on|off"))
        var speech: String = "auto"

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptBraille), valueName: "auto|on|off"))
        var braille: String = "auto"

        func run() throws {
            let strings = try common.strings()
            let format = try choice(transcript, "--transcript", as: TranscriptFormat.self)
            _ = try choice(speech, "--speech", as: DeviceMode.self)
            _ = try choice(braille, "--braille", as: DeviceMode.self)
            let navigator = Navigator(strings: strings, timeZone: .current)
            let session = ReaderSession(navigator: navigator,
                                        transcript: Transcript(format: format, strings: strings),
                                        catalogueSource: try common.catalogueSource(strings: strings),
                                        store: ReaderStore(strings: strings))
            let termination = Termination()
            termination.install { session.shutdown() }
            defer { session.shutdown() }
            let interactive = CommandLoop.standardInputIsTerminal
            CommandLoop(session: session, interactive: interactive,
                        prompt: interactive && format == .text ? strings(.appPrompt) : nil).run()
        }
    }
}

enum DeviceMode: String, CaseIterable {
    case auto, on, off
}
