// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurCore
import Testing

/// Issue 16: `Strings` fills templates split once per key, with argument pairs instead of
/// dictionaries at the hot call sites, and label-missing scans for a word instead of splitting.
/// Nothing written may change: each is compared with the code it replaced (frozen copies
/// below) on random tricky text.
@Suite struct RulesCostDifferentialTests {
    /// `Strings.fill` as it was before templates were split once.
    static func legacyFill(_ template: String, _ args: [String: String]) -> String {
        let bytes = template.utf8
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard bytes.contains(open) else { return template }
        var out = ""
        var runStart = bytes.startIndex, i = runStart
        while let brace = bytes[i...].firstIndex(of: open) {
            let nameStart = bytes.index(after: brace)
            if let end = bytes[nameStart...].firstIndex(of: close), let value = args[String(template[nameStart..<end])] {
                out += template[runStart..<brace]
                out += value
                i = bytes.index(after: end)
                runStart = i
            } else {
                i = nameStart
            }
        }
        out += template[runStart...]
        return out
    }

    /// The reproducible source the catalogue tests use (SplitMix64).
    typealias Generator = SplitMix64

    static let pieces = ["{", "}", "{a}", "{b}", "{count}", "{a{b}", "{}", "a", "b", " ", "é", "IA", "1 490", "\u{202F}",
                         "{{a}}", "}{", "«", "e\u{301}", "🙂", "count", "{ a}", "{é}"]
    // No name with a brace: no placeholder has one, and since issue 28 the scan skips to the last
    // "{" before a "}" (linear on a template of 100 000 "{"), so « {a{b} » has the slot « b » only.
    static let names = ["a", "b", "count", "", " a", "é", "x"]
    static let values = ["", "1", "{a}", "{b}", "x y", "é", "}", "{", "2,5"]

    static func random<T>(_ items: [T], _ g: inout Generator) -> T { items[Int(g.next() % UInt64(items.count))] }

