// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
@testable import LecteurLocales

/// Issue 49: the locale files are read by a reader of their own shape instead of
/// JSONSerialization. It must give exactly the table Foundation gave, and hand back to
/// Foundation whatever it does not take.
@Suite struct LocaleFileDecoderTests {
    /// The table as it was built before: JSONSerialization, plural objects flattened.
    static func foundationTable(_ data: Data) -> [String: String]? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        var table: [String: String] = [:]
        for (key, value) in object {
            if let s = value as? String {
                table[key] = s
            } else if let forms = value as? [String: String], let other = forms["other"] {
                table[key] = other
                for (member, form) in forms where member != "other" { table[key + "|" + member] = form }
            }
        }
        return table
    }

    static func fast(_ text: String) -> [String: String]? {
        var table: [String: String] = [:]
        return LocaleFileDecoder.decode(Data(text.utf8), into: &table) ? table : nil
    }

    @Test(arguments: LocaleResources.available)
    func everyShippedStringFileReadsAsFoundationReadsIt(locale: String) throws {
        let files = LocaleResources.stringFiles(locale: locale)
        #expect(files.count > 20)
        for file in files {
            let data = try #require(LocaleResources.data(locale: locale, file: file))
            var table: [String: String] = [:]
            #expect(LocaleFileDecoder.decode(data, into: &table), "\(locale)/\(file) left to Foundation")
            #expect(table == Self.foundationTable(data), "\(locale)/\(file)")
        }
    }

    @Test func escapesAndPluralsAsFoundation() throws {
        let text = #"""
        { "a": "x\"y\\z\/\b\f\n\r\t", "b": "\u00e9\u00C9 \ud83d\ude00 é",
          "c": {"one": "{count} chose", "other": "{count} choses", "by": "count"},
          "d": {"one": "sans other"}, "e": "" , "f":{}}
        """#
        let fast = try #require(Self.fast(text))
        #expect(fast == Self.foundationTable(Data(text.utf8)))
        #expect(fast["b"] == "éÉ 😀 é")
        #expect(fast["c|one"] == "{count} chose" && fast["c"] == "{count} choses" && fast["d"] == nil)
    }

    /// What the fast reader does not take is left to Foundation (nil), the table untouched.
    @Test(arguments: [
        #"{"a": 1}"#, #"{"a": ["x"]}"#, #"{"a": {"one": {"x": "y"}}}"#, #"{"a": "x",}"#, #"{"a": "x"} x"#,
        "{\"a\": \"line\nbreak\"}", #"{"a": "\ud800"}"#, #"{"a": "\udc00x"}"#, #"{"a": "\x"}"#, #"{"a": "\u12"}"#,
        #"{"a": "open"#, "", "[]", "\u{FEFF}{}", #"{"a": {"one": "x", "one": "y", "other": "z"}}"#,
    ])
    func anythingElseIsLeftToFoundation(text: String) {
        var table = ["kept": "yes"]
        #expect(!LocaleFileDecoder.decode(Data(text.utf8), into: &table))
        #expect(table == ["kept": "yes"])
    }

    @Test func invalidUTF8IsLeftToFoundation() {
        var table: [String: String] = [:]
        #expect(!LocaleFileDecoder.decode(Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]), into: &table))
        #expect(table.isEmpty)
    }

    /// Read once per process, whoever asks and however often (the test binary's other suites
    /// ask too: the count is still one).
    @Test func eachFileIsReadFromDiskOnce() throws {
        for _ in 0..<3 {
            _ = try #require(LocaleResources.strings(locale: "fr"))
            _ = try #require(LocaleResources.table(locale: "fr"))
            _ = try #require(LocaleResources.data(locale: "fr", file: "lexique.json"))
        }
        #expect(LocaleResources.strings(locale: "xx") == nil)
        let reads = LocaleResources.diskReads.withLock { $0 }
        for file in LocaleResources.stringFiles(locale: "fr") + ["lexique.json"] {
            #expect(reads["fr/" + file] == 1, "fr/\(file) read \(reads["fr/" + file] ?? 0) times")
        }
    }
}
