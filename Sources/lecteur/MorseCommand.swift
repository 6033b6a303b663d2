// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore

extension Lecteur {
    /// `lecteur morse TEXT`: plays a text in Morse, or writes it to a WAV file.
    struct Morse: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "morse", abstract: help(.morseCommand))

        @Argument(help: ArgumentHelp(help(.morseTextArgument), valueName: help(.textValue)))
        var text: [String] = []

        @Option(name: .long, help: ArgumentHelp(help(.wpmOption), valueName: help(.wpmValue)))
        var wpm: String?

        @Option(name: .long, help: ArgumentHelp(help(.farnsworthOption), valueName: help(.wpmValue)))
        var farnsworth: String?

        @Option(name: .long, help: ArgumentHelp(help(.toneOption), valueName: "HZ"))
        var tone: String?

        @Option(name: .long, help: ArgumentHelp(help(.morseOutputOption), valueName: help(.wavFileValue)),
                completion: .file(extensions: ["wav"]))
        var output: String?

        @Option(name: .long, help: ArgumentHelp(help(.localeOption), valueName: "fr|en"),
                completion: .list(Localization.available))
        var locale: LocaleOption?

        func run() throws {
            let strings = try localeStrings(locale)
            var changes: [MorseSettingKey: String] = [:]
            if let wpm { changes[.wpm] = wpm }
            if let farnsworth { changes[.farnsworth] = farnsworth }
            if let tone { changes[.tone] = tone }
            let text = try CommandText.text(text, strings: strings)
            let options = MorseOptions(strings: strings, text: text, changes: changes, output: output)
            do throws(MorseCommandFailure) {
                try MorseEnvironment.live(options).run()
            } catch .morse(.cannotWrite(.readerGone)) {
                // `--output - | head -c1`: the reader took what it wanted; nothing went wrong.
                return
            } catch {
                throw LecteurCLIError(error.message(strings), status: Self.status(error))
            }
        }

        /// No sound output is a missing device; a file that cannot be written, an I/O error; a
        /// text with nothing to play or too long, bad data; a setting out of range, usage.
        static func status(_ failure: MorseCommandFailure) -> CLIStatus {
            switch failure {
            case .noAudio: .unavailable
            case .morse(.cannotWrite): .ioError
            case .morse(.nothingToPlay), .morse(.tooLongForWAV), .morse(.tooLongToPlay): .data
            case .setting: .usage
            }
        }
    }
}
