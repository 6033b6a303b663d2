// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// What the display's keys ask of the reader, once panning inside a long line has been handled.
public enum BrailleIntent: Hashable, Sendable {
    /// LNDN: `.command(.next)`.
    case nextElement
    /// LNUP: `.command(.previous)`.
    case previousElement
    /// FWINRT on the line's last window: the next element (a reading without a voice goes on).
    case pannedPastEnd
    /// FWINLT on the line's first window: the previous element, which the reader opens on its
    /// last window.
    case pannedPastStart
    /// RETURN, or a routing key over the line's text: activate the focused element (a chip
    /// toggles). `routedCharacter` is the Character offset in `BrailleLine.text` under the
    /// routing key (nil for RETURN).
    case activate(routedCharacter: Int?)
    /// HOME: `.command(.repeatLast)`.
    case repeatElement
}

/// One line as translated and placed on the display.
public struct BrailleRendering: Hashable, Sendable {
    public let line: BrailleLine
    public let table: BrailleTable
    /// The whole line's cells.
    public let cells: BrailleCells
    /// The cells of the line on the display now (a window when the line is longer than it).
    public let window: Range<Int>
    /// The display's cell count the window was cut for (the last known, or `defaultWidth`).
    public let width: Int
    /// The cursor's cell on the display, nil when the cursor is not in the window.
    public let cursorCell: Int?

    /// The whole line as Unicode braille.
    public var unicode: String { cells.unicode }
    /// Exactly what the display shows, as Unicode braille (without the blank padding).
    public var windowUnicode: String { BrailleCells.unicode(cells.dots[window]) }
    public var windowDots: [UInt8] { Array(cells.dots[window]) }
}

/// The braille side of the reader, for the runtime: `.braille(line)` effects go to `show`,
/// display keys come back as `BrailleIntent`s through `onEvent`, panning of long lines happens
/// here. Translation is synchronous (µs); display I/O happens on BrailleDisplay's thread.
public final class BrailleOutput: @unchecked Sendable {
    public enum Event: Hashable, Sendable {
        /// A key the reader must act on.
        case intent(BrailleIntent)
        /// The display panned to another window of the current line (for the transcript).
        case panned(BrailleRendering)
        /// Connection state changed (connected with its size, unavailable with the reason…).
        case state(BrailleDisplayState)
        /// A key of the display's keyboard: the reader builds a typed line from it.
        case typed(BrailleInput)
        /// A key this reader does not use (kept for diagnostics).
        case ignoredKey(BrailleKey)
    }

    /// Window width used while no display is connected.
    public static let defaultWidth = 40

    private let lock = NSLock()
    private var translator: BrailleTranslator
    private var line: BrailleLine?
    private var cells: BrailleCells?
    private var panning: BraillePanning?
    private var width: Int
    private let onEvent: @Sendable (Event) -> Void
    private var display: BrailleDisplay!

    /// Throws `BrailleTranslationError.tableUnavailable` if liblouis lacks the table.
    public init(table: BrailleTable = .default, settings: BrlAPISettings = .fromEnvironment(),
                backoff: ReconnectBackoff = ReconnectBackoff(), defaultWidth: Int = BrailleOutput.defaultWidth,
                onEvent: @escaping @Sendable (Event) -> Void) throws {
        translator = try BrailleTranslator(table: table)
        width = defaultWidth
        self.onEvent = onEvent
        display = BrailleDisplay(settings: settings, backoff: backoff,
                                 onKey: { [weak self] key in self?.handle(key) },
                                 onState: { [weak self] state in self?.stateChanged(state) })
    }

    public func start() { display.start() }
    public func stop(timeout: TimeInterval = 3) { display.stop(timeout: timeout) }

    public var table: BrailleTable {
        lock.lock(); defer { lock.unlock() }
        return translator.table
    }

    public var displayState: BrailleDisplayState { display.state }

    @discardableResult
    public func waitUntilConnected(timeout: TimeInterval) -> Bool { display.waitUntilConnected(timeout: timeout) }

    /// Exceptions brltty sent (BrlAPI would have aborted on them); cleared when read.
    public func takeExceptions() -> [String] { display.takeExceptions() }

    /// Translates and shows a line, from its first window (or its last when the reader asks:
    /// FWINLT moved back to this element). Returns what is shown, for the transcript; throws only
    /// if liblouis fails on the text.
    @discardableResult
    public func show(_ line: BrailleLine) throws -> BrailleRendering {
        lock.lock()
        let translator = self.translator
        lock.unlock()
        let cells = try translator.translate(line.text)
        // The display's size is known as soon as it is connected, before our state callback runs.
        let connectedWidth = display.cellCount
        lock.lock()
        if let connectedWidth { width = connectedWidth }
        self.line = line
        self.cells = cells
        var panning = Self.panning(line, cells, width: width)
        // A line being typed shows its end, where the cursor is; so does a line the reducer
        // opens from its end (FWINLT past a first window).
        if line.kind == .input || line.fromEnd { panning.showLast() } else { panning.showFirst() }
        self.panning = panning
        let rendering = renderLocked()
        lock.unlock()
        display.show(frame(rendering))
        return rendering
    }

