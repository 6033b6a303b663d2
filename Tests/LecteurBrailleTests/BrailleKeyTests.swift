// SPDX-License-Identifier: GPL-3.0-or-later
import CBrlAPI
import Testing
import LecteurBraille

@Suite("BrlAPI key codes decoded")
struct BrailleKeyTests {
    @Test("BRLTTY commands")
    func commands() {
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_LNDN) == .lineDown)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_LNUP) == .lineUp)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_FWINRT) == .windowForward)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_FWINLT) == .windowBack)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_HOME) == .home)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_RETURN) == .enter)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_ROUTE | 7) == .route(cell: 7))
    }

    @Test("flags do not change the command")
    func flags() {
        let flag: UInt64 = 1 << 32
        #expect(BrailleKey(brlapiCode: flag | LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_LNDN) == .lineDown)
    }

    @Test("keysyms from a braille keyboard: characters, Enter, BackSpace, Escape")
    func keysyms() {
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | LECTEUR_BRLAPI_KEY_SYM_LINEFEED) == .keyboardEnter)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | LECTEUR_BRLAPI_KEY_SYM_BACKSPACE) == .backspace)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | LECTEUR_BRLAPI_KEY_SYM_ESCAPE) == .escape)
        // Latin-1 as itself (brltty's `fr` text table: dot 1 is `a`, dots 1-2-3-4-5-6 with 7 `É`…),
        // anything else as a Unicode keysym.
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | 0x61) == .character("a"))
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | 0xE9) == .character("é"))
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | LECTEUR_BRLAPI_KEY_SYM_UNICODE | 0x20AC) == .character("€"))
        // Control characters are no typed characters.
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | 0x07) == .other(code: 0x07))
    }

    @Test("typed dots, and the space bar's chords (DOTC)")
    func dots() {
        let passdots = LECTEUR_BRLAPI_KEY_TYPE_CMD | LECTEUR_BRLAPI_KEY_CMD_PASSDOTS
        #expect(BrailleKey(brlapiCode: passdots | 0x01) == .dots(0x01, space: false))
        #expect(BrailleKey(brlapiCode: passdots | 0x80) == .dots(0x80, space: false))
        #expect(BrailleKey(brlapiCode: passdots | LECTEUR_BRLAPI_DOTC | 0x28) == .dots(0x28, space: true))
        #expect(BrailleKey(brlapiCode: passdots) == .dots(0, space: false), "the space bar alone (retainDots sends 0)")
    }

    @Test("only the reader's keys are asked of brltty")
    func acceptedKeys() {
        func accepted(_ code: UInt64) -> Bool {
            BrlAPIKeyRanges.acceptedKeys.contains { range in
                // BrlAPI's rule: the code part between first and last, the flags between theirs.
                let value = code & 0xFFFF_FFFF, flags = code >> 32
                let minFlags = (range.first >> 32) & (range.last >> 32), maxFlags = (range.first >> 32) | (range.last >> 32)
                return (range.first & 0xFFFF_FFFF)...(range.last & 0xFFFF_FFFF) ~= value
                    && flags & minFlags == minFlags && flags & ~maxFlags == 0
            }
        }
        let cmd = LECTEUR_BRLAPI_KEY_TYPE_CMD
        #expect(accepted(cmd | LECTEUR_BRLAPI_KEY_CMD_LNDN))
        #expect(accepted(cmd | LECTEUR_BRLAPI_KEY_CMD_ROUTE | 12))
        #expect(accepted(cmd | LECTEUR_BRLAPI_KEY_CMD_PASSDOTS | LECTEUR_BRLAPI_DOTC | 0x3F))
        #expect(accepted(LECTEUR_BRLAPI_KEY_TYPE_SYM | 0x61))
        #expect(accepted(LECTEUR_BRLAPI_KEY_TYPE_SYM | LECTEUR_BRLAPI_KEY_SYM_BACKSPACE))
        #expect(accepted((1 << 32) | cmd | LECTEUR_BRLAPI_KEY_CMD_LNUP), "with any flags")
        // brltty's own: the clock, its help and preferences, learn mode, describe-character.
        for own in [0x51, 0x31, 0x34, 0x33] as [UInt64] { #expect(!accepted(cmd | own)) }
        #expect(!accepted(cmd | (9 << 16) | 3), "DESCCHAR stays brltty's")
        #expect(!accepted(LECTEUR_BRLAPI_KEY_TYPE_SYM | 0xFF51), "the arrow keysyms go to the terminal through brltty")
    }

    @Test("backoff doubles from 0.5 s up to 5 s")
    func backoff() {
        let backoff = ReconnectBackoff()
        #expect((1...6).map { backoff.delay(afterFailures: $0) } == [0.5, 1, 2, 4, 5, 5])
    }
}
