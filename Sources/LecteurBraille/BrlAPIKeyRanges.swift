// SPDX-License-Identifier: GPL-3.0-or-later
import CBrlAPI

public enum BrlAPIKeyRanges {
    /// The keys the reader acts on; every other one stays brltty's (entering tty mode gives
    /// them all to the client), so TIME shows brltty's clock and the preferences menu, HELP,
    /// LEARN and describe-character work in the reader's terminal as anywhere else. Typed cells
    /// come as dots (retainDots) for liblouis to translate back in the user's table.
    public static let acceptedKeys: [brlapi_range_t] = {
        let anyFlags = LECTEUR_BRLAPI_KEY_FLAGS_MASK
        let commands = [LECTEUR_BRLAPI_KEY_CMD_LNUP, LECTEUR_BRLAPI_KEY_CMD_LNDN, LECTEUR_BRLAPI_KEY_CMD_FWINLT,
                        LECTEUR_BRLAPI_KEY_CMD_FWINRT, LECTEUR_BRLAPI_KEY_CMD_HOME, LECTEUR_BRLAPI_KEY_CMD_RETURN]
            .map { LECTEUR_BRLAPI_KEY_TYPE_CMD | $0 }
        let keysyms = [LECTEUR_BRLAPI_KEY_SYM_LINEFEED, LECTEUR_BRLAPI_KEY_SYM_BACKSPACE,
                       LECTEUR_BRLAPI_KEY_SYM_ESCAPE, LECTEUR_BRLAPI_KEY_SYM_HOME].map { LECTEUR_BRLAPI_KEY_TYPE_SYM | $0 }
        let blocks = [LECTEUR_BRLAPI_KEY_CMD_ROUTE, LECTEUR_BRLAPI_KEY_CMD_PASSDOTS].map { LECTEUR_BRLAPI_KEY_TYPE_CMD | $0 }
        return (commands + keysyms).map { brlapi_range_t(first: $0, last: $0 | anyFlags) }
            + blocks.map { brlapi_range_t(first: $0, last: $0 | LECTEUR_BRLAPI_KEY_CMD_ARG_MASK | anyFlags) }
            // Characters: printable Latin-1 as themselves, the rest of Unicode as Unicode keysyms.
            + [brlapi_range_t(first: LECTEUR_BRLAPI_KEY_TYPE_SYM | 0x20, last: LECTEUR_BRLAPI_KEY_TYPE_SYM | 0x7E | anyFlags),
               brlapi_range_t(first: LECTEUR_BRLAPI_KEY_TYPE_SYM | 0xA0, last: LECTEUR_BRLAPI_KEY_TYPE_SYM | 0xFF | anyFlags),
               brlapi_range_t(first: LECTEUR_BRLAPI_KEY_TYPE_SYM | LECTEUR_BRLAPI_KEY_SYM_UNICODE,
                              last: LECTEUR_BRLAPI_KEY_TYPE_SYM | LECTEUR_BRLAPI_KEY_SYM_UNICODE | 0x10FFFF | anyFlags)]
    }()
}
