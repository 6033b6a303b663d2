// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore
import LecteurSpeech
import LecteurTerminal

extension Lecteur {
    /// `lecteur say TEXT [--output FILE.wav]`: speaks a text as the reader would, or writes it.
    struct Say: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "say", abstract: help(.sayCommand))

        @Argument(help: ArgumentHelp(help(.sayTextArgument), valueName: help(.textValue)))
        var text: [String] = []

        @Option(name: .long, help: ArgumentHelp(help(.sayOutputOption), valueName: help(.wavFileValue)),
                completion: .file(extensions: ["wav"]))
        var output: String?

        @Option(name: .long, help: ArgumentHelp(help(.localeOption), valueName: "fr|en"),
                completion: .list(Localization.available))
        var locale: LocaleOption?

        func run() throws {
            let strings = try localeStrings(locale)
            let text = try CommandText.text(text, strings: strings)
            // `say < /dev/null`: said before any device is opened (it asked for speech unavailable).
            guard text.contains(where: { !$0.isWhitespace }) else {
                throw LecteurCLIError(CLIMessages.nothingToSay(strings), status: .usage)
            }
            let environment = SayEnvironment.live(SayOptions(strings: strings, text: text, output: output))
            for notice in environment.notices { PrintedLine.toStandardError(notice, strings) }
            do {
                try environment.run()
            } catch SpeechError.audio(.file(.readerGone)) {
                // `--output - | head -c1`: the reader took what it wanted; nothing went wrong.
                return
            } catch let error as SpeechError {
                throw LecteurCLIError(error.notice(strings), status: Self.status(error))
            }
        }

        /// A file that cannot be written is an I/O error; no sound output, a missing device.
        static func status(_ error: SpeechError) -> CLIStatus {
            switch error {
            case .audio(.noAudioDevice), .audio(.probeTimedOut): .unavailable
            case .audio(.cannotCreateFile), .audio(.writeFailed), .audio(.file), .audio(.fileTooLong): .ioError
            case .dataMissing: .osFile
            case .voiceNotFound, .valueOutOfRange, .notANumber, .unknownSetting: .usage
            case .engineFailed, .synthesisFailed: .software
            }
        }
    }
}
