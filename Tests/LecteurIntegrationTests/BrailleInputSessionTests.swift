// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 24, items 1, 2 and 7: the real `lecteur` driven from the keys of a braille display
/// alone, on a real brltty (Virtual driver) with the project's test display. Standard input
/// stays open and silent after the start: every command comes from the display.
@Suite(.serialized) struct BrailleInputSessionTests {
    /// Standard 6-dot letters as dot masks (bit 0 = dot 1), what `PassDots N` sends.
    static let letters: [Character: Int] = [
        "a": 0x01, "b": 0x03, "c": 0x09, "d": 0x19, "e": 0x11, "f": 0x0B, "g": 0x1B, "h": 0x13, "i": 0x0A,
        "j": 0x1A, "k": 0x05, "l": 0x07, "m": 0x0D, "n": 0x1D, "o": 0x15, "p": 0x0F, "q": 0x1F, "r": 0x17,
        "s": 0x0E, "t": 0x1E, "u": 0x25, "v": 0x27, "w": 0x3A, "x": 0x2D, "y": 0x3D, "z": 0x35,
    ]

    /// A private brltty with a 40-cell test display, and the reader on it, its list focused.
    /// The caller stops both.
    func start(_ extra: [String] = []) throws -> (BrlttyRig, InteractiveLecteur) {
        let rig = try BrlttyRig.start(cells: 40)
        let home = NSTemporaryDirectory() + "lecteur-braille-input-\(UUID().uuidString)"
        do {
            let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "on"] + extra,
                                                environment: ["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none",
                                                              "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
                                                              "XDG_CONFIG_HOME": home + "/config"])
            do {
                _ = try reader.next("focus") { $0["label"] as? String == "Toutes, sélectionné" }
            } catch {
                _ = reader.finish()
                throw error
            }
            return (rig, reader)
        } catch {
            rig.stop()
            throw error
        }
    }

    /// Sends a key of the display once brltty has taken the one before (`BrlttyRig.sendTaken`).
    /// It used to sleep 150 ms first, « a person's pace », for a Virtual driver said to drop key
    /// lines closer than a few tens of milliseconds (33 of 40 `PassDots` 30 ms apart): the driver
    /// handles one line per read of its socket and held the second of two lines read together
    /// until the next key came (docs/testing.md, « The lost Enter »). The test display now writes
    /// a line only once brltty has read the one before, and this waits for that write: the keys
    /// go at brltty's pace (about 40 ms a key here): the flood took 19.5 s alone, 47 s in run 9.
    func send(_ key: String, _ rig: BrlttyRig) throws {
        try rig.sendTaken(key)
    }

    /// Sends one key of the display's keyboard and waits for the typed line it changes.
    /// The event's `text` is the whole typed line, rebuilt from what each `input` event changed.
    @discardableResult
    func press(_ key: String, _ rig: BrlttyRig, _ reader: InteractiveLecteur) throws -> [String: Any] {
        try send(key, rig)
        var event = try reader.next("braille", timeout: 10) { $0["kind"] as? String == "input" }
        event["text"] = Self.typedLines(reader.seen("braille")).last ?? ""
        return event
    }

    /// The typed line after each `input` event: an event keeps the first `at` characters of the
    /// line before it and adds its `text` (issue 38 item 9); without `at` (a panned window), the
    /// whole line.
    static func typedLines(_ events: [[String: Any]]) -> [String] {
        var line = "", lines: [String] = []
        for event in events where event["kind"] as? String == "input" {
            let text = event["text"] as? String ?? ""
            line = (event["at"] as? Int).map { String(line.prefix($0)) + text } ?? text
            lines.append(line)
        }
        return lines
    }

    /// Types a line on the display's braille keyboard: letters as dots, the space bar as the
    /// character (the Virtual driver cannot send `PassDots 0`).
    func type(_ text: String, after line: String = "", _ rig: BrlttyRig, _ reader: InteractiveLecteur) throws {
        var typed = line
        var shown: [String: Any] = [:]
        for character in text {
            typed.append(character)
            let key = Self.letters[character].map { "PassDots \($0)" } ?? "PassChar \(character.unicodeScalars.first!.value)"
            shown = try press(key, rig, reader)
            #expect(shown["text"] as? String == typed)
            // What changed, not the whole line again (issue 38 item 9).
            #expect(shown["at"] as? Int == typed.count - 1, "\(shown)")
        }
        #expect(shown["cursor"] as? Int == typed.count, "the cursor after the last character")
        // What the transcript says is on the display is on the display (the cursor adds dots 7-8).
        let cells = try #require(shown["cells"] as? String)
        #expect(rig.waitForBraille(timeout: 10) { BrailleSessionTests.withoutCursor($0.unicode ?? "") == cells } != nil,
                "the display never showed « \(text) »")
    }

    @Test(.requires(.brltty)) func fromTheDisplayAloneFilterOpenGoBackSwitchTabAndQuit() throws {
        let (rig, reader) = try start()
        defer { _ = reader.finish(); rig.stop() }

        // Filter the list: typed on the braille keyboard, dot 8 alone is Enter.
        try type("filtre machine", rig, reader)
        try send("PassDots 128", rig)
        // How many formations the filter leaves is a message, then the focus moves to the list's
        // heading; HOME takes the message away (or, its time up, repeats the element): either
        // way the focus line is back.
        _ = try reader.next("braille") { $0["kind"] as? String == "message" }
        _ = try reader.next("focus") { $0["role"] as? String == "heading" }
        try send("Home", rig)
        _ = try reader.next("braille", timeout: 10) { $0["kind"] as? String == "focus" }
        // The display's own keys: next element, then RETURN opens the formation.
        try send("LnDn", rig)
        _ = try reader.next("focus") { ($0["label"] as? String)?.hasPrefix("Machine Learning avec Python") == true }
        try send("Return", rig)
        let detail = try reader.next("focus")
        #expect(detail["screen"] as? String != "formations", "a formation's detail is open: \(detail)")
        // Escape with nothing typed goes back, where the user was.
        try send("KEY_ESCAPE", rig)
        _ = try reader.next("focus") { ($0["label"] as? String)?.hasPrefix("Machine Learning avec Python") == true }
        // A typed word erased with BackSpace and dot 7, then the tab switched.
        try type("ongletx", rig, reader)
        #expect(try press("KEY_BACKSPACE", rig, reader)["text"] as? String == "onglet")
        #expect(try press("PassDots 64", rig, reader)["text"] as? String == "ongle", "dot 7 alone erases too")
        try type("t morse", after: "ongle", rig, reader)
        try send("KEY_ENTER", rig)
        _ = try reader.next("focus") { $0["label"] as? String == "A, point, trait" }
        // Quit, typed on the display: the program ends without a line on its standard input.
        try type("quitter", rig, reader)
        try send("PassDots 128", rig)
        #expect(reader.waitForExit(timeout: 15) == 0)
    }

    @Test(.requires(.brltty)) func timeShowsBrlttysClockAndTheReaderRecordsNothing() throws {
        let (rig, reader) = try start()
        defer { _ = reader.finish(); rig.stop() }
        // The load message has had its time: the display shows the focus.
        let focusLine = try reader.next("braille", timeout: 10) { $0["kind"] as? String == "focus" }
        let focusCells = try #require(focusLine["cells"] as? String)
        let before = reader.seen("braille").count + reader.seen("focus").count + reader.seen("notice").count
        let seen = rig.events().count
        try send("Time", rig)
        // brltty writes its clock (HH:MM:SS) on the display itself.
        let clock = rig.waitForEvent("visual", after: seen, timeout: 10)
        #expect(clock?.text?.range(of: #"^\d\d:\d\d(:\d\d)?"#, options: .regularExpression) != nil,
                "the display never showed brltty's clock: \(String(describing: clock?.text))")
        // When brltty's clock has had its time, the reader's line is back, and the reader got
        // nothing meanwhile: no event, not even an ignored key's.
        let afterClock = rig.events().count
        #expect(rig.waitForBraille(timeout: 20) { event in
            rig.events().firstIndex { $0.t == event.t }.map { $0 >= afterClock } == true
                && BrailleSessionTests.withoutCursor(event.unicode ?? "") == focusCells
        } != nil, "the focus line came back after the clock")
        #expect(reader.seen("braille").count + reader.seen("focus").count + reader.seen("notice").count == before)
        // Its own keys still reach it.
        try send("LnDn", rig)
        _ = try reader.next("focus") { $0["label"] as? String == "Accessibilité, non sélectionné" }
    }

    @Test(.requires(.brltty)) func contractedDotsAreTranslatedBackAsWholeWords() throws {
        let (rig, reader) = try start(["--braille-table", "abrege"])
        defer { _ = reader.finish(); rig.stop() }
        // « chercher » is two cells in abrégé (⠷⠦⠷⠦ is ch-er-ch-er), then « python » letter by letter.
        var line: [String: Any] = [:]
        for dots in [0x37, 0x26, 0x37, 0x26] { line = try press("PassDots \(dots)", rig, reader) }
        #expect(line["text"] as? String == "chercher")
        try press("PassChar 32", rig, reader)
        for letter in "python" { line = try press("PassDots \(Self.letters[letter]!)", rig, reader) }
        #expect(line["text"] as? String == "chercher python")
        // The display shows what was typed: the contracted cells.
        #expect((line["cells"] as? String)?.hasPrefix("⠷⠦⠷⠦⠀") == true)
        try send("KEY_ENTER", rig)
        _ = try reader.next("focus") { ($0["label"] as? String)?.contains("Python") == true }
    }

    // MARK: Issue 45, item 8: every answer visible on the display

    /// Whether a display cell has the cursor (dots 7-8, as brltty shows it).
    static func hasCursor(_ cell: Unicode.Scalar) -> Bool { cell.value & 0xC0 == 0xC0 }

    /// `caractère` and `épeler` on the element's first word: each answer on the display's
    /// cells (before, the line stayed as it was, its cursor already there: nothing changed
    /// under the finger), then a key brings the line back with its cursor.
    @Test(.requires(.brltty)) func caractereAndEpelerAreShownOnTheDisplay() throws {
        let (rig, reader) = try start()
        defer { _ = reader.finish(); rig.stop() }
        for (command, answer) in [("caractère", "t majuscule"), ("épeler", "t majuscule, o, u, t, e, s")] {
            let seen = rig.brailleEvents().count
            reader.send(command)
            let shown = try reader.next("braille") { $0["kind"] as? String == "message" }
            #expect(shown["text"] as? String == answer, "\(shown)")
            let cells = try #require(shown["cells"] as? String)
            #expect(rig.waitForBraille(after: seen, timeout: 10) { BrailleSessionTests.withoutCursor($0.unicode ?? "") == cells } != nil,
                    "« \(answer) » never reached the display's cells")
            // A key: the line again (« [x] Toutes btn »), its cursor on the label's first character.
            try send("Home", rig)
            let line = try reader.next("braille") { $0["kind"] as? String == "focus" }
            #expect(line["cursor"] as? Int == 4, "\(line)")
        }
    }

    /// A prefix cell alone (⠨, the capital sign in French braille) translates back to nothing
    /// until its letter: the display showed an empty line. Now the cell is on the line, the
    /// cursor after it, and the letter that follows makes the capital.
    @Test(.requires(.brltty)) func aPrefixCellAloneIsShownWithTheCursorAfterIt() throws {
        let (rig, reader) = try start()
        defer { _ = reader.finish(); rig.stop() }
        let seen = rig.brailleEvents().count
        let prefix = try press("PassDots 40", rig, reader)
        #expect(prefix["text"] as? String == "⠨", "\(prefix)")
        #expect(prefix["cursor"] as? Int == 1, "\(prefix)")
        let shown = rig.waitForBraille(after: seen, timeout: 10) { event in
            let cells = Array((event.unicode ?? "").unicodeScalars)
            return cells.count >= 2 && cells[0].value & 0x3F == 0x28 && Self.hasCursor(cells[1])
        }
        #expect(shown != nil, "the display never showed ⠨ with the cursor after it: \(rig.brailleEvents().suffix(3).map { $0.unicode ?? "" })")
        let letter = try press("PassDots 1", rig, reader)
        #expect(letter["text"] as? String == "A", "\(letter)")
    }

    /// A typed line of exactly 40 cells ending in a space (39 letters, then the space bar) on a
    /// 40-cell display: the panning skipped the blank at its last window's start, no window
    /// held the cursor, and the display showed none. Now the line's end is shown, the cursor on
    /// the display's last cell.
    @Test(.requires(.brltty)) func aFortyCellLineShowsItsCursor() throws {
        let (rig, reader) = try start()
        defer { _ = reader.finish(); rig.stop() }
        for _ in 0..<39 { try press("PassDots 1", rig, reader) }
        let seen = rig.brailleEvents().count
        let line = try press("PassChar 32", rig, reader)
        #expect(line["cursor"] as? Int == 40, "\(line)")
        let shown = rig.waitForBraille(after: seen, timeout: 10) { event in
            (event.unicode ?? "").unicodeScalars.contains { Self.hasCursor($0) }
        }
        #expect(shown != nil, "no cursor on the display: \(rig.brailleEvents().suffix(2).map { $0.unicode ?? "" })")
    }

    /// A warning while a line is typed (a cell the table has no character for, as a chord
    /// that means nothing): it stays until a key, and the key that takes it away brings back
    /// the line being typed, not the focused element (which came back before).
    @Test(.requires(.brltty)) func afterAWarningTheTypedLineComesBack() throws {
        let (rig, reader) = try start()
        defer { _ = reader.finish(); rig.stop() }
        try type("ab", rig, reader)
        // Dots 1-7-8: no character in the 6-dot table: « … aucun caractère ».
        try send("PassDots 193", rig)
        _ = try reader.next("notice") { $0["code"] as? String == "braille.undefinedCell" }
        _ = try reader.next("braille") { $0["kind"] as? String == "message" }
        try send("Home", rig)
        let back: [String: Any]
        do {
            back = try reader.next("braille", timeout: 10) { $0["kind"] as? String != "message" }
        } catch {
            Issue.record("nothing came back after the warning: \(reader.seen("braille").suffix(4))")
            throw error
        }
        #expect(back["kind"] as? String == "input", "the focused element came back instead: \(back)")
        #expect(back["cursor"] as? Int == 2, "\(back)")
        let cells = try #require(back["cells"] as? String)
        #expect(rig.waitForBraille(timeout: 10) { BrailleSessionTests.withoutCursor($0.unicode ?? "") == cells } != nil)
    }
}
