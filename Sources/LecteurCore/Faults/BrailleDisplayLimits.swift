// SPDX-License-Identifier: GPL-3.0-or-later
/// The largest display the reader believes a BrlAPI server about. Real displays have 12 to 88
/// cells on one line; multi-line ones (Canute 360: 40 × 9) stay far below these bounds. A bigger
/// size is not a display but a hostile or broken server (the default host `:0` is a socket in
/// the world-writable /var/lib/BrlAPI: any local user can listen there when brltty does not).
/// Such a size is refused before anything is allocated for it, and the reader goes on without
/// braille, as for any other server it cannot use.
public enum BrailleDisplayLimits {
    /// Cells on one line.
    public static let maximumColumns = 256
    /// Lines of cells.
    public static let maximumRows = 64

    /// True when a display of this size can exist (both at least 1, neither above its bound).
    /// Takes the protocol's 32-bit values as they arrived: nothing is multiplied before this.
    public static func accepts(columns: UInt32, rows: UInt32) -> Bool {
        columns >= 1 && rows >= 1 && columns <= UInt32(maximumColumns) && rows <= UInt32(maximumRows)
    }
}