    @Test func splitTemplatesFillAsTheScanDid() {
        var g = Generator(seed: 16)
        for _ in 0..<20_000 {
            let template = (0..<Int(g.next() % 8)).map { _ in Self.random(Self.pieces, &g) }.joined()
            var args: [String: String] = [:]
            for _ in 0..<Int(g.next() % 4) { args[Self.random(Self.names, &g)] = Self.random(Self.values, &g) }
            let expected = Self.legacyFill(template, args)
            #expect(Array(Strings.fill(template, args).utf8) == Array(expected.utf8), "\(template) \(args)")
            let strings = Strings(localeCode: "fr", table: ["audit.quote": template])
            #expect(Array(strings(.auditQuote, args).utf8) == Array(expected.utf8), "\(template) \(args)")
            var pairs: KeyValuePairs<String, String> = [:]
            switch args.count {
            case 0: pairs = [:]
            case 1: let (k, v) = args.first!; pairs = [k: v]
            case 2: let a = Array(args); pairs = [a[0].key: a[0].value, a[1].key: a[1].value]
            default: let a = Array(args); pairs = [a[0].key: a[0].value, a[1].key: a[1].value, a[2].key: a[2].value]
            }
            #expect(Array(strings(.auditQuote, with: pairs).utf8) == Array(expected.utf8), "\(template) \(args)")
            if args.count == 1, let (name, value) = args.first {
                #expect(Array(strings(.auditQuote, name, value).utf8) == Array(expected.utf8), "\(template) \(args)")
            }
        }
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

    @Test func hasWordAgreesWithTheWordScan() {
        var g = Generator(seed: 7)
        let scalars: [String] = [" ", "\u{A0}", "\u{202F}", ".", ",", "-", "'", "’", "a", "Z", "0", "é", "\u{301}", "×", "÷",
                                 "🙂", "中", "Ⅻ", "²", "\t", "…", "«", "»", "_", "ß"]
        for _ in 0..<20_000 {
            let text = (0..<Int(g.next() % 5)).map { _ in Self.random(scalars, &g) }.joined()
            #expect(TextScan.hasWord(text) == !TextScan.words(in: text).isEmpty, "\(text.unicodeScalars.map(\.value))")
        }
    }
}

/// The detail screen's date, worked out without a `Calendar` per call, is the calendar's.
@Suite struct CivilDateDifferentialTests {
    @Test func civilDatesAreTheCalendars() throws {
        var g = RulesCostDifferentialTests.Generator(seed: 2026)
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

/// `TextScan.words` reads a string's scalars in place and shares a folded word's text.
@Suite struct WordScanTests {
    /// Written by hand: words are runs of letters and digits, a combining mark stays with the letter
    /// before it, anything else (spaces, punctuation, ×, emoji) separates; offsets count scalars.
    @Test(arguments: [
        ("e\u{301}té 40h", [("e\u{301}té", "ete", 0, 4), ("40h", "40h", 5, 8)]),
        ("\u{301}a", [("a", "a", 1, 2)]),
        ("1 490 €", [("1", "1", 0, 1), ("490", "490", 2, 5)]),
        ("a×b÷c", [("a", "a", 0, 1), ("b", "b", 2, 3), ("c", "c", 4, 5)]),
        ("🙂Œuvre, RGAA.", [("Œuvre", "oeuvre", 1, 6), ("RGAA", "rgaa", 8, 12)]),
        ("l’IA—données", [("l", "l", 0, 1), ("IA", "ia", 2, 4), ("données", "donnees", 5, 12)]),
        ("", []),
    ] as [(String, [(String, String, Int, Int)])])
    func wordsAreRunsOfLettersAndDigits(text: String, expected: [(String, String, Int, Int)]) {
        for found in [TextScan.words(in: text), TextScan.words(in: Array(text.unicodeScalars))] {
            #expect(found.map(\.text) == expected.map(\.0))
            #expect(found.map(\.folded) == expected.map(\.1))
            #expect(found.map(\.start) == expected.map(\.2) && found.map(\.end) == expected.map(\.3))
        }
        #expect(TextScan.wordKey(of: text) == expected.map(\.1).joined(separator: " "))
    }

    /// On seeded random text (the seed is in the failure message): the scan of the string and of
    /// its scalar array find the same words, and the key is the folded words joined by a space.
    @Test func stringAndArrayScansAgreeAndTheKeyIsTheFoldedWords() {
        let seed: UInt64 = 99
        var g = RulesCostDifferentialTests.Generator(seed: seed)
        let pieces: [String] = [" ", "\u{A0}", "\u{202F}", ".", "-", "'", "a", "Z", "IA", "0", "1 490", "é", "É", "e\u{301}",
                                "\u{301}", "×", "œ", "Œ", "ß", "ÿ", "ð", "🙂", "中", "Ⅻ", "²", "Ω", "İ", "ǅ", "RGAA", "données",
                                "Formation", "40h", "/jour", "\u{0300}\u{0301}"]
        for round in 0..<20_000 {
            let text = (0..<Int(g.next() % 9)).map { _ in RulesCostDifferentialTests.random(pieces, &g) }.joined()
            let viaString = TextScan.words(in: text), viaArray = TextScan.words(in: Array(text.unicodeScalars))
            let replay = "seed \(seed), round \(round): \(text.unicodeScalars.map(\.value))"
            #expect(viaString.map { Array($0.text.utf8) } == viaArray.map { Array($0.text.utf8) }, "\(replay)")
            #expect(viaString.map { Array($0.folded.utf8) } == viaArray.map { Array($0.folded.utf8) }, "\(replay)")
            #expect(viaString.map(\.start) == viaArray.map(\.start) && viaString.map(\.end) == viaArray.map(\.end), "\(replay)")
            #expect(Array(TextScan.wordKey(of: text).utf8) == Array(viaString.map(\.folded).joined(separator: " ").utf8), "\(replay)")
        }
    }
}
