// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Which window a line longer than the display opens on is the reader's rule, not the display
/// adapter's: a message from its start, a typed line and an element FWINLT moved back to from
/// their end, an element where its cursor is.
@Suite struct BrailleLineOpeningTests {
    @Test func eachLineOpensWhereItIsRead() {
        let text = String(repeating: "mot ", count: 30)
        #expect(BrailleLine(text: text, cursor: 0, kind: .message).opening == .start)
        #expect(BrailleLine(text: text, cursor: 0, kind: .message, fromEnd: true).opening == .end)
        #expect(BrailleLine(text: text, cursor: 0, kind: .input).opening == .end)
        #expect(BrailleLine(text: text, cursor: 60, kind: .focus).opening == .cursor)
        #expect(BrailleLine(text: text, cursor: 60, kind: .focus).openingOnLastWindow.opening == .end)
    }
}
