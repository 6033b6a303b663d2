// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// What start-up found arrives typed (`ReaderState.startupNotices`); the reader words each on
/// `.start`, before the catalogue loads, and forgets them.
@Suite struct StartupNoticeTests {
    static let configuration = "Fichier de configuration « /home/léa/.config/lecteur/lecteur.toml », ligne 3 : clé « vitesse » inconnue, ignorée."
    static let keys = "Le mode touches demande un terminal : l'entrée n'en est pas un, les commandes sont lues ligne par ligne."
    static let lexicon = "Lexique personnel « /home/léa/.config/lecteur/lexique.json » mal formé (une clé ou une expansion de « SNCF » dépasse \(PronunciationLimits.textLength) caractères) : seul le lexique fourni est utilisé."

    @Test func eachProblemIsSaidOnceInOrderOnStart() {
        var initial = ReaderState()
        initial.startupNotices = [
            .configuration(file: "/home/léa/.config/lecteur/lecteur.toml",
                           ConfigurationFault(kind: .unknownKey, line: 3, key: "vitesse")),
            .keysNeedTerminal,
            .lexicon(file: "/home/léa/.config/lecteur/lexique.json", .invalid(.tooLong(member: "SNCF"))),
        ]
        var store = ReaderTestStore(state: initial)
        store.send(.start, store.said("startup", Self.configuration, .notice)
                   + Array(store.said("startup", Self.keys, .notice).dropLast())
                   + Array(store.said("startup", Self.lexicon, .notice).dropLast())
                   + [.loadCatalogue(.initial), .schedule(.brailleMessage(token: 1), afterSeconds: 4)]) {
            $0.startupNotices = []
            $0.display.message = Self.configuration
            $0.display.token = 1
            // The display shows the first; the others wait for it, in order.
            $0.display.queued = [Self.keys, Self.lexicon]
            $0.announcement.history = [Self.configuration, Self.keys, Self.lexicon]
            $0.announcement.lastMessage = LastMessage(code: "startup", text: Self.lexicon, isError: false)
        }
        // Said once: a second start (none happens, but nothing is left to say) adds nothing.
        store.send(.start, [.loadCatalogue(.initial)])
    }

    /// A control character or a newline in a path (a folder named by hand) never reaches the
    /// speech engine or the terminal.
    @Test func aPathIsCleanedBeforeItIsSaid() {
        let problem = StartupProblem.configuration(file: "/tmp/a\u{1b}[31m\nb/lecteur.toml",
                                                   ConfigurationFault(kind: .syntax, line: nil, key: nil))
        let text = problem.message(Fixture.fr)
        #expect(!text.contains("\u{1b}") && !text.contains("\n"), "\(text)")
    }
}
