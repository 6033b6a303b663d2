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
    /// RETURN (or the Enter key of a braille keyboard): activate.
    case enter
    /// Any other BRLTTY command or key, kept raw for diagnostics.
    case other(code: UInt64)
}
