// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Shared by every fuzz target (each target file adds one `LLVMFuzzerTestOneInput`).
/// Built by scripts/fuzz.sh against LecteurCore compiled with coverage and AddressSanitizer.
enum Fuzz {
    /// The checkout this binary was built from: the French table is read from its Locales/ so
    /// the messages fuzzed are the shipped ones, not a copy.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let fr: Strings = Strings(localeCode: "fr", table: table(locale: "fr"))

    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// Same merge as LecteurLocales.LocaleResources.table (that module needs a resource bundle).
    static func table(locale: String) -> [String: String] {
        let dir = root.appendingPathComponent("Locales/\(locale)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        var table: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix("lexique") && !name.hasPrefix("lexicon") {
            guard let data = try? Data(contentsOf: dir.appendingPathComponent(name)),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            for (key, value) in object { if let s = value as? String { table[key] = s } }
        }
        guard !table.isEmpty else { fatalError("fuzz: no string table under \(dir.path)") }
        return table
    }

    static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// An invariant broken is a crash for libFuzzer: it saves the input as an artifact.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: \(message())") }
    }

    /// C0 and C1 controls, DEL: what must never reach a terminal, a speech engine or a display.
    /// `allowed` lists the few a given text may carry on purpose (a line feed between help lines).
    static func firstControl(in text: String, allowed: Set<UInt32> = []) -> Unicode.Scalar? {
        text.unicodeScalars.first { s in
            (s.value < 0x20 || (0x7F...0x9F).contains(s.value)) && !allowed.contains(s.value)
        }
    }

    static func debug(_ text: String) -> String {
        text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
    }
}
