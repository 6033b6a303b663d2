// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// The fast catalogue decoder (records read in place, the sanitiser skipped for clean text) must
/// decide exactly what the decoder before it decided: `CatalogueOracle` is that decoder, frozen.
@Suite struct CatalogueFastPathTests {
    // MARK: The same catalogue as the oracle

    /// Thousands of generated documents (well-formed, hostile, with duplicate and escaped keys,
    /// then a share of them broken byte by byte): same formations, same warnings in the same
    /// order, same error with the same line and column.
    @Test func generatedDocumentsDecodeExactlyAsTheOracleDecodes() throws {
        var generator = CatalogueGenerator(seed: 0x1EC7E0)
        var outcomes = (kept: 0, warned: 0, failed: 0)
        for round in 0..<2_500 {
            var document = generator.document()
            if round % 3 == 2 { generator.mutate(&document) }
            let data = Data(document)
            let fast = Result { () throws(CatalogueLoadError) -> DecodedCatalogue in try CatalogueDecoder.decode(data) }
            let oracle = Result { () throws(CatalogueLoadError) -> CatalogueOracle.Decoded in try CatalogueOracle.decode(data) }
            switch (fast, oracle) {
            case (.success(let f), .success(let o)):
                outcomes.kept += f.catalogue.formations.count
                outcomes.warned += f.warnings.count
                guard f.catalogue.formations == o.formations, f.warnings == o.warnings else {
                    Issue.record("round \(round) differs:\n\(String(decoding: document, as: UTF8.self))\nfast \(f.catalogue.formations) \(f.warnings)\noracle \(o.formations) \(o.warnings)")
                    return
                }
                expectSameGroups(f.catalogue, o.formations, round)
            case (.failure(let f), .failure(let o)):
                outcomes.failed += 1
                guard f == o else {
                    Issue.record("round \(round): fast \(f), oracle \(o):\n\(String(decoding: document, as: UTF8.self))")
                    return
                }
            default:
                Issue.record("round \(round): fast \(fast), oracle \(oracle):\n\(String(decoding: document, as: UTF8.self))")
                return
            }
        }
        // The generator reaches every kind of outcome, so the comparison means something.
        #expect(outcomes.kept > 2_000)
        #expect(outcomes.warned > 5_000)
        #expect(outcomes.failed > 400)
    }

    /// A catalogue shaped like the benchmarks' (scripts/audit-scale.py), decoded both ways.
    @Test func theBenchmarkShapeDecodesAsTheOracleDecodes() throws {
        let records = (0..<3_000).map { i in
            let price = i % 2 == 0 ? "\"\(100 + i % 2900).00\"" : "\(100 + i % 2900)"
            let session = i % 3 == 0 ? "null" : "\"2026-0\(1 + i % 9)-1\(i % 9)T09:00:00.000000Z\""
            let level = ["Débutant", "Intermédiaire", "Expert"][i % 3]
            let c = i % 40
            return """
            {"id": \(i + 1), "title": "Formation \(i) : IA et données", "description": "Description de la formation \(i).",
             "duration": "\(1 + i % 5) jours", "level": "\(level)",
             "price": \(price), "next_session": \(session),
             "category": {"id": \(c), "name": "Catégorie \(c) é", "slug": "c\(c)", "color": "#000000", "icon": "i"}}
            """
        }
        let data = Data(("{\"data\": [" + records.joined(separator: ",") + "]}").utf8)
        let fast = try CatalogueDecoder.decode(data)
        let oracle = try CatalogueOracle.decode(data)
        #expect(fast.catalogue.formations.count == 3_000)
        #expect(fast.catalogue.formations == oracle.formations)
        #expect(fast.warnings == oracle.warnings)
        #expect(fast.catalogue.categories.count == 40)
        expectSameGroups(fast.catalogue, oracle.formations, 0)
    }

    // MARK: The second half read on another core

