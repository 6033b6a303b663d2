// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// The real `lecteur` on a real brltty (Virtual driver) with the project's test display (issue 4).
@Suite(.serialized) struct BrailleSessionTests {
    /// The display adds dots 7-8 under the cursor; compare the text cells without them.
    static func withoutCursor(_ unicode: String) -> String {
        String(String.UnicodeScalarView(unicode.unicodeScalars.map { s in
            (0x2800...0x28FF).contains(s.value) ? Unicode.Scalar(s.value & ~0xC0)! : s
        })).replacingOccurrences(of: "\u{2800}+$", with: "", options: .regularExpression)
    }

    func start(_ rig: BrlttyRig, _ extra: [String] = []) throws -> InteractiveLecteur {
        let home = NSTemporaryDirectory() + "lecteur-braille-\(UUID().uuidString)"
        return try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "on"] + extra,
                                      environment: ["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none",
                                                    "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config"])
    }

    /// Waits until the display shows the cells the transcript reported for that label.
    func expectShown(_ rig: BrlttyRig, _ reader: InteractiveLecteur, label: String, after: Int,
                     kind: String = "focus") throws -> String {
        let event = try reader.next("braille") { $0["kind"] as? String == kind }
        let cells = try #require(event["cells"] as? String)
        // A line longer than the display shows its first window, cut at a word boundary.
        let shown = rig.waitForBraille(after: after, timeout: 10) { event in
            let window = Self.withoutCursor(event.unicode ?? "")
            return cells.count <= 40 ? window == cells : (!window.isEmpty && cells.hasPrefix(window))
        }
        #expect(shown != nil, "\(label): display never showed \(cells)")
        return cells
    }

    @Test(.requires(.brltty)) func cardsChipsAndMorseRowsReachTheDisplayAndItsKeysNavigate() throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let reader = try start(rig)
        defer { _ = reader.finish() }
        var seen = rig.brailleEvents().count
        // The load is a message on the display; when its time is up (4 s) the focused element
        // comes back: chip "Toutes", selected, marker [x] in front of the name.
        _ = try expectShown(rig, reader, label: "14 formations chargées.", after: seen, kind: "message")
        seen = rig.brailleEvents().count
        let toutes = try expectShown(rig, reader, label: "Toutes", after: seen)
        #expect(toutes == "⠘⠦⠭⠴⠃⠀⠨⠞⠕⠥⠞⠑⠎⠀⠃⠞⠝")

        // LNDN on the display moves to the next chip, like "suivant".
        seen = rig.brailleEvents().count
        try rig.send("LnDn")
        let focus = try reader.next("focus")
        #expect(focus["label"] as? String == "Accessibilité, non sélectionné")
        let chip = try expectShown(rig, reader, label: "Accessibilité", after: seen)
        #expect(chip.hasPrefix("⠘⠦⠀⠴⠃")) // [ ] : not selected

        // A routing key over the chip toggles it.
        seen = rig.brailleEvents().count
        try rig.send("Route 6")
        let toggled = try reader.next("focus")
        #expect(toggled["label"] as? String == "Accessibilité, sélectionné")
        #expect(toggled["selected"] as? Bool == true)
        // Then how many formations the filter leaves: the answer, which stays until a key (issue
        // 35); HOME takes it away and the chip comes back, selected.
        _ = try reader.next("braille") {
            $0["kind"] as? String == "message" && ($0["text"] as? String)?.hasPrefix("Accessibilité : 2 formations") == true
        }
        try rig.send("Home")
        let selectedChip = try expectShown(rig, reader, label: "Accessibilité sélectionné", after: seen)
        #expect(selectedChip.hasPrefix("⠘⠦⠭⠴⠃"))

        // From here messages stay until a key (no timeout), so the keys below meet them
        // whatever the machine's load.
        reader.send("set message-braille 0")
        _ = try reader.next("braille") { $0["kind"] as? String == "message" }
        try rig.send("Home")
        _ = try reader.next("braille") { $0["kind"] as? String == "focus" }

        // LNUP goes back, HOME repeats.
        try rig.send("LnUp")
        #expect(try reader.next("focus")["label"] as? String == "Toutes, non sélectionné")
        _ = try reader.next("braille")
        try rig.send("Home")
        #expect(try reader.next("focus")["label"] as? String == "Toutes, non sélectionné")
        _ = try reader.next("braille")

        // A message (the edge of the list) stays on the display; the next key only takes it
        // away, and the focused element's line comes back.
        seen = rig.brailleEvents().count
        try rig.send("LnUp")
        _ = try expectShown(rig, reader, label: "Premier élément", after: seen, kind: "message")
        seen = rig.brailleEvents().count
        try rig.send("Home")
        let back = try expectShown(rig, reader, label: "Toutes again", after: seen)
        #expect(back.hasPrefix("⠘⠦⠀⠴⠃"))

        // The tab switch is a message with the screen's name and size; a key then brings the
        // Morse row, its pattern in cells.
        seen = rig.brailleEvents().count
        reader.send("onglet morse")
        let screen = try expectShown(rig, reader, label: "Apprendre, 54 symboles", after: seen, kind: "message")
        #expect(!screen.isEmpty)
        _ = try reader.next("focus") { $0["label"] as? String == "A, point, trait" }
        seen = rig.brailleEvents().count
        try rig.send("Home")
        let row = try expectShown(rig, reader, label: "A, point, trait", after: seen)
        #expect(!row.isEmpty)
    }

    @Test(.requires(.brltty)) func aLongCardPansWindowByWindowThenMovesOn() throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let reader = try start(rig)
        defer { _ = reader.finish() }
        reader.send("filtre machine")
        _ = try reader.next("focus") { $0["role"] as? String == "heading" }
        var seen = rig.brailleEvents().count
        reader.send("suivant")
        _ = try reader.next("focus") { ($0["label"] as? String)?.hasPrefix("Machine Learning avec Python") == true }
        let cells = try expectShown(rig, reader, label: "card", after: seen)
        #expect(cells.count > 40, "the card is longer than the display")
        // FWINRT shows the next window of the same element (reported as a braille event).
        seen = rig.brailleEvents().count
        try rig.send("FwinRt")
        let panned = try reader.next("braille")
        let window = try #require(panned["cells"] as? String)
        #expect(!cells.hasPrefix(window))
        #expect(cells.contains(window))
        #expect(rig.waitForBraille(after: seen, timeout: 10) { Self.withoutCursor($0.unicode ?? "") == window } != nil)
        // At the last window, FWINRT moves to the next element.
        var moved: [String: Any]?
        for _ in 0..<4 where moved == nil {
            try rig.send("FwinRt")
            moved = try? reader.next("focus", timeout: 2)
        }
        #expect((moved?["label"] as? String)?.hasPrefix("Deep Learning") == true)
    }

    @Test(.requires(.brltty)) func theReaderReconnectsWhenBrlttyComesBack() throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let reader = try start(rig)
        defer { _ = reader.finish() }
        let first = try expectShown(rig, reader, label: "Toutes", after: 0)
        try rig.stopBrltty()
        reader.send("suivant") // the reader goes on without a display
        _ = try reader.next("focus") { $0["label"] as? String == "Accessibilité, non sélectionné" }
        let expected = try #require(try reader.next("braille")["cells"] as? String)
        #expect(expected != first)
        let seen = rig.brailleEvents().count
        try rig.startBrltty()
        // Back by itself, with the current element rewritten.
        #expect(rig.waitForBraille(after: seen, timeout: 20) { Self.withoutCursor($0.unicode ?? "") == String(expected.prefix(40)) } != nil)
    }

    /// Issue 45: under `--braille auto`, no brltty is the usual case of a user without a
    /// display: nothing is said of it (beside Orca 43 its notice was 10 s before the first
    /// element), the session goes on, and `état` still says the display is awaited.
    @Test func withoutBrlttyUnderAutoNothingIsSaidAndTheSessionGoesOn() throws {
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "auto"],
                                         input: "suivant\nétat\n", environment: ["BRLAPI_HOST": ":97"])
        #expect(out.status == 0)
        let notices = out.events("notice").filter { ($0["code"] as? String)?.hasPrefix("braille") == true }
        #expect(notices.isEmpty, "\(notices)")
        #expect(out.events("focus").contains { $0["label"] as? String == "Accessibilité, non sélectionné" })
        #expect(out.events("status").first?["braille"] as? String == "waiting", "\(out.events("status"))")
        #expect(out.events("braille").allSatisfy { ($0["cells"] as? String)?.isEmpty == false })
    }

    @Test func brailleTableSetting() throws {
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--braille-table", "comp8"],
                                         input: "répéter\nset table-braille abrégé\nrépéter\n", environment: [:])
        let cells = out.events("braille").filter { $0["kind"] as? String == "focus" }.compactMap { $0["cells"] as? String }
        #expect(cells.count == 2)
        // Same line, "[x] Toutes btn", first in 8-dot computer braille then in contracted braille.
        #expect(cells.first?.unicodeScalars.contains { $0.value & 0xC0 != 0 && (0x2800...0x28FF).contains($0.value) } == true)
        #expect(cells.first != cells.last)
        #expect(out.events("notice").contains { ($0["message"] as? String)?.hasPrefix("Table braille : braille abrégé") == true })
    }
}
