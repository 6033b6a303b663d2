// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Fuzz target `configuration`: any text of a `lecteur.toml` through the nesting check that runs
/// before TOMLKit parses the file (TOMLKit itself, C++, is not in this build). It must not crash,
/// must stay linear, and must never let a line through with more levels than an upper bound
/// counted independently here (every "." and "{" of the line, strings and comments included).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    for limit in [0, 2, 16] {
        let found = TOMLNesting.firstLine(over: limit, in: text)
        // Lines by their line-feed bytes: "\r\n" is one Character, which a split on "\n" skips.
        let lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false)
        if let found {
            Fuzz.check(found >= 1 && found <= lines.count, "line \(found) of \(lines.count)")
            let bound = lines[found - 1].filter { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "{") }.count
            Fuzz.check(bound > limit, "line \(found) refused with at most \(bound) levels (limit \(limit))")
        } else {
            // No string spans a line here unless it is a multi-line one: without quotes at all,
            // the independent count is exact for "{" and an upper bound for ".".
            // Bytes, not Characters: "#" followed by a combining mark is another Character.
            if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "#") }) {
                for (index, line) in lines.enumerated() {
                    let braces = line.filter { $0 == UInt8(ascii: "{") }.count
                    Fuzz.check(braces <= limit, "line \(index + 1) has \(braces) braces, accepted at limit \(limit)")
                }
            }
        }
    }
    return 0
}
