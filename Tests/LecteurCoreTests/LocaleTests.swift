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
        #expect(Set(table.keys) == Set(L10n.allCases.map(\.rawValue)), "\(locale) has keys the code does not know")
    }

    @Test func sameFilesInEveryLocale() {
        #expect(LocaleResources.stringFiles(locale: "en") == LocaleResources.stringFiles(locale: "fr"))
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
