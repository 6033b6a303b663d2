// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales

enum Fixtures {
    static let french = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)
    static let english = Strings(localeCode: "en", table: LocaleResources.table(locale: "en")!)

    static func lexicon(_ locale: String) throws -> PronunciationLexicon {
        let file = locale == "fr" ? "lexique.json" : "lexicon.json"
        let data = try #require(LocaleResources.data(locale: locale, file: file))
        return try PronunciationLexicon.decode(data)
    }

    static func frenchBuilder() throws -> SpokenTextBuilder {
        SpokenTextBuilder(lexicon: try lexicon("fr"), strings: french)
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lecteur-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

import Testing
