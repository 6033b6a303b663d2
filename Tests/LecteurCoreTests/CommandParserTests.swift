// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

@Suite struct CommandParserTests {
    let parser = CommandParser()

    @Test(arguments: [
        ("next", Command.next), ("suivant", .next), ("SUIVANT", .next), ("n", .next),
        ("previous", .previous), ("précédent", .previous), ("precedent", .previous), ("PRÉCÉDENT", .previous),
        ("first", .first), ("premier", .first), ("last", .last), ("dernier", .last),
        ("activate", .activate), ("activer", .activate), ("a", .activate),
        ("back", .back), ("retour", .back), ("repeat", .repeatLast), ("répéter", .repeatLast), ("repeter", .repeatLast),
        ("where", .whereAmI), ("où", .whereAmI), ("ou", .whereAmI), ("OÙ", .whereAmI),
        ("tab morse", .tab(.morse)), ("onglet formations", .tab(.formations)), ("onglet Apprendre", .tab(.morse)),
        ("filter IA", .filter("IA")), ("filtre Éthique et régl", .filter("Éthique et régl")),
        ("filtre toutes", .filter(nil)), ("filter all", .filter(nil)), ("FILTRE TOUTES", .filter(nil)),
        ("help", .help(topic: nil)), ("aide", .help(topic: nil)), ("aide filtre", .help(topic: "filtre")),
        ("quit", .quit), ("quitter", .quit), ("retry", .retry), ("réessayer", .retry),
        ("refresh", .refresh), ("actualiser", .refresh),
        ("  suivant  ", .next), ("\tsuivant", .next),
    ])
    func parses(line: String, expected: Command) {
        #expect(parser.parse(line) == .command(expected))
    }

    @Test func emptyLinesDoNothing() {
        #expect(parser.parse("") == .empty)
        #expect(parser.parse("   ") == .empty)
    }

    @Test func unknownCommandsSuggestTheClosest() {
        #expect(parser.parse("suivnt") == .failure(.unknown(word: "suivnt", suggestion: "suivant")))
        // Issue 25: a French user is never offered an English name; an English one is.
        #expect(parser.parse("nxet") == .failure(.unknown(word: "nxet", suggestion: nil)))
        var english = CommandParser()
        english.localeCode = "en"
        #expect(english.parse("nxet") == .failure(.unknown(word: "nxet", suggestion: "next")))
        // A name the word begins comes first; one letter suggests nothing.
        #expect(parser.suggestion(for: "prec") == "précédent")
        #expect(parser.suggestion(for: "suiv") == "suivant")
        #expect(parser.suggestion(for: "t") == nil && parser.suggestion(for: "x") == nil)
        #expect(parser.suggestion(for: "sortir") == nil && parser.suggestion(for: "heure") == nil)
        #expect(parser.parse("retuor") == .failure(.unknown(word: "retuor", suggestion: "retour")))
        #expect(parser.parse("xylophone") == .failure(.unknown(word: "xylophone", suggestion: nil)))
    }

