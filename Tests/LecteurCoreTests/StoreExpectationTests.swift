// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore
import LecteurLocales

/// The store's expectation helpers expect what the test (or the reviewed golden) writes out, never
/// what the production generators make (issue 51): an expectation built by the code under test
/// cannot disagree with it.
struct StoreExpectationTests {
    /// Calls that would build an expectation with the code under test: the screen builder, the
    /// speech and braille generators, the navigator's wording of a message.
    static let generators = ["builder.", "ScreenBuilder(", "SpeechGenerator(", "BrailleGenerator(", "navigator.", "Navigator("]

    /// The helpers' files: ReaderTestStore.swift and its extensions, beside this file.
    static func helperFiles() throws -> [URL] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("ReaderTestStore") && $0.pathExtension == "swift" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func theHelpersCallNoProductionGenerator() throws {
        let files = try Self.helperFiles()
        // The store, its two helper files, the focus golden and its reader.
        #expect(files.count >= 5, "found \(files.map(\.lastPathComponent))")
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                // Comments may name what the helpers no longer call.
                let code = line.components(separatedBy: "//")[0]
                for generator in Self.generators where code.contains(generator) {
                    Issue.record("\(file.lastPathComponent):\(number + 1) calls \(generator): « \(line.trimmingCharacters(in: .whitespaces)) »")
                }
            }
        }
    }

    /// A reader whose « Toutes » chip is labelled « Tous »: the focus report it gives on loading the
    /// list fails `focused`'s expectation, which now comes from the golden; the expectation the
    /// helper built before issue 51 (the reader's own `builder.screen`) took the wrong label as right.
    @Test func aWrongLabelFailsTheFocusExpectation() throws {
        var table = try #require(LocaleResources.table(locale: "fr"))
        #expect(table["chip.all"] == "Toutes")
        table["chip.all"] = "Tous"
        let wrong = Reader(strings: Strings(localeCode: "fr", table: table), timeZone: Fixture.paris)
        let load = Action.catalogue(.loaded(Fixture.builtIn, warnings: [], origin: .live))
        var list = ReaderState()
        list.catalogue.status = .loaded(Fixture.builtIn)
        let expected = ReaderTestStore.focused(list, "Toutes, sélectionné, bouton, filtre 1 sur 7", interrupt: false,
                                               role: "bouton", shows: nil)
        let expectedReport = try #require(expected.focusReport)
        #expect(expectedReport.element.label == "Toutes, sélectionné")

        func report(_ reader: Reader) throws -> FocusReport {
            var state = ReaderState()
            return try #require(reader.reduce(&state, load).focusReport)
        }
        // The right reader's report is the expected one: the expectation can pass.
        #expect(try report(Fixture.reader) == expectedReport)
        // The wrong one's is not, by its label alone.
        let given = try report(wrong)
        #expect(given.element.label == "Tous, sélectionné")
        #expect(given != expectedReport)
        #expect(given.element.id == expectedReport.element.id && given.index == expectedReport.index
                && given.count == expectedReport.count)
        // Built as before issue 51, from the wrong reader's own screen, it would have matched.
        let screen = wrong.builder.screen(for: list)
        let before = FocusReport(screen: screen.code, title: screen.title, index: 1, count: screen.elements.count,
                                 element: screen.elements[0], roleWord: "bouton")
        #expect(given == before)
    }
}