    /// Decoded with the split searched from `from`: same result as the oracle; tells whether the
    /// tail read on the other core was used.
    @discardableResult
    private func expectSplitAgrees(_ document: [UInt8], from: Int, _ note: @autoclosure () -> String) -> Bool {
        let data = Data(document)
        var taken = false
        let split = Result { () throws(CatalogueLoadError) -> DecodedCatalogue in
            try CatalogueDecoder.decode(data, splitSearchFrom: from, tailTaken: { taken = $0 })
        }
        let oracle = Result { () throws(CatalogueLoadError) -> CatalogueOracle.Decoded in try CatalogueOracle.decode(data) }
        switch (split, oracle) {
        case (.success(let f), .success(let o)):
            #expect(f.catalogue.formations == o.formations && f.warnings == o.warnings, "\(note()) split at \(from)")
        case (.failure(let f), .failure(let o)):
            #expect(f == o, "\(note()) split at \(from)")
        default:
            Issue.record("\(note()) split at \(from): \(split) vs \(oracle)")
        }
        return taken
    }

    /// Generated documents split in their middle, and a few split at every byte: the split never
    /// changes the result, and it is really used.
    @Test func aListSplitAnywhereDecodesAsTheOracleDecodes() {
        var generator = CatalogueGenerator(seed: 0x5917)
        var taken = 0, everywhere = 0
        for round in 0..<800 {
            var document = generator.document()
            if round % 3 == 2 { generator.mutate(&document) }
            if expectSplitAgrees(document, from: document.count / 2, "round \(round)") { taken += 1 }
            if everywhere < 5 && document.count < 1_500 && document.count > 300 {
                everywhere += 1
                for from in 0...document.count { expectSplitAgrees(document, from: from, "round \(round)") }
            }
        }
        #expect(taken > 150)
        #expect(everywhere == 5)
    }

