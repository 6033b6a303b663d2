// SPDX-License-Identifier: GPL-3.0-or-later
// fuzz-requires: Sources/LecteurBraille/BrailleTranslator.swift
// fuzz-build: -I Modules/CLouis -llouis Sources/LecteurBraille/BrailleTranslator.swift Sources/LecteurBraille/BrailleTextNormalizer.swift Sources/LecteurBraille/BrailleCells.swift
import Foundation
import LecteurCore

/// Fuzz target `braille` (waits for the braille branch): any text through liblouis with each
/// French table. It must not crash (liblouis is C: ASan sees its memory errors too) and the
/// cell-to-character maps the display's routing keys rely on must stay inside their ranges.
/// The first input byte picks the table, the rest is the text.
private let translators: [BrailleTranslator] = BrailleTable.allCases.map { table in
    do { return try BrailleTranslator(table: table) } catch { fatalError("fuzz: liblouis table \(table): \(error)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBraille(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let first = bytes.first else { return 0 }
    let translator = translators[Int(first) % translators.count]
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let characters = text.count
    let cells: BrailleCells
    do {
        cells = try translator.translate(text)
    } catch {
        return 0 // a translation refused is reported to the user; only crashes and bad maps count here
    }
    Fuzz.check(cells.sourceCharacter.count == cells.dots.count, "one source per cell")
    Fuzz.check(cells.cellForCharacter.count == characters, "one cell per character: \(cells.cellForCharacter.count) vs \(characters)")
    Fuzz.check(cells.sourceCharacter.allSatisfy { $0 >= 0 && $0 < max(characters, 1) }, "cell maps outside the text")
    Fuzz.check(cells.cellForCharacter.allSatisfy { $0 >= 0 && $0 <= cells.dots.count }, "character maps outside the cells")
    Fuzz.check(BrailleCells.dots(fromUnicode: cells.unicode) == cells.dots, "Unicode braille round trip")
    return 0
}
