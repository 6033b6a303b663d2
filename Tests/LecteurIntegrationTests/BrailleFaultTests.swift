// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// brltty and the reader dying under each other, on the real brltty and the test display (issue 8).
@Suite(.serialized, .requires(.brltty)) struct BrailleFaultTests {
    let session = BrailleSessionTests()

    /// brltty killed with SIGKILL (no goodbye, its socket file left behind): the reader says so
    /// once, goes on, and shows the current element again when brltty is back.
    @Test func brlttyKilledThenRestarted() throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let reader = try session.start(rig)
        defer { reader.kill() }
        _ = try session.expectShown(rig, reader, label: "Toutes", after: 0)
        try rig.killBrltty()
        let lost = try reader.next("notice", timeout: 10) { $0["code"] as? String == "braille.lost" }
        #expect((lost["message"] as? String)?.hasPrefix("Plage braille perdue") == true, "\(lost)")
        reader.send("suivant")
        _ = try reader.next("focus") { $0["label"] as? String == "Accessibilité, non sélectionné" }
        reader.send("suivant")
        _ = try reader.next("focus") { $0["label"] as? String == "Bureautique, non sélectionné" }
        var expected = ""
        while let event = try? reader.next("braille", timeout: 2) { expected = event["cells"] as? String ?? expected }
        #expect(expected.hasPrefix("⠘⠦⠀⠴⠃⠀⠨⠃⠥⠗"), "the transcript still carries the cells: \(expected)")
        let seen = rig.brailleEvents().count
        try rig.startBrltty()
        #expect(rig.waitForBraille(after: seen, timeout: 20) { BrailleSessionTests.withoutCursor($0.unicode ?? "") == expected } != nil,
                "the display shows the current element once brltty is back")
        reader.send("précédent")
        _ = try reader.next("focus") { $0["label"] as? String == "Accessibilité, non sélectionné" }
        let back = try #require(try reader.next("braille")["cells"] as? String)
        #expect(rig.waitForBraille(after: seen, timeout: 10) { BrailleSessionTests.withoutCursor($0.unicode ?? "") == back } != nil)
        let notices = reader.seen("notice").filter { ($0["code"] as? String)?.hasPrefix("braille") == true }
        #expect(notices.count == 1, "one notice for the loss, none repeated while reconnecting: \(notices)")
        #expect(reader.finish() == 0)
    }

    /// SIGINT and SIGTERM end the reader with 130 and 143 and leave the display usable: brltty
    /// is still there, and the next BrlAPI client (another reader) writes to it at once.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalLeavesTheDisplayToTheNextClient(signal: Int32, status: Int32) throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let reader = try session.start(rig)
        defer { reader.kill() }
        _ = try session.expectShown(rig, reader, label: "Toutes", after: 0)
        let started = Date()
        #expect(reader.signal(signal) == status)
        #expect(Date().timeIntervalSince(started) < 3, "the signal ends the reader at once")

        let seen = rig.brailleEvents().count
        let next = try session.start(rig)
        defer { next.kill() }
        _ = try next.next("focus")
        next.send("suivant")
        _ = try next.next("focus") { $0["label"] as? String == "Accessibilité, non sélectionné" }
        var cells = ""
        while let event = try? next.next("braille", timeout: 2) { cells = event["cells"] as? String ?? cells }
        #expect(rig.waitForBraille(after: seen, timeout: 10) { BrailleSessionTests.withoutCursor($0.unicode ?? "") == cells } != nil,
                "a new client writes to the display")
        #expect(next.finish() == 0)
    }
}
