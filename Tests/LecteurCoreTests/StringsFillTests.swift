// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurCore
import LecteurTestSupport
import Testing

/// `Strings` fills templates split once per key, with argument pairs instead of dictionaries at
/// the hot call sites. What it writes for 3 000 seeded random templates and arguments is a
/// reviewed golden (`Tests/LecteurCoreTests/Golden/strings-fill.txt`, generated while the
/// former brace scan still agreed, scripts/update-goldens.sh), and every call form writes the
/// same as `Strings.fill`.
@Suite struct StringsFillTests {
    static let golden = SpokenTextPathTests.root.appendingPathComponent("Tests/LecteurCoreTests/Golden/strings-fill.txt")

    static let pieces = ["{", "}", "{a}", "{b}", "{count}", "{a{b}", "{}", "a", "b", " ", "é", "IA", "1 490", "\u{202F}",
                         "{{a}}", "}{", "«", "e\u{301}", "🙂", "count", "{ a}", "{é}"]
    // No name with a brace: no placeholder has one, and since issue 28 the scan skips to the last
    // "{" before a "}" (linear on a template of 100 000 "{"), so « {a{b} » has the slot « b » only.
    static let names = ["a", "b", "count", "", " a", "é", "x"]
    static let values = ["", "1", "{a}", "{b}", "x y", "é", "}", "{", "2,5"]

    @Test func templatesFillAsTheGoldenSays() {
        var g = SeededRandom(seed: 16)
        var lines: [String] = []
        for _ in 0..<3000 {
            let template = (0..<Int(g.next() % 8)).map { _ in g.pick(Self.pieces) }.joined()
            var args: [String: String] = [:]
            for _ in 0..<Int(g.next() % 4) { args[g.pick(Self.names)] = g.pick(Self.values) }
            let filled = Strings.fill(template, args)
            let written = args.sorted { $0.key < $1.key }.map { "\(Golden.visible($0.key))=\(Golden.visible($0.value))" }
            lines.append("« \(Golden.visible(template)) » [\(written.joined(separator: " | "))] → « \(Golden.visible(filled)) »")
            let strings = Strings(localeCode: "fr", table: ["audit.quote": template])
            #expect(Array(strings(.auditQuote, args).utf8) == Array(filled.utf8), "\(template) \(args)")
            var pairs: KeyValuePairs<String, String> = [:]
            switch args.count {
            case 0: pairs = [:]
            case 1: let (k, v) = args.first!; pairs = [k: v]
            case 2: let a = Array(args); pairs = [a[0].key: a[0].value, a[1].key: a[1].value]
            default: let a = Array(args); pairs = [a[0].key: a[0].value, a[1].key: a[1].value, a[2].key: a[2].value]
            }
            #expect(Array(strings(.auditQuote, with: pairs).utf8) == Array(filled.utf8), "\(template) \(args)")
            if args.count == 1, let (name, value) = args.first {
                #expect(Array(strings(.auditQuote, name, value).utf8) == Array(filled.utf8), "\(template) \(args)")
            }
        }
        Golden.expect(lines.joined(separator: "\n") + "\n", matches: Self.golden)
    }

    /// Plural forms are chosen from the value of the selecting placeholder, given as a pair too.
    @Test func pluralFormsAgreeWhateverTheArgumentForm() {
        let table = ["speech.price": "{amount} euros", "speech.price|one": "{amount} euro", "speech.price|by": "amount"]
        let strings = Strings(localeCode: "fr", table: table)
        // French, as CLDR states it: « one » when the integer part is 0 or 1 (1,5 included);
        // anything that is not a number takes « other ».
        let written = ["0": "0 euro", "1": "1 euro", "1,5": "1,5 euro", "2": "2 euros", "1490": "1490 euros",
                       "x": "x euros", "": " euros"]
        for (amount, expected) in written {
            #expect(strings(.speechPrice, ["amount": amount]) == expected, "\(amount)")
            #expect(strings(.speechPrice, "amount", amount) == expected, "\(amount)")
            #expect(strings(.speechPrice, with: ["amount": amount]) == expected, "\(amount)")
        }
        #expect(strings(.speechPrice) == "{amount} euros")
        #expect(strings(.cardLabel, "a", "b") == "⟦card.label⟧")
        #expect(strings.pluralForms(.speechPrice) == [.one: "{amount} euro"])
    }
}

/// The detail screen's date, worked out without a `Calendar` per call, is the calendar's.
@Suite struct CivilDateDifferentialTests {
    @Test func civilDatesAreTheCalendars() throws {
        var g = SeededRandom(seed: 2026)
        let zones = try ["UTC", "Europe/Paris", "America/New_York", "Pacific/Kiritimati", "Asia/Kolkata",
                         "Pacific/Pago_Pago", "Australia/Lord_Howe"].map { try #require(TimeZone(identifier: $0)) }
        var instants: [Double] = [0, -1, 1, 86_399.999, 86_400, 1_771_232_400, 1_700_000_000, 951_782_400, 4_107_542_400,
                                  -11_644_473_599, 95_617_583_999, -12_219_292_800, 253_402_300_799]
        for _ in 0..<4000 { instants.append(Double(Int64(bitPattern: g.next()) % 8_000_000_000) + Double(g.next() % 1000) / 1000) }
        for _ in 0..<1000 {
            // Midnights and their neighbours, where a zone's offset decides the day.
            let midnight = Double(Int64(bitPattern: g.next()) % 50_000) * 86_400
            instants += [midnight - 0.5, midnight, midnight + 3600 * Double(g.next() % 24)]
        }
        for zone in zones {
            for t in instants {
                let date = Date(timeIntervalSince1970: t)
                let fast = DisplayFormat.civilDate(date, timeZone: zone), slow = DisplayFormat.calendarDate(date, timeZone: zone)
                #expect(fast == slow, "\(zone.identifier) \(t)")
            }
        }
    }
}
