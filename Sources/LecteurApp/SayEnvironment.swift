// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurSpeech
import LecteurDevices
import LecteurStore

/// What `lecteur say` was asked for, typed: the command line parses it, the root builds from it.
public struct SayOptions: Sendable {
    public var strings: Strings
    public var text: String
    /// A WAV file to write instead of speaking.
    public var output: String?

    public init(strings: Strings, text: String, output: String? = nil) {
        self.strings = strings
        self.text = text
        self.output = output
    }
}

/// The composition root of `lecteur say`, as `ReaderEnvironment.live` is the reader's: the saved
/// voice in the locale's language, the lexicon with the user's additions, and the text as the
/// reader would hand it to espeak-ng.
public struct SayEnvironment: Sendable {
    public let options: SayOptions
    public let settings: SpeechSettings
    /// Exactly the text espeak-ng gets.
    public let spoken: String
    /// What start-up found wrong but goes on without (a saved voice missing, a configuration or
    /// lexicon fault), worded, for standard error.
    public let notices: [String]

    public static func live(_ options: SayOptions) -> SayEnvironment {
        let strings = options.strings
        let store = ReaderStore(database: .settingsOnly)
        let (settings, issue) = SpeechSynthesis.usable(SpeechSettingsDomain.saved(in: store, for: strings))
        let (pronunciation, lexiconNotices) = Localization.pronunciation(strings, userFolder: store.configuration.userFolder)
        let notices = [issue?.notice(strings)].compactMap { $0 }
            + (store.startupNotices + lexiconNotices).map { $0.message(strings) }
        let cleaned = TextSanitizer.clean(options.text)
        return SayEnvironment(options: options, settings: settings, spoken: pronunciation?.build(cleaned) ?? cleaned,
                              notices: notices)
    }

    /// Writes the WAV file, or speaks and lets the last words be heard (at most a minute).
    /// - Throws: `DeviceUnavailable` when there is no voice to speak with; `SpeechError` when the
    ///   file cannot be written or espeak-ng fails.
    public func run() throws {
        if let output = options.output {
            _ = try SpeechSynthesis.writeWAV(spoken, to: output, settings: settings)
            return
        }
        let stack: SpeechStack
        do {
            stack = try SpeechStack.start(mode: .on, settings: settings)
        } catch {
            throw DeviceUnavailable(.speechUnavailable(error))
        }
        stack.engine?.speak(spoken, interrupt: true)
        stack.shutdown(drainTimeout: .seconds(60))
    }
}
