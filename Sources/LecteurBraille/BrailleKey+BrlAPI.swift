// SPDX-License-Identifier: GPL-3.0-or-later
import CBrlAPI

extension BrailleKey {
    /// Decodes a BrlAPI key code read in command mode: BRLTTY commands (type CMD), typed dots
    /// (PASSDOTS, the space bar's DOTC bit in the argument), and the keysyms a braille keyboard
    /// sends (type SYM: Latin-1 characters as themselves, others as Unicode keysyms, Enter,
    /// BackSpace, Escape, Home). Flags (bits 32+) are ignored.
    public init(brlapiCode code: UInt64) {
        let type = code & LECTEUR_BRLAPI_KEY_TYPE_MASK
        let value = code & LECTEUR_BRLAPI_KEY_CODE_MASK
        if type == LECTEUR_BRLAPI_KEY_TYPE_CMD {
            let block = value & LECTEUR_BRLAPI_KEY_CMD_BLK_MASK
            if block == LECTEUR_BRLAPI_KEY_CMD_ROUTE {
                self = .route(cell: Int(value & LECTEUR_BRLAPI_KEY_CMD_ARG_MASK))
                return
            }
            if block == LECTEUR_BRLAPI_KEY_CMD_PASSDOTS {
                let argument = value & LECTEUR_BRLAPI_KEY_CMD_ARG_MASK
                self = .dots(UInt8(truncatingIfNeeded: argument), space: argument & LECTEUR_BRLAPI_DOTC != 0)
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
            case LECTEUR_BRLAPI_KEY_SYM_LINEFEED: self = .keyboardEnter
            case LECTEUR_BRLAPI_KEY_SYM_BACKSPACE: self = .backspace
            case LECTEUR_BRLAPI_KEY_SYM_ESCAPE: self = .escape
            case LECTEUR_BRLAPI_KEY_SYM_HOME: self = .home
            case 0x20...0x7E, 0xA0...0xFF:
                self = .character(Character(Unicode.Scalar(UInt8(value))))
            case LECTEUR_BRLAPI_KEY_SYM_UNICODE...(LECTEUR_BRLAPI_KEY_SYM_UNICODE | 0x10FFFF):
                if let scalar = Unicode.Scalar(UInt32(value & 0xFFFFFF)) { self = .character(Character(scalar)) }
                else { self = .other(code: code) }
            default: self = .other(code: code)
            }
        } else {
            self = .other(code: code)
        }
    }
}
