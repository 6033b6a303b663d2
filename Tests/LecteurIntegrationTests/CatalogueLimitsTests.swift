// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Hostile catalogue bodies through the real binary: a million records that are not formations,
/// and prices that overflowed (issue 17, items 4 and 5).
@Suite struct CatalogueLimitsTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    private func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-limits-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func aMillionSkippedRecordsGiveSixLinesNotAMillion() throws {
        // 2 MB: the body that gave 2 million transcript lines, 43 s and 700 MB.
        let body = try file("[" + Array(repeating: "1", count: 1_000_000).joined(separator: ",") + "]")
        defer { try? FileManager.default.removeItem(at: body) }
        let started = Date()
        let out = try LecteurProcess.run(quiet + ["--catalog", body.path], input: "", timeout: 60)
        let elapsed = Date().timeIntervalSince(started)
        #expect(out.status == 0)
        let lines = out.stdout.split(separator: "\n")
        // Each of the 6 messages is a notice, its speech and its braille message; then the focus.
        #expect(lines.count < 30, "\(lines.count) transcript lines")
        let notices = out.events("notice").compactMap { $0["message"] as? String }
            + out.events("error").compactMap { $0["message"] as? String }
        #expect(notices.contains("999\u{202F}995 autres enregistrements ignorés."))
        #expect(notices.filter { $0.hasPrefix("Enregistrement n° ") }.count == 5)
        #expect(elapsed < 20, "loading took \(elapsed) s")
        // The audit reads the same decoder: the same summary on standard error.
        let audit = try LecteurProcess.run(["audit", "--catalog", body.path], timeout: 60)
        #expect(audit.stderr.split(separator: "\n").count == 6)
        #expect(audit.stderr.hasSuffix("999\u{202F}995 autres enregistrements ignorés.\n"))
    }

    @Test func overflowingPricesAreSkippedWithAWarningAndTheRestIsShown() throws {
        let records = ["18446744073709551615", "9223372036854775808", "1e30", "1e308",
                       #""1234567890123456789012345678901234567890""#, "-1", "1000000"].enumerated().map { i, price in
            #"{"id": \#(i + 1), "title": "Prix \#(i + 1)", "duration": "1 jour", "level": "Expert", "price": \#(price), "category": "C"}"#
        }
        let body = try file("[" + records.joined(separator: ",") + "]")
        defer { try? FileManager.default.removeItem(at: body) }
        let out = try LecteurProcess.run(quiet + ["--catalog", body.path], input: "suivant\nsuivant\nactiver\nsuivant\nsuivant\nsuivant\n")
        #expect(out.status == 0)
        let all = out.stdout
        #expect(!all.contains("-1 €") && !all.contains("-1\u{00A0}€") && !all.contains(" 0\u{00A0}€"))
        let warnings = out.events("notice").compactMap { $0["message"] as? String }.filter { $0.contains("hors limites") }
            + out.events("error").compactMap { $0["message"] as? String }.filter { $0.contains("hors limites") }
        #expect(warnings.count == 5)
        #expect(warnings.first == "Formation « Prix 1 », enregistrement n° 1 du fichier ignoré : prix « 1.8446744073709552e+19 » hors limites (de 0 à 1\u{202F}000\u{202F}000 €).")
        // Only the formation at the bound is listed, its price shown and said exactly.
        let audit = try LecteurProcess.run(["audit", "--format", "json", "--catalog", body.path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let list = try #require((report["screens"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]])
        let cards = list.filter { ($0["id"] as? String)?.hasPrefix("card.") == true }
        #expect(cards.map { $0["id"] as? String } == ["card.7"])
        #expect((cards.first?["label"] as? String)?.hasSuffix(", 1\u{202F}000\u{202F}000\u{00A0}€") == true)
        #expect((cards.first?["speech"] as? String)?.contains("1000000 euros") == true)
    }
}