    /// A suggestion is something to type: with the argument typed after the mistyped word when
    /// the command takes it, so following it works the first time.
    @Test func suggestionsKeepAnArgumentTheCommandTakes() {
        #expect(parser.parse("tou lire") == .failure(.unknown(word: "tou", suggestion: "tout lire")))
        #expect(parser.parse("suivnt formation") == .failure(.unknown(word: "suivnt", suggestion: "suivant formation")))
        #expect(parser.parse("filtr Bureautique") == .failure(.unknown(word: "filtr", suggestion: "filtre Bureautique")))
        // Not taken by the command, or a pasted page: the name alone.
        #expect(parser.parse("tou xyz") == .failure(.unknown(word: "tou", suggestion: "tout")))
        #expect(parser.parse("retuor vite") == .failure(.unknown(word: "retuor", suggestion: "retour")))
        let page = String(repeating: "mot ", count: 30)
        #expect(parser.parse("filtr " + page) == .failure(.unknown(word: "filtr", suggestion: "filtre")))
        // What the suggestion says parses as the command.
        #expect(parser.parse("tout lire") == .command(.readAll))
        #expect(Fixture.navigator.message(for: .unknown(word: "tou", suggestion: "tout lire"))
                == "Vouliez-vous dire « tout lire » ? Commande inconnue : « tou ».")
    }

    @Test func argumentsAreChecked() {
        #expect(parser.parse("tab") == .failure(.missingArgument(command: "tab", usage: .usageTab)))
        #expect(parser.parse("onglet cuisine") == .failure(.badArgument(command: "onglet", argument: "cuisine", usage: .usageTab)))
        #expect(parser.parse("suivant 3") == .failure(.badArgument(command: "suivant", argument: "3", usage: .usageNextItem)))
        #expect(parser.parse("retour 3") == .failure(.unexpectedArgument(command: "retour")))
        #expect(parser.parse("filtre") == .failure(.missingArgument(command: "filtre", usage: .usageFilter)))
    }

    @Test func errorMessagesAreFrench() {
        let nav = Fixture.navigator
        #expect(nav.message(for: .missingArgument(command: "tab", usage: .usageTab))
                == "La commande « tab » attend un argument : formations ou morse")
        #expect(nav.message(for: .unexpectedArgument(command: "next")) == "La commande « next » ne prend pas d'argument.")
        #expect(nav.message(for: .unknown(word: "zz", suggestion: nil))
                == "Commande inconnue : « zz ». Tapez « aide » pour la liste des commandes.")
    }

    /// Issue 14: French answers name commands in French, and a typo is corrected to the French
    /// name when an English one is as close.
    @Test func suggestionsAndMessagesStayInTheUsersLanguage() {
        #expect(parser.parse("filtr") == .failure(.unknown(word: "filtr", suggestion: "filtre")))
        #expect(Fixture.navigator.message(for: .missingArgument(command: "filtre", usage: .usageFilter))
                == "La commande « filtre » attend un argument : un nom de catégorie, ou « toutes »")
        var english = CommandParser()
        english.localeCode = "en"
        #expect(english.parse("filtr") == .failure(.unknown(word: "filtr", suggestion: "filter")))
        // Never a name of the other language, however close (issue 25: « sortir » was « softer »).
        #expect(parser.suggestion(for: "tabb") == nil)
        #expect(english.suggestion(for: "tabb") == "tab")
    }

    @Test func controlCharactersInTypedLinesAreIgnored() {
        #expect(parser.parse("suiv\u{1B}[Aant") == .command(.next))
    }

    @Test func everyNameIsUniqueAcrossCommands() {
        var seen: [String: String] = [:]
        for spec in CommandTable.specs {
            for name in spec.names {
                let key = CommandParser.fold(name)
                #expect(seen[key] == nil, "\(name) is used by \(seen[key] ?? "") and \(spec.name)")
                seen[key] = spec.name
            }
        }
    }
}

@Suite struct MorseCommandTests {
    let parser = CommandParser()

    @Test func morsePracticeSetStopHistoryParse() {
        #expect(parser.parse("morse SOS à Paris") == .command(.morse("SOS à Paris")))
        // A beginner's practice is Koch's; « faibles » reviews the weakest of the symbols learnt.
        #expect(parser.parse("entraînement") == .command(.practice(koch: true)))
        #expect(parser.parse("entraînement faibles") == .command(.practice(koch: false)))
        #expect(parser.parse("statistiques") == .command(.statistics))
        #expect(parser.parse("stats") == .command(.statistics))
        #expect(parser.parse("entrainement koch") == .command(.practice(koch: true)))
        #expect(parser.parse("practice nope") == .failure(.badArgument(command: "practice", argument: "nope", usage: .usagePractice)))
        #expect(parser.parse("set wpm 25") == .command(.set(name: "wpm", value: "25")))
        #expect(parser.parse("régler tonalité 700 Hz") == .command(.set(name: "tonalité", value: "700 Hz")))
        #expect(parser.parse("set wpm") == .command(.showSetting(name: "wpm")), "issue 25: says the value")
        #expect(parser.parse("silence") == .command(.stop))
        #expect(parser.parse("historique") == .command(.history))
        #expect(parser.parse("état") == .command(.status))
        #expect(parser.parse("ETAT") == .command(.status))
        #expect(parser.parse("status") == .command(.status))
    }

    @Test func punctuationRowsNeverSpeakRawDotsOrDashes() {
        let screen = Fixture.navigator.builder.morseScreen(progress: [:])
        let marks = Set<Character>([".", "-", "·", "−", "_"])
        for row in screen.elements {
            // Every word is a word: no part of the label is made of Morse marks or punctuation alone.
            let parts = row.label.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(parts.allSatisfy { part in part.contains { $0.isLetter || $0.isNumber } }, "\(row.label)")
            #expect(!row.label.contains { marks.contains($0) && !row.label.contains("deux-points") && !row.label.contains("trait d'union") }, "\(row.label)")
        }
    }
}
