// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurApp
import CLouis
import Foundation
import LecteurCore
import LecteurLocales
import Testing
@testable import LecteurBraille

/// liblouis' own command-line tool on the same table: the reference our translation must match
/// (`backward`: Unicode braille back to text).
func louTranslate(_ text: String, table: BrailleTable, backward: Bool = false) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/lou_translate")
    process.arguments = [backward ? "--backward" : "--forward", "unicode.dis,\(table.liblouisTable)"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data((text + "\n").utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
}

@Suite("Braille translation through liblouis")
struct BrailleTranslatorTests {
    static let label = "IA Générative, sélectionné"
    /// French prices as Foundation formats them for fr_FR: U+202F between digit groups, U+00A0 before €.
    static let price = "1\u{202F}490\u{00A0}€"
    static let priceWithCents = "1\u{202F}490,50\u{00A0}€"

    @Test("intégral (fr-bfu-comp6): a chip label, same cells as lou_translate")
    func integralLabel() throws {
        let cells = try BrailleTranslator(table: .integral).translate(Self.label)
        #expect(cells.unicode == "⠨⠨⠊⠁⠀⠨⠛⠿⠝⠿⠗⠁⠞⠊⠧⠑⠂⠀⠎⠿⠇⠑⠉⠞⠊⠕⠝⠝⠿")
        #expect(cells.unicode == (try louTranslate(Self.label, table: .integral)))
        #expect(cells.dots.allSatisfy { $0 & 0xC0 == 0 }, "6-dot table: no dot 7 or 8")
    }

    @Test("abrégé (fr-bfu-g2): contractions, same cells as lou_translate")
    func contractedLabel() throws {
        let cells = try BrailleTranslator(table: .abrege).translate(Self.label)
        #expect(cells.unicode == (try louTranslate(Self.label, table: .abrege)))
        // "-ion" of "sélectionné" is one cell (dots 3456) in abrégé, three letters in intégral.
        #expect(cells.unicode.hasSuffix("⠎⠿⠇⠑⠉⠞⠼⠝⠿"))
        let integral = try BrailleTranslator(table: .integral).translate(Self.label)
        #expect(cells.count < integral.count)
    }

    @Test("8-dot computer braille (fr-bfu-comp8): same cells as brltty's fr text table")
    func computer8Label() throws {
        let cells = try BrailleTranslator(table: .computer8).translate(Self.label)
        #expect(cells.unicode == "⡊⡁⠀⡛⠿⠝⠿⠗⠁⠞⠊⠧⠑⠂⠀⠎⠿⠇⠑⠉⠞⠊⠕⠝⠝⠿")
        #expect(cells.unicode == (try louTranslate(Self.label, table: .computer8)))
        #expect(cells.count == Self.label.count, "one cell per character")
    }

    @Test("a price with a thousands separator stays one number", arguments: BrailleTable.allCases)
    func priceIsOneNumber(table: BrailleTable) throws {
        let translator = try BrailleTranslator(table: table)
        let cells = try translator.translate(Self.price)
        // Same cells as the price written without a separator, and as liblouis' own tool gives for it.
        #expect(cells.unicode == (try translator.translate("1490 €")).unicode)
        #expect(cells.unicode == (try louTranslate("1490 €", table: table)))
        // Without normalisation liblouis would not give that (the raw U+202F splits or passes through).
        let raw = try Liblouis.translate(Self.price.unicodeScalars.map { widechar($0.value) }, table: table.liblouisTable)
        #expect(BrailleCells.unicode(raw.cells.map { UInt8($0 & 0xFF) }) != cells.unicode)
        switch table {
        case .integral, .abrege:
            #expect(cells.unicode == "⠠⠡⠹⠪⠼⠀⠘⠑")
            #expect(cells.unicode.filter { $0 == "⠠" }.count == 1, "one number sign (dot 6)")
        case .computer8:
            #expect(cells.unicode == "⠡⠹⠪⠼⠀⣑")
        }
    }

    @Test("a price with cents: one number, decimal comma kept", arguments: BrailleTable.allCases)
    func priceWithCents(table: BrailleTable) throws {
        let translator = try BrailleTranslator(table: table)
        let cells = try translator.translate(Self.priceWithCents)
        #expect(cells.unicode == (try louTranslate("1490,50 €", table: table)))
        if table != .computer8 {
            #expect(cells.unicode.filter { $0 == "⠠" }.count == 1)
        }
    }

    @Test("cursor and routing map between characters and cells")
    func positions() throws {
        // "[x] Toutes btn": "[" and "]" take two cells each in intégral, "T" a capital sign + t.
        let text = "[x] Toutes btn"
        let cells = try BrailleTranslator(table: .integral).translate(text)
        #expect(cells.unicode == (try louTranslate(text, table: .integral)))
        #expect(cells.unicode == "⠘⠦⠭⠴⠃⠀⠨⠞⠕⠥⠞⠑⠎⠀⠃⠞⠝")
        #expect(cells.cell(forCharacter: 4) == 6, "the capital sign before T")
        #expect(cells.sourceCharacter[6] == 4 && cells.sourceCharacter[7] == 4)
        #expect(cells.sourceCharacter[0] == 0 && cells.sourceCharacter[1] == 0)
        #expect(cells.cell(forCharacter: text.count) == cells.count)
        // After a removed separator, positions still point at the right characters.
        let price = try BrailleTranslator(table: .computer8).translate("Prix " + Self.price)
        #expect(price.cell(forCharacter: 5) == 5)
        #expect(price.sourceCharacter[price.count - 1] == 11, "€ is the 12th character")
    }

    @Test("typographic apostrophe is brailled as the apostrophe")
    func apostrophe() throws {
        let translator = try BrailleTranslator(table: .integral)
        #expect(try translator.translate("l’IA").unicode == (try translator.translate("l'IA")).unicode)
    }

    @Test("empty text gives no cells")
    func empty() throws {
        let cells = try BrailleTranslator().translate("")
        #expect(cells.count == 0)
        #expect(cells.unicode == "")
    }

    /// Found by the `braille` fuzz target: a word joiner then NUL, which liblouis stops at.
    @Test("routing maps stay inside the cells for text liblouis does not consume whole", arguments: BrailleTable.allCases)
    func routingInsideCells(table: BrailleTable) throws {
        for text in ["\u{2060}\u{0}", "a\u{0}b", "\u{0}", "\u{2060}", "x\u{200B}\u{0}\u{2060}y"] {
            let cells = try BrailleTranslator(table: table).translate(text)
            #expect(cells.cellForCharacter.count == text.count)
            #expect(cells.cellForCharacter.allSatisfy { (0...cells.count).contains($0) }, "\(cells.cellForCharacter) for \(cells.count) cells")
            #expect(cells.sourceCharacter.allSatisfy { (0..<max(text.count, 1)).contains($0) })
        }
    }

    @Test("a long text is translated whole (output buffer grows)")
    func longText() throws {
        let text = String(repeating: "Développement web complet, ", count: 40)
        let cells = try BrailleTranslator(table: .abrege).translate(text)
        #expect(cells.unicode == (try louTranslate(text, table: .abrege)))
    }

    @Test("a table liblouis cannot load is a typed error, not a crash")
    func missingTable() {
        #expect(throws: BrailleTranslationError.self) { try Liblouis.check("fr-nexiste-pas.utb") }
        do {
            try Liblouis.check("fr-nexiste-pas.utb")
        } catch let error as BrailleTranslationError {
            let strings = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)
            #expect(error.message(strings).hasPrefix("Table braille fr-nexiste-pas.utb introuvable"))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("table names typed by users")
    func tableNames() {
        #expect(BrailleTable(name: "intégral") == .integral)
        #expect(BrailleTable(name: "Integral") == .integral)
        #expect(BrailleTable(name: "abrégé") == .abrege)
        #expect(BrailleTable(name: "g2") == .abrege)
        #expect(BrailleTable(name: "comp8") == .computer8)
        #expect(BrailleTable(name: "8 points") == nil)
        #expect(BrailleTable(name: "8-points") == .computer8)
        #expect(BrailleTable(name: "fr-bfu-g2.ctb") == .abrege)
        #expect(BrailleTable(name: "klingon") == nil)
        #expect(BrailleTable.default == .integral)
        for table in BrailleTable.allCases { #expect(BrailleTable(name: table.name) == table) }
    }
}
