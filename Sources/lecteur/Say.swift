// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore
import LecteurSpeech

extension Lecteur {
    /// `lecteur say TEXT [--output FILE.wav]`: speaks a text as the reader would, or writes it.
    struct Say: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "say", abstract: help(.sayCommand))

        @Argument(help: ArgumentHelp(help(.sayTextArgument)))
        var text: [String]

        @Option(name: .long, help: ArgumentHelp(help(.sayOutputOption), valueName: help(.wavFileValue)),
                completion: .file(extensions: ["wav"]))
        var output: String?

        @Option(name: .long, help: ArgumentHelp(help(.localeOption), valueName: "fr|en"),
                completion: .list(Localization.available))
        var locale: LocaleOption?

        func run() throws {
            let strings = try localeStrings(locale)
            let store = ReaderStore()
            var settings = SpeechSettingsDomain.saved(in: store)
            if strings.localeCode == "en" && settings.voice == SpeechSettings.default.voice { settings.voice = "en" }
            let (usable, issue) = SpeechSynthesis.usable(settings)
            if let issue { fputs(issue.notice(strings) + "\n", StandardStream.error) }
            settings = usable
            let (pronunciation, lexiconNotices) = Localization.pronunciation(strings, userFolder: store.configuration.userFolder)
            for notice in store.startupNotices + lexiconNotices { fputs(notice.message(strings) + "\n", StandardStream.error) }
            let spoken = pronunciation?.build(TextSanitizer.clean(text.joined(separator: " ")))
                ?? TextSanitizer.clean(text.joined(separator: " "))
            do {
                if let output {
                    _ = try SpeechSynthesis.writeWAV(spoken, to: output, settings: settings)
                } else {
                    let stack: SpeechStack
                    do {
                        stack = try SpeechStack.start(mode: .on, settings: settings)
                    } catch {
                        throw DeviceUnavailable(.speechUnavailable(error))
                    }
                    stack.engine?.speak(spoken, interrupt: true)
                    stack.shutdown(drainTimeout: .seconds(60))
                }
            } catch let error as DeviceUnavailable {
                throw error
            } catch let error as SpeechError {
                throw LecteurCLIError(error.notice(strings))
            }
        }
    }
}
