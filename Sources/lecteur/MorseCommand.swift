// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore
import LecteurFiles

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
            // The user's saved Morse settings, then what the options change.
            let store = ReaderStore()
            var settings = MorseSettings.load { store.value($0) }.settings
            var changes: [MorseSettingKey: String] = [:]
            if let wpm { changes[.wpm] = wpm }
            if let farnsworth { changes[.farnsworth] = farnsworth }
            if let tone { changes[.tone] = tone }
            do {
                settings = try settings.applying(changes)
            } catch {
                throw LecteurCLIError(error.message(strings))
            }
            let text = self.text.joined(separator: " ")
            let renderer = MorseRenderer(settings: settings)
            guard let output else {
                try play(text, renderer: renderer, strings: strings)
                return
            }
            var lastPercent = -1
            do {
                let result = try renderer.writeWAV(text: text, to: URL(fileURLWithPath: output)) { progress in
                    guard progress.percent != lastPercent, progress.totalSamples > 10 * renderer.sampleRate else { return }
                    lastPercent = progress.percent
                    fputs("\r" + progress.message(strings), StandardStream.error)
                }
                if lastPercent >= 0 { fputs("\n", StandardStream.error) }
                if let unknown = result.encoding.unknownMessage(strings) { fputs(unknown + "\n", StandardStream.error) }
            } catch {
                throw LecteurCLIError(error.message(strings))
            }
        }
    }
}
