// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales
import Testing
@testable import LecteurBraille

/// The lines the navigator composes for real screens, through each table: what the display shows.
@Suite("Braille lines of the reader's own elements")
struct BrailleElementTests {
    let strings = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)

    func elements() -> [Element] {
        let builder = ScreenBuilder(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!)
        let formations = builder.formationsScreen(.loaded(BuiltInCatalogue.load()), filter: nil).elements
        let morse = builder.morseScreen(progress: [:]).elements
        return formations + Array(morse.prefix(3))
    }

    @Test("every element of the formations and Morse screens, in every table, matches lou_translate",
          arguments: BrailleTable.allCases)
    func elementsMatchLiblouis(table: BrailleTable) throws {
        let translator = try BrailleTranslator(table: table)
        for element in elements() {
            let line = BrailleGenerator(strings: strings).line(element)
            let cells = try translator.translate(line.text)
            // liblouis's own command line on the line as written, after the French typography the
            // tables do not know is undone as a person would (regular expressions here, not the
            // reader's normaliser): the reference owes nothing to the code under test.
            let reference = try louTranslate(Self.plainTypography(line.text), table: table)
            #expect(cells.unicode == reference, "\(element.id): \(line.text)")
            #expect(cells.cell(forCharacter: line.cursor) < max(cells.count, 1), "\(element.id): cursor inside")
            if table == .integral { print("\(element.id) | \(line.text) | \(cells.unicode)") }
        }
    }

    /// "1 490 €" → "1490 €" (a space grouping digits would split the number), any other
    /// no-break or thin space → a space, the typographic apostrophe → the ASCII one.
    static func plainTypography(_ text: String) -> String {
        let spaces = "[\u{0020}\u{00A0}\u{2007}-\u{200A}\u{202F}\u{205F}]"
        let plain = text.replacingOccurrences(of: "(?<![0-9])([0-9]{1,3})\(spaces)([0-9]{3})(?![0-9])", with: "$1$2",
                                              options: .regularExpression)
        return plain.replacingOccurrences(of: spaces, with: " ", options: .regularExpression)
            .replacingOccurrences(of: "[\u{2019}\u{02BC}]", with: "'", options: .regularExpression)
    }

    /// Issue 26: patterns are compact on the display (⠂ a dit, ⠒ a dah), so every row of the
    /// Morse list fits 40 cells in every table, with the longest progress a row can show.
    @Test("every Morse row fits a 40-cell display", arguments: BrailleTable.allCases)
    func morseRowsFitFortyCells(table: BrailleTable) throws {
        let translator = try BrailleTranslator(table: table)
        let builder = ScreenBuilder(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!)
        let worst = Dictionary(uniqueKeysWithValues: MorseAlphabet.standard.symbols.map { ($0.id, SymbolProgress(attempts: 20, correct: 20)) })
        for progress in [[:], worst] {
            for row in builder.morseScreen(progress: progress).elements {
                let line = BrailleGenerator(strings: strings).line(row)
                let cells = try translator.translate(line.text)
                #expect(cells.count <= 40, "\(row.id): \(line.text) is \(cells.count) cells")
                #expect(line.text.contains(MorseBraille.dit) || line.text.contains(MorseBraille.dah))
            }
        }
        let k = try #require(builder.morseScreen(progress: [:]).elements.first { $0.id == "morse.4B" })
        #expect(BrailleGenerator(strings: strings).line(k).text == "K ⠒⠂⠒ - pas encore pratiqué btn")
        let practised = try #require(builder.morseScreen(progress: worst).elements.first { $0.id == "morse.4B" })
        #expect(BrailleGenerator(strings: strings).line(practised).text == "K ⠒⠂⠒ - 100 % sur 20 essais btn")
    }

    @Test("chips: the selection marker leads, the cursor is on the name")
    func chips() throws {
        let translator = try BrailleTranslator(table: .integral)
        let chips = elements().filter { $0.selected != nil }
        #expect(chips.count >= 2)
        for chip in chips {
            let line = BrailleGenerator(strings: strings).line(chip)
            let cells = try translator.translate(line.text)
            let marker = chip.selected == true ? "⠘⠦⠭⠴⠃⠀" : "⠘⠦⠀⠴⠃⠀"  // "[x] " / "[ ] "
            #expect(cells.unicode.hasPrefix(marker), "\(line.text) → \(cells.unicode)")
            #expect(cells.cell(forCharacter: line.cursor) == 6)
        }
    }

    @Test("prices in card labels stay one number in the 6-dot tables")
    func cardPrices() throws {
        let cards = elements().compactMap { element -> String? in
            let text = BrailleGenerator(strings: strings).line(element).text
            return text.contains("€") ? text : nil
        }
        #expect(!cards.isEmpty)
        for table in [BrailleTable.integral, .abrege] {
            let translator = try BrailleTranslator(table: table)
            for text in cards {
                let cells = try translator.translate(text)
                // The price as typed without spaces gives the same cells inside the line.
                let price = try #require(text.range(of: #"[0-9][0-9\u202F\u00A0 ]*[0-9](,[0-9]+)?[\u00A0 ]?€"#,
                                                    options: .regularExpression))
                let compact = text[price].filter { !$0.isWhitespace }.replacingOccurrences(of: "€", with: " €")
                let priceCells = try translator.translate(compact).unicode
                #expect(cells.unicode.contains(priceCells), "\(text): \(cells.unicode) lacks \(priceCells)")
            }
        }
    }
}
