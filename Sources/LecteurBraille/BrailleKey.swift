// SPDX-License-Identifier: GPL-3.0-or-later
/// A key pressed on the braille display, as BRLTTY's command for it (BrlAPI in command mode).
public enum BrailleKey: Hashable, Sendable {
    /// LNDN: the line below — next element.
    case lineDown
    /// LNUP: the line above — previous element.
    case lineUp
    /// FWINRT: pan forward by one window.
    case windowForward
    /// FWINLT: pan back by one window.
    case windowBack
    /// ROUTE: a routing key above a cell, 0-based from the first cell of the display.
    case route(cell: Int)
    /// HOME: back to the cursor — the reader repeats the focused element.
    case home
    /// RETURN: activate.
    case enter
    /// A character typed (a keysym: from brltty's text table, or a keyboard on the display).
    case character(Character)
    /// PASSDOTS: a cell typed on the braille keyboard (bit 0 = dot 1 … bit 7 = dot 8); with
    /// `space`, the dots were pressed with the space bar (a chord). No dots without space is
    /// the space bar alone.
    case dots(UInt8, space: Bool)
    /// The keyboard's Enter, BackSpace and Escape keys (keysyms).
    case keyboardEnter, backspace, escape
    /// Any other BRLTTY command or key, kept raw for diagnostics.
    case other(code: UInt64)
}
