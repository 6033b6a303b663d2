// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 46, item 1: each command is declared once (`CommandTable.specs`: names per language,
/// the argument's words, range and a valid example, help). The parser, Tab and `aide` read that
/// declaration; these walk every one of them, in both languages (`CommandDeclarationTests` does
/// the same through the binary).
@Suite struct CommandDeclarationCoreTests {
    static let parser = CommandParser()

    @Test(arguments: ["fr", "en"])
    func everyNameAndDeclaredArgumentParsesToItsCommand(_ code: String) {
        for spec in CommandTable.specs {
            let names = CommandLanguage.helpNames(spec.names, localeCode: code)
            for name in names {
                #expect(Self.parser.spec(named: name)?.name == spec.name, "\(code): « \(name) » is not \(spec.name)")
                let line = spec.example(in: code).map { "\(name) \($0)" } ?? name
                if case .failure(let error) = Self.parser.parse(line) {
                    Issue.record("\(code): « \(line) » fails: \(error)")
                }
                for value in spec.values(in: code) {
                    if case .failure(let error) = Self.parser.parse("\(name) \(value)") {
                        Issue.record("\(code): the declared « \(name) \(value) » fails: \(error)")
                    }
                }
            }
            if spec.argument == .required, !names.isEmpty {
                #expect(spec.example(in: code) != nil, "\(code): \(spec.name) takes an argument and declares no example")
            }
        }
    }

    @Test(arguments: ["fr", "en"])
    func tabOffersEveryNameAndTheDeclaredWords(_ code: String) {
        let completion = LineCompletion(parser: Self.parser, strings: code == "fr" ? Fixture.fr : Fixture.en)
        for spec in CommandTable.specs {
            let names = CommandLanguage.helpNames(spec.names, localeCode: code)
            for name in names where name.count > 1 {
                // One name per command is offered: an abbreviation (« car ») completes to its full name.
                let offered = completion.complete(name, ReaderState()).candidates
                #expect(offered.contains { names.contains($0) && FrenchCollation.fold($0).hasPrefix(FrenchCollation.fold(name)) }, "\(code): Tab on « \(name) »: \(offered)")
                // What depends on the state (categories, settings, commands) is read elsewhere.
                guard !["filter", "help", "set"].contains(spec.name) else { continue }
                #expect(completion.complete("\(name) ", ReaderState()).candidates == spec.values(in: code),
                        "\(code): Tab after « \(name) »")
            }
        }
    }
}
