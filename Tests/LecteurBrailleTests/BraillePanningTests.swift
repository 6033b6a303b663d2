// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import LecteurBraille

@Suite("Panning a long line over the display")
struct BraillePanningTests {
    /// Blank map of a text, one cell per character (as with 8-dot computer braille).
    func blanks(_ text: String) -> [Bool] { text.map { $0 == " " } }

    @Test("a line that fits: one window, both keys leave the element")
    func shortLine() {
        var panning = BraillePanning(blank: blanks("Toutes btn"), width: 40)
        #expect(panning.windows == [0..<10])
        #expect(panning.forward() == .nextElement)
        #expect(panning.back() == .previousElement)
        #expect(panning.window == 0..<10)
    }

    @Test("windows end at word boundaries and skip leading blanks")
    func wordWrap() {
        //          0         1         2         3
        //          0123456789012345678901234567890123456
        let text = "Formation complete en developpement web"
        var panning = BraillePanning(blank: blanks(text), width: 20)
        // "Formation complete " (19 cells) then "en developpement web" (20 cells).
        #expect(panning.windows == [0..<19, 19..<39])
        #expect(panning.forward() == .moved)
        #expect(panning.window == 19..<39)
        #expect(panning.lineCell(forDisplayCell: 0) == 19)
        #expect(panning.lineCell(forDisplayCell: 19) == 38)
        #expect(panning.lineCell(forDisplayCell: 20) == nil)
        #expect(panning.forward() == .nextElement)
        #expect(panning.window == 19..<39, "stays on the last window")
        #expect(panning.back() == .moved)
        #expect(panning.back() == .previousElement)
    }

    @Test("a break exactly at a blank keeps the full width")
    func breakAtBlank() {
        let panning = BraillePanning(blank: blanks("abcd efgh ijkl"), width: 4)
        #expect(panning.windows == [0..<4, 5..<9, 10..<14])
    }

    @Test("a word longer than the display is cut")
    func longWord() {
        let panning = BraillePanning(blank: blanks("anticonstitutionnellement ok"), width: 10)
        #expect(panning.windows == [0..<10, 10..<20, 20..<28])
        let cut = BraillePanning(blank: blanks("anticonstitutionnellement correct"), width: 10)
        #expect(cut.windows == [0..<10, 10..<20, 20..<26, 26..<33])
    }

    @Test("without word wrap, fixed windows")
    func fixed() {
        let panning = BraillePanning(blank: blanks("Formation complete en developpement web"), width: 20, wordWrap: false)
        #expect(panning.windows == [0..<20, 20..<39])
    }

    @Test("cursor and routing positions in the shown window")
    func positions() {
        var panning = BraillePanning(blank: blanks("abcd efgh ijkl"), width: 4)
        #expect(panning.displayCell(forLineCell: 2) == 2)
        panning.show(cell: 7)
        #expect(panning.window == 5..<9)
        #expect(panning.displayCell(forLineCell: 7) == 2)
        #expect(panning.displayCell(forLineCell: 2) == nil)
        panning.showLast()
        #expect(panning.window == 10..<14)
        panning.showFirst()
        #expect(panning.isFirstWindow)
    }

    @Test("an empty line has one empty window")
    func empty() {
        var panning = BraillePanning(blank: [], width: 40)
        #expect(panning.windows == [0..<0])
        #expect(panning.forward() == .nextElement)
        #expect(panning.lineCell(forDisplayCell: 0) == nil)
    }
}
