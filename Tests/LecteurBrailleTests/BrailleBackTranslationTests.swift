// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing
@testable import LecteurBraille

/// Cells typed on a braille keyboard, back to text in the user's table (issue 24, item 1).
@Suite struct BrailleBackTranslationTests {
    static func cells(_ unicode: String) -> [UInt8] { BrailleCells.dots(fromUnicode: unicode)! }

    @Test func uncontractedCellsAreTheirLettersCapitalsIncluded() throws {
        let integral = try BrailleTranslator(table: .integral)
        #expect(integral.backTranslate(Self.cells("⠋⠊⠇⠞⠗⠑")) == "filtre")
        #expect(integral.backTranslate(Self.cells("⠨⠋⠊⠇⠞⠗⠑")) == "Filtre")
        #expect(integral.backTranslate(Self.cells("⠿")) == "é")
        #expect(integral.backTranslate([]) == "")
    }

    @Test func aContractedWordIsReadAsAWhole() throws {
        let abrege = try BrailleTranslator(table: .abrege)
        for (unicode, word) in [("⠷⠦⠷⠦", "chercher"), ("⠋⠰⠍⠡", "formation"), ("⠋⠊⠇⠴⠑", "filtre"), ("⠬⠜⠑⠞", "onglet")] {
            #expect(abrege.backTranslate(Self.cells(unicode)) == word)
            #expect(try louTranslate(unicode, table: .abrege, backward: true) == word, "liblouis' tool agrees")
        }
        // « d » alone is the word « de »; the same cell inside a word is the letter.
        #expect(abrege.backTranslate(Self.cells("⠙")) == "de")
    }

    @Test func aTypedLineShowsItsEndWithTheCursorAfterTheLastCharacter() throws {
        let output = try BrailleOutput(table: .integral, settings: BrlAPISettings(host: ":199", auth: "none"), defaultWidth: 20) { _ in }
        let short = try output.show(BrailleLine(text: "filtre d", cursor: 8, kind: .input))
        #expect(short.windowUnicode == "⠋⠊⠇⠞⠗⠑⠀⠙")
        #expect(short.cursorCell == 8, "the cursor sits in the cell after the text")
        let long = "chercher machine learning avec python"
        let rendering = try output.show(BrailleLine(text: long, cursor: long.count, kind: .input))
        #expect(rendering.window.upperBound == rendering.cells.count, "the window that holds the end is shown")
        #expect(rendering.cursorCell == rendering.window.count)
        // A focus line still opens on its first window.
        let focus = try output.show(BrailleLine(text: long, cursor: 0))
        #expect(focus.window.lowerBound == 0)
    }
}
