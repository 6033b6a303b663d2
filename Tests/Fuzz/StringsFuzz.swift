// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Fuzz target `strings`: any bytes as an `audit --strings` file: each template is cleaned as
/// the audit cleans an override, then filled. It must not crash, the cleaned template must hold
/// no control character but line breaks and tabs, no bidi override and no noncharacter, and
/// filling must stay linear (the output no longer than the template and one value per slot).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(Fuzz.bytes(data, size))
    var templates: [String] = []
    if let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] {
        templates = object.values.compactMap { $0 as? String }
    } else {
        templates = [String(decoding: bytes, as: UTF8.self)]
    }
    for raw in templates {
        let template = TextSanitizer.cleanKeepingLayout(raw)
        let bad = Fuzz.firstControl(in: template, allowed: [0x0A, 0x09])
        Fuzz.check(bad == nil, "control U+\(String(bad?.value ?? 0, radix: 16)) kept: \(Fuzz.debug(template))")
        Fuzz.check(!template.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || $0.value & 0xFFFE == 0xFFFE },
                   "bidi override or noncharacter kept: \(Fuzz.debug(template))")
        let value = "VALEUR"
        let names = Strings.placeholders(in: template)
        let filled = Strings.fill(template, Dictionary(uniqueKeysWithValues: names.map { ($0, value) }))
        let slots = template.utf8.filter { $0 == UInt8(ascii: "{") }.count
        Fuzz.check(filled.utf8.count <= template.utf8.count + slots * value.utf8.count,
                   "filled to \(filled.utf8.count) bytes from \(template.utf8.count)")
    }
    return 0
}
