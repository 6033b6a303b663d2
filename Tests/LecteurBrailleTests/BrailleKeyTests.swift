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

    @Test("keysyms from a braille keyboard")
    func keysyms() {
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | LECTEUR_BRLAPI_KEY_SYM_LINEFEED) == .enter)
        #expect(BrailleKey(brlapiCode: LECTEUR_BRLAPI_KEY_TYPE_SYM | 0x61) == .other(code: 0x61))
    }

    @Test("backoff doubles from 0.5 s up to 5 s")
    func backoff() {
        let backoff = ReconnectBackoff()
        #expect((1...6).map { backoff.delay(afterFailures: $0) } == [0.5, 1, 2, 4, 5, 5])
    }
}
