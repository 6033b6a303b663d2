// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore

extension Lecteur {
    /// `lecteur morse TEXT`: plays a text in Morse, or writes it to a WAV file.
    struct Morse: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "morse", abstract: help(.morseCommand))

        @Argument(help: ArgumentHelp(help(.morseTextArgument)))
        var text: [String]

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
            let options = MorseOptions(strings: strings, text: text.joined(separator: " "), changes: changes, output: output)
            do throws(MorseCommandFailure) {
                try MorseEnvironment.live(options).run()
            } catch {
                throw LecteurCLIError(error.message(strings))
            }
        }
    }
}
