// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 35, item 6: each command's names are declared once per language, and the help, Tab and
/// the typo suggestions read that declaration (`send` and `statistics` were listed in French).
@Suite struct CommandNamesPerLanguageTests {
    static let english = Set(CommandTable.specs.flatMap(\.english))
    static let french = Set(CommandTable.specs.flatMap(\.french))

    @Test func aNameBelongsToOneLanguageOnly() {
        #expect(Self.english.isDisjoint(with: Self.french), "\(Self.english.intersection(Self.french))")
        #expect(Self.english.contains("send") && Self.english.contains("statistics"))
        #expect(Self.french.contains("envoi") && Self.french.contains("statistiques"))
    }

    @Test func frenchHelpNamesNoEnglishCommand() {
        var state = Fixture.loadedState()
        _ = Fixture.reader.reduce(&state, .command(.help(topic: nil)))
        let entries = state.lists.helpEntries.filter { $0.contains(" : ") }
        #expect(entries.count > 20, "\(state.lists.helpEntries)")
        for entry in entries {
            let names = entry.components(separatedBy: " : ")[0].components(separatedBy: ", ")
            #expect(names.allSatisfy { !Self.english.contains($0) }, "\(entry)")
        }
        #expect(entries.contains { $0.hasPrefix("envoi, envoyer : ") }, "\(entries)")
        #expect(entries.contains { $0.hasPrefix("statistiques, stats : ") }, "\(entries)")
    }

    @Test func frenchTabAndSuggestionsOfferNoEnglishCommand() {
        let completion = LineCompletion(parser: Fixture.reader.parser, strings: Fixture.fr)
        let state = Fixture.loadedState()
        let offered = "abcdefghijklmnopqrstuvwxyzé".flatMap { completion.complete(String($0), state).candidates }
        #expect(!offered.isEmpty)
        #expect(offered.allSatisfy { !Self.english.contains($0) }, "\(offered.filter { Self.english.contains($0) })")
        #expect(completion.complete("st", state).candidates.contains("statistiques"))
        // A typo is corrected to the French name.
        #expect(Fixture.reader.parser.suggestion(for: "envoo") == "envoi")
        #expect(Fixture.reader.parser.suggestion(for: "statisticks") == "statistiques")
    }
}
