// SPDX-License-Identifier: GPL-3.0-or-later

/// The terminal's screen, as a screen reader reads it: Orca (through VTE) reads only what is
/// still visible, so what is printed in one go must fit in it (measured with Orca 43: `tout
/// lire` printed 24 lines in 30 ms, Orca started mid-word on the fifth and never read the first four).
public struct TerminalPage: Hashable, Sendable {
    public let rows: Int
    public let columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// A terminal that never said its size: the VT100's.
    public static let fallback = TerminalPage(rows: 24, columns: 80)

    /// Rows a reading may print before it waits: the screen less the command's own line, the
    /// line that says how to go on and the prompt after it (at least one element a page).
    public var readingRows: Int { max(1, rows - 3) }

    /// The rows `text` takes on this screen, its long lines wrapped.
    public func rows(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { total, line in
            total + max(1, (line.count + columns - 1) / columns)
        }
    }

    /// The rows the text transcript prints for these effects: the printed line of what is
    /// said, what is only printed, a notice's, an error's or a status's line.
    public func rows(of effects: some Sequence<Effect>) -> Int {
        effects.reduce(0) { total, effect in
            switch effect {
            case .speak(let utterance): total + (utterance.printed.map(rows) ?? 0)
            case .print(let text): total + rows(text)
            case .notice(_, let message, _, _), .error(_, let message, _), .status(_, let message): total + rows(message)
            default: total
            }
        }
    }
}
