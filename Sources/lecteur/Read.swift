// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurAudio
import LecteurBraille
import LecteurCore
import LecteurSpeech
import LecteurStore
import LecteurTerminal

extension Lecteur {
    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "read", abstract: help(.readCommand))

        @OptionGroup var common: CommonOptions

        // No default values below: swift-argument-parser would add an English "(default: …)"
        // after the help text, which says the default in the user's language.
        @Option(name: .customLong("transcript"), help: ArgumentHelp(help(.transcriptOption), valueName: "text|jsonl|none"),
                completion: .list(TranscriptFormat.allCases.map(\.rawValue)))
        var transcript: TranscriptFormat?

        @Option(name: .customLong("speech"), help: ArgumentHelp(help(.speechOption), valueName: "auto|on|off"),
                completion: .list(SpeechMode.allCases.map(\.rawValue)))
        var speech: SpeechMode?

        @Option(name: .customLong("braille"), help: ArgumentHelp(help(.brailleOption), valueName: "auto|on|off"),
                completion: .list(DeviceMode.allCases.map(\.rawValue)))
        var braille: DeviceMode?

        @Option(name: .customLong("speech-backend"), help: ArgumentHelp(help(.speechBackendOption), valueName: "auto|espeak|speechd"),
                completion: .list(SpeechBackend.allCases.map(\.rawValue)))
        var speechBackend: SpeechBackend?

        @Option(name: .long, help: ArgumentHelp(help(.audioOutOption), valueName: help(.wavFileValue)),
                completion: .file(extensions: ["wav"]))
        var audioOut: String?

        @Option(name: .long, help: ArgumentHelp(help(.brailleTableOption), valueName: help(.brailleTableValue)),
                completion: .list(BrailleTable.allCases.map(\.name)))
        var brailleTable: BrailleTable?

        @Option(name: .long, help: ArgumentHelp(help(.brlapiHostOption), valueName: help(.hostValue)))
        var brlapiHost: String?

        @Option(name: .long, help: ArgumentHelp(help(.brlapiAuthOption), valueName: help(.keyValue)))
        var brlapiAuth: String?

        @Option(name: .customLong("braille-tty"), help: ArgumentHelp(help(.brailleTtyOption), valueName: "tty|root"),
                completion: .list(BrlAPISettings.TtyMode.allCases.map(\.rawValue)))
        var brailleTty: BrlAPISettings.TtyMode?

        @Option(name: .customLong("input"), help: ArgumentHelp(help(.inputOption), valueName: "lines|keys"),
                completion: .list(InputMode.allCases.map(\.rawValue)))
        var input: InputMode?

        /// The options as the composition root takes them.
        func options() throws -> ReaderOptions {
            let strings = try common.strings()
            // Standard input carries the reader's commands: it cannot also be the catalogue.
            if common.catalog == "-" {
                throw LecteurCLIError(CLIMessages.catalogueFromStandardInputInTheReader(strings))
            }
            return ReaderOptions(strings: strings, transcript: transcript ?? .text, speech: speech ?? .auto,
                                 braille: braille ?? .auto, speechBackend: speechBackend, audioOut: audioOut,
                                 brailleTable: brailleTable, brlapiHost: brlapiHost, brlapiAuth: brlapiAuth,
                                 brailleTty: brailleTty ?? .tty, input: input,
                                 catalogue: try common.catalogueLocation(strings: strings))
        }

        func run() throws {
            let options = try options()
            do {
                try ReaderEnvironment.live(options).run()
                // Already said on standard error: the status tells a script its output is incomplete.
                if StandardOutput.shared.loss != nil { throw ExitCode(OutputLoss.exitStatus) }
            } catch let error as SpeechError {
                // An --audio-out file that cannot be written: a bad argument.
                throw LecteurCLIError(error.notice(options.strings))
            }
        }
    }
}
