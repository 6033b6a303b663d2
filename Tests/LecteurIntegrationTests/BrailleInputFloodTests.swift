// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 38 item 9 (a flood of typed cells), on a real brltty: a suite of its own since issue 51
/// (see `BrailleInputKochTests`): the longest test of `BrailleInputSessionTests`.
@Suite(.serialized) struct BrailleInputFloodTests {
    /// The rig, the reader and the keys of `BrailleInputSessionTests`.
    let session = BrailleInputSessionTests()

    /// Issue 38 item 9: 3 955 dot-1 cells sent about a thousand a second made the transcript
    /// 31.6 MB (15.9 KB an `input` event: the whole line again each time) with the CPU pinned.
    /// Here the line is filled to its cap, then a hundred dot-1 cells are sent as fast as
    /// the rig sends them: the line stays at 1 000 characters, said once; each `input` event
    /// carries what changed, refused keys included; and the reader still answers `état`.
    @Test(.requires(.brltty)) func aFloodOfCellsStopsAtTheCapAndKeepsTheTranscriptSmall() throws {
        // In abrégé ⠟⠋ is « quelquefois »: 12 characters for 3 keys with the space, so the line
        // fills in a few hundred keys. brltty 6.5's Virtual driver handles only about ten key
        // lines a second here, and loses most of those sent closer together (947 of 6 000 dot-1
        // cells sent 20 ms apart reached the reader in 2 min): dot 1 alone would take minutes.
        let (rig, reader) = try session.start(["--braille-table", "abrege"])
        defer { _ = reader.finish(); rig.stop() }
        let cap = BrailleInputState.maximumCharacters
        let saidFull = { reader.seen("notice").filter { $0["code"] as? String == "braille.lineFull" }.count }
        var filling = 0
        while saidFull() == 0, filling < 1_500 {
            try session.send(["PassDots 31", "PassDots 11", "PassChar 32"][filling % 3], rig)
            filling += 1
        }
        usleep(1_000_000)
        let filled = BrailleInputSessionTests.typedLines(reader.seen("braille")).last ?? ""
        // Full: the next « quelquefois » did not fit.
        #expect(filled.count <= cap && filled.count > cap - "quelquefois".count,
                "the line filled up to \(cap) characters: \(filled.count) after \(filling) keys")
        // The flood: dot 1, as fast as the rig writes it, past the cap. Every cell past the cap is
        // refused the same way, so a hundred judge the cap, the single notice and the event
        // sizes as well as the thousand did (81 s of the run; the old bug, the whole line again
        // in each `input` event, makes every one of the hundred a whole line); more cells only
        // wait on brltty, whose Virtual driver passes about 25 key lines a second here.
        let started = Date()
        let sent = 100
        for _ in 0..<sent { try rig.send("PassDots 1") }
        let sending = Date().timeIntervalSince(started)
        // Until the transcript has been quiet for 2 s: every key that reached brltty is handled.
        var count = -1
        while reader.seen("braille").count != count {
            count = reader.seen("braille").count
            usleep(2_000_000)
        }
        let lines = BrailleInputSessionTests.typedLines(reader.seen("braille"))
        #expect(lines.allSatisfy { $0.count <= cap }, "longest line \(lines.map(\.count).max() ?? 0)")
        #expect(lines.last == filled, "the flood added nothing: \(lines.last?.suffix(40) ?? "")")
        #expect(saidFull() == 1, "the cap said once: \(saidFull())")
        let inputs = zip(reader.seen("braille"), reader.seenSizes("braille")).filter { $0.0["kind"] as? String == "input" }
        let sizes = inputs.map(\.1)
        // The whole line is carried again only where there is no previous `input` line to
        // build on (after a message gave way): a handful of events, not one a key.
        let whole = inputs.filter { $0.1 > 512 }
        print("braille flood: \(whole.count) input events over 512 bytes, `at` \(whole.map { $0.0["at"] as? Int ?? -1 })")
        #expect(whole.count <= 3, "\(whole.count) input events over 512 bytes")
        let total = sizes.reduce(0, +), largest = sizes.max() ?? 0
        print("braille flood: the line full (\(filled.count) characters) after \(filling) keys; then \(sent) dot-1 cells sent in \(String(format: "%.1f", sending)) s; \(sizes.count) input events,"
              + " \(total) bytes, \(total / max(sizes.count, 1)) bytes an event on average, the largest \(largest)")
        // At most the whole line (1 000 characters, 3 bytes a cell) and its JSON frame.
        #expect(largest < 4 * cap, "an input event of \(largest) bytes")
        #expect(total < sizes.count * 512, "\(total) bytes for \(sizes.count) events")
        // The reader still answers a command after the flood. 10 s is a hang guard, generous
        // because the machine is shared, not a measure of speed (that is printed).
        let asked = Date()
        reader.send("état")
        _ = try reader.next("status", timeout: 10)
        print("braille flood: `état` answered \(String(format: "%.2f", Date().timeIntervalSince(asked))) s after it was sent")
    }
}