    /// Switches table and re-renders the current line (nil if none shown yet).
    @discardableResult
    public func setTable(_ table: BrailleTable) throws -> BrailleRendering? {
        let translator = try BrailleTranslator(table: table)
        lock.lock()
        self.translator = translator
        let line = self.line
        lock.unlock()
        guard let line else { return nil }
        return try show(line)
    }

    /// Shows the next window of the current line, as FWINRT does, for a reading that keeps its
    /// own time; nil when the line has no further window (or nothing is shown).
    public func advance() -> BrailleRendering? {
        lock.lock()
        guard var panning, panning.forward() == .moved else { lock.unlock(); return nil }
        self.panning = panning
        let rendering = renderLocked()
        lock.unlock()
        display.show(frame(rendering))
        return rendering
    }

    /// What the display shows now (nil before the first line).
    public var current: BrailleRendering? {
        lock.lock(); defer { lock.unlock() }
        return panning == nil ? nil : renderLocked()
    }

    // MARK: keys and state, on the display's thread

    private func handle(_ key: BrailleKey) {
        switch key {
        case .lineDown: onEvent(.intent(.nextElement))
        case .lineUp: onEvent(.intent(.previousElement))
        case .home: onEvent(.intent(.repeatElement))
        case .enter: onEvent(.intent(.activate(routedCharacter: nil)))
        case .route(let cell):
            lock.lock()
            let lineCell = panning?.lineCell(forDisplayCell: cell)
            let character = lineCell.flatMap { cells?.sourceCharacter[$0] }
            lock.unlock()
            // A routing key past the end of the text is over nothing: like NVDA, do nothing.
            if let character { onEvent(.intent(.activate(routedCharacter: character))) }
            else { onEvent(.ignoredKey(key)) }
        case .windowForward, .windowBack:
            lock.lock()
            guard var panning else { lock.unlock(); return }
            let outcome = key == .windowForward ? panning.forward() : panning.back()
            self.panning = panning
            let rendering = outcome == .moved ? renderLocked() : nil
            lock.unlock()
            switch outcome {
            case .moved:
                display.show(frame(rendering!))
                onEvent(.panned(rendering!))
            case .nextElement: onEvent(.intent(.pannedPastEnd))
            case .previousElement: onEvent(.intent(.pannedPastStart))
            }
        case .character(let character): onEvent(.typed(.character(character)))
        // The space bar alone is typed space; with dots it makes a chord.
        case .dots(let dots, let space): onEvent(.typed(space && dots != 0 ? .chord(dots) : .dots(dots)))
        case .keyboardEnter: onEvent(.typed(.enter))
        case .backspace: onEvent(.typed(.backspace))
        case .escape: onEvent(.typed(.escape))
        case .other: onEvent(.ignoredKey(key))
        }
    }

    private func stateChanged(_ state: BrailleDisplayState) {
        if case .connected(let columns, let rows) = state {
            lock.lock()
            let newWidth = max(1, columns * rows)
            var rendering: BrailleRendering?
            if newWidth != width {
                width = newWidth
                if let cells, let line, let old = panning {
                    var panning = Self.panning(line, cells, width: newWidth)
                    panning.show(cell: old.window.lowerBound)
                    self.panning = panning
                    rendering = renderLocked()
                }
            }
            lock.unlock()
            if let rendering { display.show(frame(rendering)) }
        }
        onEvent(.state(state))
    }

    /// A line being typed keeps the display's last cell for the cursor after its text.
    private static func panning(_ line: BrailleLine, _ cells: BrailleCells, width: Int) -> BraillePanning {
        BraillePanning(cells: cells, width: line.kind == .input ? max(1, width - 1) : width)
    }

    private func renderLocked() -> BrailleRendering {
        let line = self.line!, cells = self.cells!, panning = self.panning!
        let cursorLineCell = cells.cell(forCharacter: line.cursor)
        var cursorCell = panning.displayCell(forLineCell: cursorLineCell)
        // After the last character of a typed line: the cell after the text (kept free for it).
        if cursorCell == nil, cursorLineCell == panning.window.upperBound, panning.window.count < width {
            cursorCell = panning.window.count
        }
        return BrailleRendering(line: line, table: translator.table, cells: cells, window: panning.window,
                                width: width, cursorCell: cursorCell)
    }

    private func frame(_ rendering: BrailleRendering) -> BrailleFrame {
        BrailleFrame(dots: rendering.windowDots, cursor: rendering.cursorCell)
    }
}
