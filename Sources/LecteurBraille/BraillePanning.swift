// SPDX-License-Identifier: GPL-3.0-or-later
/// Which part of a line longer than the display is shown, and what the panning keys do.
///
/// Windows are cut at word boundaries when a word would be split (as NVDA and Orca do with word
/// wrap): a window ends after the last blank that fits, unless the window has no blank at all.
/// Blanks at the start of a window are skipped so no cell is wasted on them.
/// Pure logic: no C library, no I/O.
public struct BraillePanning: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// Another window of the same line is now shown.
        case moved
        /// Already at the last window: the reader should move to the next element.
        case nextElement
        /// Already at the first window: the reader should move to the previous element.
        case previousElement
    }

    public let length: Int
    public let width: Int
    /// Start and end cell of each window, in order; at least one (possibly empty) window.
    public let windows: [Range<Int>]
    public private(set) var current: Int = 0

    /// `blank[i]` says whether cell i is blank (no dots); `width` is the display's cell count.
    public init(blank: [Bool], width: Int, wordWrap: Bool = true) {
        let width = max(1, width)
        self.length = blank.count
        self.width = width
        var windows: [Range<Int>] = []
        var start = 0
        while start < blank.count {
            if !windows.isEmpty { while start < blank.count && blank[start] { start += 1 } }
            guard start < blank.count else { break }
            var end = min(start + width, blank.count)
            if wordWrap, end < blank.count, !blank[end], !blank[end - 1] {
                // The window would cut a word: end it after the last blank inside it, if any.
                if let lastBlank = (start + 1..<end).last(where: { blank[$0] }) {
                    end = lastBlank + 1
                }
            }
            windows.append(start..<end)
            start = end
        }
        self.windows = windows.isEmpty ? [0..<0] : windows
    }

    public init(cells: BrailleCells, width: Int, wordWrap: Bool = true) {
        self.init(blank: cells.dots.map { $0 == 0 }, width: width, wordWrap: wordWrap)
    }

    public var window: Range<Int> { windows[current] }
    public var isFirstWindow: Bool { current == 0 }
    public var isLastWindow: Bool { current == windows.count - 1 }

    public mutating func forward() -> Outcome {
        guard !isLastWindow else { return .nextElement }
        current += 1
        return .moved
    }

    public mutating func back() -> Outcome {
        guard !isFirstWindow else { return .previousElement }
        current -= 1
        return .moved
    }

    public mutating func showFirst() { current = 0 }
    public mutating func showLast() { current = windows.count - 1 }

    /// Shows the window holding `cell` (the first one if the cell is outside the line).
    public mutating func show(cell: Int) {
        current = windows.firstIndex { $0.contains(cell) } ?? 0
    }

    /// The line's cell under display cell `k` (0-based, as routing keys count), nil past the text.
    public func lineCell(forDisplayCell k: Int) -> Int? {
        guard k >= 0 else { return nil }
        let cell = window.lowerBound + k
        return cell < window.upperBound ? cell : nil
    }

    /// The display cell of line cell `cell`, nil if it is not in the current window.
    public func displayCell(forLineCell cell: Int) -> Int? {
        window.contains(cell) ? cell - window.lowerBound : nil
    }
}
