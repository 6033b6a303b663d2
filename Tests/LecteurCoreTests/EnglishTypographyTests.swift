// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Issue 46: the English interface wrote French: « » around quoted words (« character next »),
/// « 25 % » with a space, and « Copying over: 25 % over 1 sending ». Every English string file
/// but the pronunciation lexicons (which name « and » as characters) is read here as written.
@Suite struct EnglishTypographyTests {
    static let locales = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Locales/en")

    /// Every template of the English files, with its key: plain strings and plural forms.
    static func templates() throws -> [(key: String, text: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: locales.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix("lexi") }.sorted()
        var found: [(String, String)] = []
        for file in files {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: locales.appendingPathComponent(file)))
            for (key, value) in try #require(object as? [String: Any], "\(file)") {
                if let text = value as? String { found.append(("\(file) \(key)", text)) }
                if let forms = value as? [String: String] { for (form, text) in forms { found.append(("\(file) \(key).\(form)", text)) } }
            }
        }
        return found
    }

    @Test func englishStringsUseEnglishQuotesAndSpacing() throws {
        let all = try Self.templates()
        #expect(all.count > 800, "the English templates read: \(all.count)")
        let guillemets = all.filter { $0.text.contains("«") || $0.text.contains("»") }
        #expect(guillemets.isEmpty, "\(guillemets.map(\.key))")
        // « 25 % », « word : », « word ; »: French spacing. A colon named as a key (« search; :
        // — a command line ») or a host (« :0 ») is not punctuation.
        let french = try Regex(#"[\p{L}\p{N})\]}”] [:;](\s|$)|[\p{N}}] %"#)
        let spaced = all.filter { $0.text.contains(french) }
        #expect(spaced.isEmpty, "\(spaced.map { "\($0.key): \($0.text)" })")
        #expect(!all.contains { $0.text.contains("\u{202F}") || $0.text.contains("\u{A0}:") }, "a French no-break space")
        #expect(!all.contains { $0.text.hasPrefix("Copying over") }, "« Copying over » for the copy's summary")
    }
}
