// SPDX-License-Identifier: GPL-3.0-or-later
import CBrlAPI

extension BrailleKey {
    /// Decodes a BrlAPI key code read in command mode: BRLTTY commands (type CMD), plus the
    /// Return/Home keysyms a braille keyboard may send (type SYM). Flags (bits 32+) are ignored.
    public init(brlapiCode code: UInt64) {
        let type = code & LECTEUR_BRLAPI_KEY_TYPE_MASK
        let value = code & LECTEUR_BRLAPI_KEY_CODE_MASK
        if type == LECTEUR_BRLAPI_KEY_TYPE_CMD {
            let block = value & LECTEUR_BRLAPI_KEY_CMD_BLK_MASK
            if block == LECTEUR_BRLAPI_KEY_CMD_ROUTE {
                self = .route(cell: Int(value & LECTEUR_BRLAPI_KEY_CMD_ARG_MASK))
                return
            }
            switch value {
            case LECTEUR_BRLAPI_KEY_CMD_LNDN: self = .lineDown
            case LECTEUR_BRLAPI_KEY_CMD_LNUP: self = .lineUp
            case LECTEUR_BRLAPI_KEY_CMD_FWINRT: self = .windowForward
            case LECTEUR_BRLAPI_KEY_CMD_FWINLT: self = .windowBack
            case LECTEUR_BRLAPI_KEY_CMD_HOME: self = .home
            case LECTEUR_BRLAPI_KEY_CMD_RETURN: self = .enter
            default: self = .other(code: code)
            }
        } else if type == LECTEUR_BRLAPI_KEY_TYPE_SYM {
            switch value {
            case LECTEUR_BRLAPI_KEY_SYM_LINEFEED: self = .enter
            case LECTEUR_BRLAPI_KEY_SYM_HOME: self = .home
            default: self = .other(code: code)
            }
        } else {
            self = .other(code: code)
        }
    }
}
