// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 35: « longer than three windows opens as a screen » counts windows of the display
/// attached, through the binary on a real brltty. `aide envoi` (160 characters) is more than
/// three windows of 40 cells, and less than three of 80: a screen on the first, a message
/// that stays on the second.
@Suite(.serialized) struct LongAnswerWindowsSessionTests {
    /// The answer to `aide envoi` on a display `cells` wide: the message shown first, and
    /// whether a screen of its sentences opened.
    static func help(cells: Int) throws -> (message: String?, opened: Bool) {
        let rig = try BrlttyRig.start(cells: cells)
        defer { rig.stop() }
        let reader = try BrailleSessionTests().start(rig)
        defer { _ = reader.finish() }
        _ = try reader.next("focus")
        reader.send("aide envoi")
        _ = try reader.next("notice") { $0["code"] as? String == "help" }
        reader.send("où")
        _ = try reader.next("notice") { $0["code"] as? String == "where" }
        let messages = reader.seen("braille").filter { $0["kind"] as? String == "message" }.compactMap { $0["text"] as? String }
        let opened = reader.seen("focus").contains { $0["screen"] as? String == "answer" }
        return (messages.first { $0.hasPrefix("envoi") || $0.hasPrefix("Aide de") }, opened)
    }

    @Test(.requires(.brltty)) func aHelpOfFourFortyCellWindowsOpensAScreenThereAndIsAMessageOnEighty() throws {
        let narrow = try Self.help(cells: 40)
        #expect(narrow.opened, "160 characters on 40 cells: a screen")
        #expect(narrow.message?.hasPrefix("Aide de « envoi »") == true, "\(narrow.message ?? "nil")")
        let wide = try Self.help(cells: 80)
        #expect(!wide.opened, "160 characters on 80 cells: a message")
        #expect(wide.message?.hasPrefix("envoi, envoyer — ") == true, "\(wide.message ?? "nil")")
    }
}
