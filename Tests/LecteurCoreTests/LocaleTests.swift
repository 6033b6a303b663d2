// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurLocales

@Suite struct LocaleTests {
    @Test(arguments: LocaleResources.available)
    func everyKeyExistsWithTheSamePlaceholdersAsFrench(locale: String) throws {
        let table = try #require(LocaleResources.table(locale: locale))
        let reference = try #require(LocaleResources.table(locale: "fr"))
        for key in L10n.allCases {
            let template = try #require(table[key.rawValue], "\(locale) lacks \(key.rawValue)")
            #expect(Strings.placeholders(in: template) == Strings.placeholders(in: reference[key.rawValue]!),
                    "\(locale): \(key.rawValue) placeholders differ from fr")
        }
        let baseKeys = Set(table.keys.filter { !$0.contains(Strings.pluralSeparator) })
        #expect(baseKeys == Set(L10n.allCases.map(\.rawValue)), "\(locale) has keys the code does not know")
    }

    /// Every plural form names the same placeholders as the French reference, uses only the
    /// categories the locale's CLDR rule produces, and its selector is one of the placeholders.
    @Test(arguments: LocaleResources.available)
    func pluralFormsAreConsistent(locale: String) throws {
        let table = try #require(LocaleResources.table(locale: locale))
        let reference = try #require(LocaleResources.table(locale: "fr"))
        let allowed: Set<String> = locale == "fr" ? ["one", "many", "by"] : ["one", "by"]
        var forms = 0
        for (key, template) in table {
            guard let bar = key.firstIndex(of: Strings.pluralSeparator) else { continue }
            let base = String(key[..<bar]), member = String(key[key.index(after: bar)...])
            #expect(allowed.contains(member), "\(locale): \(key) is not a plural category of \(locale)")
            let expected = Strings.placeholders(in: try #require(reference[base]))
            if member == "by" {
                #expect(expected.contains(template), "\(locale): \(key) selects by a missing placeholder")
            } else {
                #expect(Strings.placeholders(in: template) == expected, "\(locale): \(key) placeholders differ")
                forms += 1
            }
        }
        #expect(forms >= 5)
    }

    /// Nothing says « annonce(s) »: a count agrees through the plural forms instead.
    @Test(arguments: LocaleResources.available)
    func noParenthesisedPlural(locale: String) throws {
        let table = try #require(LocaleResources.table(locale: locale))
        for (key, template) in table {
            #expect(!template.contains("(s)") && !template.contains("(es)"), "\(locale): \(key) « \(template) »")
        }
    }

    @Test func sameFilesInEveryLocale() {
        let french = LocaleResources.stringFiles(locale: "fr")
        // Two empty lists would be equal: the reference locale's files are there first.
        #expect(french.contains("strings.json") && french.contains("speech.json") && french.count >= 10, "\(french)")
        #expect(LocaleResources.stringFiles(locale: "en") == french)
    }

    @Test func missingKeysAreVisibleNotFatal() {
        let empty = Strings(localeCode: "xx", table: [:])
        #expect(empty(.chipAll) == "⟦chip.all⟧")
    }

    @Test func fillLeavesUnknownPlaceholdersAlone() {
        #expect(Strings.fill("{a} et {b}", ["a": "1"]) == "1 et {b}")
        #expect(Strings.fill("{a}", ["a": "{a}"]) == "{a}")
    }
}
