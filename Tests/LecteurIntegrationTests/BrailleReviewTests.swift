// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 25 on the real brltty (Virtual driver): a routing key over plain text puts the review
/// cursor on the character under it and says it; the display's cursor moves there.
@Suite(.serialized) struct BrailleReviewTests {
    /// A reader on the test display, messages not held, moved onto the first formation's detail
    /// (its description is next: plain text, nothing to activate).
    static func readerOnTheFirstDetail(_ rig: BrlttyRig) throws -> InteractiveLecteur {
        let home = NSTemporaryDirectory() + "lecteur-braille-review-\(UUID().uuidString)"
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "on"],
                                            environment: ["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none",
                                                          "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
                                                          "XDG_CONFIG_HOME": home + "/config"])
        for line in ["régler message-braille 0", "aller 1", "activer", "suivant"] { reader.send(line) }
        return reader
    }

    @Test(.requires(.brltty)) func aRoutingKeyOverTextReadsTheCharacterThere() throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let reader = try Self.readerOnTheFirstDetail(rig)
        defer { _ = reader.finish() }
        // The description: plain text, nothing to activate.
        _ = try reader.next("focus") { ($0["label"] as? String)?.hasPrefix("Découvrez") == true }
        let line = try reader.next("braille") { $0["kind"] as? String == "focus" && ($0["text"] as? String)?.hasPrefix("Découvrez") == true }
        #expect(line["cursor"] as? Int == 0)
        // Cells: capital sign, d, é, c… — the fourth cell (Route 3) is the « c », character 2.
        try rig.send("Route 3")
        let said = try reader.next("speech")
        #expect(said["text"] as? String == "c")
        let moved = try reader.next("braille") { $0["kind"] as? String == "focus" }
        #expect(moved["cursor"] as? Int == 2)
        // RETURN still activates (here: « Cet élément ne s'active pas. »), and a new focus starts over.
        try rig.send("LnUp")
        _ = try reader.next("focus")
        try rig.send("LnDn")
        let back = try reader.next("braille") { $0["kind"] as? String == "focus" && ($0["text"] as? String)?.hasPrefix("Découvrez") == true }
        #expect(back["cursor"] as? Int == 0)
    }

    /// Issue 35: panned to window 2 of the description, a routing key moves the review cursor to
    /// the character under it and the display stays there, the cursor cell under the finger;
    /// messages carry no cursor.
    @Test(.requires(.brltty)) func routingInTheSecondWindowKeepsItAndShowsTheCursor() throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let reader = try Self.readerOnTheFirstDetail(rig)
        defer { _ = reader.finish() }
        _ = try reader.next("focus") { ($0["label"] as? String)?.hasPrefix("Découvrez") == true }
        _ = try reader.next("braille") { $0["kind"] as? String == "focus" && ($0["text"] as? String)?.hasPrefix("Découvrez") == true }
        let seen = rig.brailleEvents().count
        try rig.send("FwinRt")
        let second = try reader.next("braille") { $0["kind"] as? String == "focus" }
        let window = BrailleSessionTests.withoutCursor(try #require(second["cells"] as? String))
        // The display shows window 2 (no cursor in it yet).
        #expect(rig.waitForBraille(after: seen, timeout: 10) { BrailleSessionTests.withoutCursor($0.unicode ?? "") == window } != nil)
        let shown = rig.brailleEvents().count
        try rig.send("Route 5")
        let said = try reader.next("speech")
        let moved = try reader.next("braille") { $0["kind"] as? String == "focus" }
        // The review cursor is in window 2 now (past the first 40 cells), and the display stayed
        // on window 2: the same cells, with dots 7-8 under the routing key's cell.
        #expect((moved["cursor"] as? Int ?? 0) > 30, "\(moved)")
        #expect(said["text"] as? String != nil)
        let after = try #require(rig.waitForBraille(after: shown, timeout: 10) { Self.cursorCells($0.unicode ?? "") == [5] },
                                 "\(rig.brailleEvents().suffix(3).map { $0.unicode ?? "" })")
        #expect(BrailleSessionTests.withoutCursor(after.unicode ?? "") == window)
        // A message (a where-am-I) carries no cursor on any of its cells.
        reader.send("où")
        let message = try reader.next("braille") { $0["kind"] as? String == "message" }
        let cells = try #require(message["cells"] as? String)
        let onDisplay = try #require(rig.waitForBraille(after: shown, timeout: 10) {
            BrailleSessionTests.withoutCursor($0.unicode ?? "").hasPrefix(String(cells.prefix(20)))
        })
        #expect(Self.cursorCells(onDisplay.unicode ?? "").isEmpty, "\(onDisplay.unicode ?? "")")
    }

    /// The cells that carry dot 7 or 8 (the table here is 6-dot: only the cursor has them).
    static func cursorCells(_ unicode: String) -> [Int] {
        unicode.unicodeScalars.enumerated().compactMap { index, scalar in
            (scalar.value - 0x2800) & 0xC0 != 0 ? index : nil
        }
    }
}
