// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
@testable import LecteurNetwork

/// The loaders' decoder reads the second half of a large list on a thread of its own: what it
/// gives is what the core's decoder gives on one core, the other core's reading is really used
/// when the guess is a record's start, and a guess that is not one (or a failure, or deep nesting
/// in the second half) changes nothing.
@Suite struct TwoCoreDecoderTests {
    static func record(_ id: Int, title: String? = nil, price: String = "5", extra: String = "") -> String {
        #"{"id": \#(id), "title": "\#(title ?? "Formation \(id) : données")", "duration": "1 h", "level": "E", "price": \#(price)\#(extra)}"#
    }

    /// Decoded on two cores with the split searched from `from`, and on one: the same; returns
    /// whether the second half read on the other thread was used.
    static func agrees(_ text: String, from: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let data = Data(text.utf8)
        var taken = false
        let two = Result { () throws(CatalogueLoadError) -> DecodedCatalogue in
            try TwoCoreCatalogueDecoder.decode(data, splitSearchFrom: from ?? data.count / 2, tailTaken: { taken = $0 })
        }
        let one = Result { () throws(CatalogueLoadError) -> DecodedCatalogue in try CatalogueDecoder.decode(data) }
        switch (two, one) {
        case (.success(let a), .success(let b)):
            #expect(a.catalogue.formations == b.catalogue.formations && a.warnings == b.warnings, sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a == b, sourceLocation: sourceLocation)
        default:
            Issue.record("two cores: \(two), one: \(one)", sourceLocation: sourceLocation)
        }
        return taken
    }

    @Test func aLargeListIsReadOnTwoCoresAsOnOne() {
        let records = (1...5_000).map { Self.record($0, price: $0 % 2 == 0 ? "\"\($0).00\"" : "\($0)") }
        #expect(Self.agrees("{\"data\": [" + records.joined(separator: ",\n") + "]}"))
        // Duplicates and bad records on both sides of the middle, in the order a single read finds them.
        var mixed = records
        mixed[10] = Self.record(4_000)
        mixed[4_000] = Self.record(11)
        mixed[4_500] = "42"
        mixed[2_600] = Self.record(2_601, price: "-1")
        #expect(Self.agrees("[" + mixed.joined(separator: ",") + "]"))
    }

    @Test func aGuessInsideAStringOrAFailureChangesNothing() {
        let fake = #"x},{\"id\": 99, \"title\": \"Faux\"}"#
        let records = (1...400).map { Self.record($0, title: $0 == 200 ? fake : nil) }
        let text = "[" + records.joined(separator: ",") + "]"
        let inString = text.utf8.count - text.drop { $0 != "x" }.utf8.count
        #expect(!Self.agrees(text, from: inString))
        #expect(Self.agrees(text, from: text.utf8.count * 3 / 4))
        let broken = "[" + (records + [#"{"id": 401, "title": }"#]).joined(separator: ",") + "]"
        _ = Self.agrees(broken)
    }

    /// Nesting as deep as the scanner allows, in the half the other thread reads: its stack has
    /// the main thread's room.
    @Test func deepNestingInTheSecondHalfIsReadOnTheOtherThread() {
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let records = (1...400).map { Self.record($0, extra: $0 == 300 ? ", \"tags\": \(deep)" : "") }
        #expect(Self.agrees("[" + records.joined(separator: ",") + "]"))
    }
}