    /// Text that looks like a record boundary, `},{"id": …}`, inside a title in the middle: the
    /// guess lands in the string, is not a record's start, and is dropped.
    @Test func aRecordBoundaryInsideAStringIsNotTakenForOne() throws {
        let fake = #"x},{\"id\": 99, \"title\": \"Faux\", \"duration\": \"1 h\", \"level\": \"E\", \"price\": 1}, {\"id\": 98"#
        let records = (1...40).map { i in
            #"{"id": \#(i), "title": "\#(i == 20 ? fake : "Formation \(i)")", "duration": "1 h", "level": "E", "price": \#(i)}"#
        }
        let document = Array(("[" + records.joined(separator: ",") + "]").utf8)
        let inString = try #require(document.indices.first { i in
            document[i] == UInt8(ascii: "x") && document[i + 1] == UInt8(ascii: "}")
        })
        let guess = document.withUnsafeBytes { ListTail.recordStart(in: $0, from: inString) }
        // The guess is the "{" inside the string, not the next record's.
        #expect(guess.map { document[$0 - 1] } == UInt8(ascii: ","))
        #expect(guess.map { $0 < inString + 10 } == true)
        #expect(!expectSplitAgrees(document, from: inString, "in a string"))
        let decoded = try CatalogueDecoder.decode(Data(document), splitSearchFrom: inString)
        #expect(decoded.catalogue.formations.map(\.id) == Array(1...40))
        #expect(decoded.catalogue.formations[19].title.hasPrefix("x},{"))
        // Split at a real boundary after it, the tail is used and gives the same.
        #expect(expectSplitAgrees(document, from: document.count * 3 / 4, "after the string"))
    }

    /// Duplicates across the halves, warnings past the limit on either side, a failure in the
    /// tail, a tail of bad records that gives up: all as read on one core.
    @Test func whatTheTailFindsIsMergedInOrder() {
        func record(_ id: Int, price: String = "5", date: String = "null") -> String {
            #"{"id": \#(id), "title": "T\#(id)", "duration": "1 h", "level": "E", "price": \#(price), "next_session": \#(date)}"#
        }
        let first = (1...50).map { record($0) }
        let second = [record(3), record(60, price: "-1"), record(61, date: #""demain""#), "42", record(62, date: #""hier""#), record(1),
                      record(63, date: #""jamais""#), record(64, price: #""x""#)] + (65...100).map { record($0) }
        let document = Array((#"{"data": ["# + (first + second).joined(separator: ",") + "]}").utf8)
        #expect(expectSplitAgrees(document, from: document.count / 2, "merge"))
        let broken = Array(("[" + (first + [record(70), #"{"id": 71, "title": }"#]).joined(separator: ",") + "]").utf8)
        #expect(throws: CatalogueLoadError.self) { try CatalogueDecoder.decode(Data(broken), splitSearchFrom: broken.count / 2) }
        expectSplitAgrees(broken, from: broken.count / 2, "failure in the tail")
        let empty = Array(("[" + Array(repeating: "{}", count: ListTail.rejectionLimit * 3).joined(separator: ",") + "]").utf8)
        #expect(!expectSplitAgrees(empty, from: empty.count / 2, "bad records"), "the tail gives up past its limit")
    }

    private func expectSameGroups(_ catalogue: Catalogue, _ formations: [Formation], _ round: Int) {
        let (unique, byCategory, positions) = CatalogueOracle.groups(formations)
        let sorted = unique.sorted { FrenchCollation.precedes($0.name, $1.name) }
        #expect(catalogue.categories == sorted, "round \(round)")
        for (key, list) in byCategory {
            #expect(catalogue.formations(in: key) == list, "round \(round), \(key)")
            #expect(catalogue.category(key) == list.first?.category, "round \(round), \(key)")
        }
        for (id, position) in positions { #expect(catalogue.formation(id: id) == formations[position], "round \(round)") }
    }

    // MARK: Clean text is kept as it is

    /// Every scalar the fast path copies, `TextSanitizer.clean` copies too: all of Unicode, in
    /// chunks. (If the sanitiser learns to drop a new character, this fails until
    /// `UTF8Bytes.keepsAsIs` refuses it too.)
    @Test func everyScalarTheFastPathKeepsTheSanitizerKeepsToo() {
        var chunk = String.UnicodeScalarView()
        var first: UInt32 = 0x80, kept = 0
        func check(upTo last: UInt32) {
            let text = String(chunk)
            if TextSanitizer.clean(text) != text {
                Issue.record("TextSanitizer.clean changes a scalar between U+\(String(first, radix: 16)) and U+\(String(last, radix: 16))")
            }
            chunk = String.UnicodeScalarView()
        }
        for v in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v), UTF8Bytes.keepsAsIs(v) else { continue }
            if chunk.isEmpty { first = v }
            chunk.append("x")
            chunk.append(scalar)
            kept += 1
            if kept % 8_192 == 0 { check(upTo: v) }
        }
        check(upTo: 0x10FFFF)
        #expect(kept > 1_000_000)
        // And what the sanitiser drops or changes, the fast path refuses.
        for v: UInt32 in [0x85, 0x9B, 0xAD, 0x34F, 0x61C, 0x115F, 0x180E, 0x200B, 0x200E, 0x2028, 0x2029, 0x202E,
                          0x2066, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9, 0xFDD0, 0xFFFE, 0x1FFFF, 0xE0041] {
            #expect(!UTF8Bytes.keepsAsIs(v), "U+\(String(v, radix: 16))")
        }
    }

    /// Text the fast path accepts is exactly what `cleanField` gives back, uncut; real titles
    /// do take the fast path.
    @Test func textTheFastPathAcceptsIsWhatTheSanitizerWouldReturn() {
        let pieces = ["a", "é", " ", "  ", "\t", "\n", "<b>", "</p>", "<", ">", "&amp;", "&", "\u{1B}[2J", "\u{7F}",
                      "\u{85}", "\u{A0}", "\u{AD}", "’", "—", "…", "«", "»", "\u{200B}", "\u{202E}", "\u{2028}",
                      "\u{FEFF}", "\u{FFFE}", "🚀", "\u{301}", "Σ", "日本", "\u{E0041}", "\u{202F}"]
        var rng = SplitMix64(seed: 7)
        var fast = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 8) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            var copy = text
            let accepted = copy.withUTF8 { UTF8Bytes.isAlreadyClean(UnsafeRawBufferPointer($0)) }
            if accepted {
                fast += 1
                let (clean, cut) = TextSanitizer.cleanField(text)
                #expect(clean == text && cut == nil, "\(Array(text.unicodeScalars))")
            }
        }
        #expect(fast > 1_000)
        for title in ["Formation 0 : IA et données", "Catégorie 1 é", "L’éthique — « IA » 🚀", "Intermédiaire", "",
                      String(repeating: "a", count: TextSanitizer.fieldLimit)] {
            var copy = title
            #expect(copy.withUTF8 { UTF8Bytes.isAlreadyClean(UnsafeRawBufferPointer($0)) }, "\(title.prefix(30))")
        }
        for doubtful in [" a", "a ", "a  b", "a\tb", "a<b", "a&b", String(repeating: "a", count: TextSanitizer.fieldLimit + 1)] {
            var copy = doubtful
            #expect(!copy.withUTF8 { UTF8Bytes.isAlreadyClean(UnsafeRawBufferPointer($0)) }, "\(doubtful.prefix(30))")
        }
    }

    // MARK: UTF-8 checked as String checks it

    @Test func utf8IsJudgedAsStringJudgesIt() {
        func agree(_ bytes: [UInt8]) -> Bool {
            let fast = bytes.withUnsafeBytes { UTF8Bytes.isWellFormed($0) }
            return fast == (String(validating: bytes, as: UTF8.self) != nil)
        }
        var disagreements: [[UInt8]] = []
        for b0 in 0...255 {
            if !agree([UInt8(b0)]) { disagreements.append([UInt8(b0)]) }
            for b1 in 0...255 where !agree([UInt8(b0), UInt8(b1)]) { disagreements.append([UInt8(b0), UInt8(b1)]) }
        }
        // Longer sequences: every lead and second byte, the edges for the rest.
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF]
        for b0 in 0xE0...0xEF { for b1 in 0...255 { for b2 in edges where !agree([UInt8(b0), UInt8(b1), b2]) {
            disagreements.append([UInt8(b0), UInt8(b1), b2])
        } } }
        let fewer: [UInt8] = [0x41, 0x80, 0xBF, 0xC0]
        for b0 in 0xF0...0xFF { for b1 in 0...255 { for b2 in fewer { for b3 in fewer where !agree([UInt8(b0), UInt8(b1), b2, b3]) {
            disagreements.append([UInt8(b0), UInt8(b1), b2, b3])
        } } } }
        var rng = SplitMix64(seed: 99)
        for _ in 0..<20_000 {
            let bytes = (0..<Int(rng.next() % 10)).map { _ in edges.randomElement(using: &rng)! &+ UInt8(rng.next() % 3) }
            if !agree(bytes) { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// Prices read from the bytes: the same Decimal as the oracle's reader of the String.
    @Test func pricesReadFromBytesAsFromText() {
        for text in ["990.00", "990,5", " 12 ", "\t7\t", "-5", "0", "-0", "00012.50", "1.", ".5", "1,2,3", "", " ", "12 \u{301}",
                     " \u{301}12", "１２", "12345678901234567890.5", "1234567890123456789012345678901234567890", "1000000",
                     "1000000.01", "9" + String(repeating: "9", count: 63), "9" + String(repeating: "9", count: 64), "--1", "1-"] {
            #expect(PriceText.parse(text) == CatalogueOracle.PriceText.parse(text), "\(text)")
        }
    }
}

/// A small reproducible random source (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Catalogue documents in every shape the decoder must judge: the API's two envelopes, records
/// with any subset of fields, values of every JSON type, hostile and escaped text, duplicate and
/// escaped keys, prices and dates in good and bad shapes; `mutate` then breaks one.
struct CatalogueGenerator {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }

    static let texts: [String] = [
        #""Formation IA""#, #""Été en données""#, #""L’éthique — « IA »""#, #""""#, #""   ""#, #""  deux  espaces ""#,
        #""a\tb""#, #""ligne\nsuite""#, #""<b>gras</b> et <p>para</p>""#, #""1 < 2 et 3 > 2""#, #""&amp;lt;script&amp;gt;""#,
        #""&lt;b&gt; &nbsp;x""#, #""\u001b[2Jeff\u001b]0;t\u0007acé""#, #""\u00e9t\u00C9 \ud83d\ude80""#, #""seul \ud800 demi""#,
        #""\u200e\u202eIA\u2066""#, #""zéro\u200Blargeur""#, #""soft\u00adhyphen""#, #""\ufffe\uFDD0non""#, "\"\u{85}nel\"",
        "\"\u{9B}2Jcsi\"", "\"\u{2028}sep\"", "\"tag\u{E0041}\"", "\"\u{3164}\"", #""\/slash \\ back \"q\"""#,
        "\"Σ日本🚀\"", #""<speak><prosody rate='x-fast'>Expert</prosody></speak>""#,
    ]
    /// Fields at and past the length limit (slow to clean in a debug build: used sparingly).
    static let longTexts = ["\"" + String(repeating: "long é ", count: 800) + "\"", "\"" + String(repeating: "x", count: 5_001) + "\"",
                            "\"" + String(repeating: "y", count: 4_999) + "é\"", "\"" + String(repeating: "z", count: 5_000) + "\""]
    static let ids = ["1", "2", "3", "-0", "7", "1e3", "2.0", "2.5", "9007199254740993", "123456789012345678",
                      "1234567890123456789", "12345678901234567890", "-9223372036854775808", #""4""#, #"" 5 ""#, #""x""#,
                      "null", "true", "[]", "{}", #""\u0036""#]
    static let prices = ["990", "990.00", "0", "-0", "1000000", "1000000.01", "-3", "1e30", "1e308", "1.5e2", "18446744073709551615",
                         #""990.00""#, #""990,50""#, #"" 12 ""#, #""\t7\t""#, #""-5""#, #""gratuit""#, #""1.""#, #""１２""#,
                         #""1234567890123456789012345678901234567890""#, #""0.000000000000000000001""#, "null", "false", "[1]",
                         #"{"v": 1}"#, #""\u0031\u0032""#]
    static let dates = [#""2026-02-15T09:00:00Z""#, #""2026-02-15T09:00:00.000000Z""#, #""2026-02-15T10:00:00+01:00""#,
                        #""2026-02-15 09:00:00""#, #""2026-02-15""#, #""2026-02-30""#, #""15/02/2026""#, #"" 2026-02-15 ""#,
                        "\"\u{A0}2026-02-15\"", "\"2026-02-15\u{2003}\"", #""2026-02-15T25:00:00Z""#, #""2024-02-29T00:00:00,5Z""#,
                        #""2026-02-15T09:00""#, #""2026-02-15T09:00:00-0230""#, #""""#, "null", "12", "true", "[]", #""\u0032026-01-01""#]
    static let categoryNames = [#""Éthique""#, #""éthique""#, #""IA Générative""#, #""<b></b>""#, #""  ""#, ##""#5""##,
                                #""Catégorie 1 é""#, #""\u202e""#, "3", "null", "[]"]

    mutating func key(_ name: String) -> String {
        // Now and then the key is written with an escape; it is the same key.
        guard chance(5), let first = name.unicodeScalars.first else { return "\"\(name)\"" }
        return "\"\\u00\(String(first.value, radix: 16))\(name.dropFirst())\""
    }

    mutating func text() -> String {
        if chance(1) { return pick(Self.longTexts) }
        return chance(40) ? pick(["\"Formation IA\"", "\"Été\"", "\"2 jours\"", "\"Expert\""]) : pick(Self.texts)
    }

    mutating func category() -> String {
        switch rng.next() % 8 {
        case 0: return "null"
        case 1: return pick(Self.categoryNames)
        case 2: return pick(["12", "true", "[]", #"{"deep": [[[{"a": null}]]]}"#])
        default:
            var members: [String] = []
            if chance(85) { members.append("\(key("id")): \(pick(["0", "1", "2", "3", "5", "-1", "2.5", "1e2", "null", #""4""#, "12345678901234567890"]))") }
            if chance(90) { members.append("\(key("name")): \(pick(Self.categoryNames + Self.texts.prefix(6)))") }
            for name in ["slug", "color", "icon"] where chance(60) {
                members.append("\(key(name)): \(pick([#""c1""#, ##""#10B981""##, #""""#, "null", "7", #""\u001bx""#, #""<i>""#]))")
            }
            if chance(10) { members.append(#""extra": {"x": [1, 2, {"y": "z"}]}"#) }
            if chance(8), let first = members.first { members.append(first) }
            members.shuffle(using: &rng)
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    mutating func record(id: Int) -> String {
        if chance(4) { return pick(["42", "null", #""texte""#, "[1, 2]", "true"]) }
        var members: [String] = []
        if chance(95) { members.append("\(key("id")): \(chance(70) ? String(id) : pick(Self.ids))") }
        for name in ["title", "duration", "level"] where chance(96) {
            members.append("\(key(name)): \(chance(4) ? pick(["null", "12", "1.5", "true", "[]", #"{"a": 1}"#]) : text())")
        }
        if chance(60) { members.append("\(key("description")): \(chance(10) ? pick(["null", "3", "[]"]) : text())") }
        if chance(97) { members.append("\(key("price")): \(chance(50) ? pick(["990", #""990.00""#, "12.5", #""0,50""#]) : pick(Self.prices))") }
        if chance(70) { members.append("\(key("next_session")): \(pick(Self.dates))") }
        if chance(80) { members.append("\(key("category")): \(category())") }
        if chance(15) { members.append(#""meta": {"tags": ["a", {"b": [null, true, -1.5e-3]}], "note": "\u00e9"}"#) }
        // A key twice: the last one wins.
        if chance(10), let some = members.randomElement(using: &rng) { members.append(some) }
        members.shuffle(using: &rng)
        let space = pick(["", " ", "\n ", "\t"])
        return "{" + space + members.joined(separator: "," + space) + space + "}"
    }

    mutating func document() -> [UInt8] {
        let count = Int(rng.next() % 12)
        var ids = 0
        let records = (0..<count).map { _ -> String in
            ids += chance(10) ? 0 : 1 // now and then an id again
            return record(id: ids)
        }
        let list = "[" + records.joined(separator: pick([",", ", ", ",\n"])) + "]"
        let text: String
        switch rng.next() % 6 {
        case 0, 1: text = list
        case 2: text = "{\"data\": " + list + "}"
        case 3: text = #"{"meta": {"total": 3, "links": [null]}, "data": "# + list + #", "links": {}}"#
        case 4: text = "{\"data\": [{\"id\": 99, \"title\": \"replaced\", \"duration\": \"1 h\", \"level\": \"E\", \"price\": 1}], \"data\": " + list + "}"
        default: text = pick(["\u{FEFF}", " ", "\n"]) + list + pick(["", " \n", "\t"])
        }
        return Array(text.utf8)
    }

    /// One small break: a byte removed, changed or added, or the text cut short.
    mutating func mutate(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let at = Int(rng.next() % UInt64(bytes.count))
        let noise: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x00, 0x0A, 0x1F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF, 0x30, 0x2D, 0x65, 0x2E]
        switch rng.next() % 4 {
        case 0: bytes.remove(at: at)
        case 1: bytes[at] = pick(noise)
        case 2: bytes.insert(pick(noise), at: at)
        default: bytes.removeSubrange(at...)
        }
    }
}
