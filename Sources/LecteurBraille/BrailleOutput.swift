// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Synchronization

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
public final class BrailleOutput: Sendable {
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

    /// The line on the display and how it is panned: shared by the runtime's calls and the
    /// display's thread (keys, state).
    private struct View {
        var translator: BrailleTranslator
        var line: BrailleLine?
        var cells: BrailleCells?
        var panning: BraillePanning?
        var width: Int

        func render() -> BrailleRendering {
            let line = self.line!, cells = self.cells!, panning = self.panning!
            guard line.showsCursor else {
                return BrailleRendering(line: line, table: translator.table, cells: cells, window: panning.window,
                                        width: width, cursorCell: nil)
            }
            let cursorLineCell = cells.cell(forCharacter: line.cursor)
            var cursorCell = panning.displayCell(forLineCell: cursorLineCell)
            // After the last character of a typed line: the cell after the text (kept free for it).
            if cursorCell == nil, cursorLineCell == panning.window.upperBound, panning.window.count < width {
                cursorCell = panning.window.count
            }
            // A typed line ending in blanks past its last window (39 characters and a space on a
            // 40-cell display: the panning skips blanks at a window's start, so no window held
            // the cursor, and the line showed none): its end is shown up to the cursor.
            if cursorCell == nil, line.kind == .input, panning.isLastWindow, cursorLineCell > panning.window.upperBound,
               cursorLineCell <= cells.dots.count, width > 1 {
                let start = max(0, cursorLineCell - (width - 1))
                let window = start..<cells.dots.count
                return BrailleRendering(line: line, table: translator.table, cells: cells, window: window,
                                        width: width, cursorCell: cursorLineCell - start)
            }
            return BrailleRendering(line: line, table: translator.table, cells: cells, window: panning.window,
                                    width: width, cursorCell: cursorCell)
        }
    }

    private let view: Mutex<View>
    private let onEvent: @Sendable (Event) -> Void
    private let display: BrailleDisplay

    /// Throws `BrailleTranslationError.tableUnavailable` if liblouis lacks the table.
    public init(table: BrailleTable = .default, settings: BrlAPISettings = .fromEnvironment(),
                backoff: ReconnectBackoff = ReconnectBackoff(), defaultWidth: Int = BrailleOutput.defaultWidth,
                onEvent: @escaping @Sendable (Event) -> Void) throws {
        view = Mutex(View(translator: try BrailleTranslator(table: table), width: defaultWidth))
        self.onEvent = onEvent
        // The display is made before this output exists: its callbacks find the output through
        // `relay`, which holds it weakly once it does.
        let relay = Relay()
        display = BrailleDisplay(settings: settings, backoff: backoff,
                                 onKey: { key in relay.output?.handle(key) },
                                 onState: { state in relay.output?.stateChanged(state) })
        relay.output = self
    }

    public func start() { display.start() }
    public func stop(timeout: TimeInterval = 3) { display.stop(timeout: timeout) }

    public var table: BrailleTable {
        view.withLock { $0.translator.table }
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
        let translator = view.withLock { $0.translator }
        let cells = try translator.translate(line.text)
        // The display's size is known as soon as it is connected, before our state callback runs.
        let connectedWidth = display.cellCount
        let rendering = view.withLock { view in
            if let connectedWidth { view.width = connectedWidth }
            view.line = line
            view.cells = cells
            var panning = Self.panning(line, cells, width: view.width)
            // Where it opens is the reader's (`BrailleLine.opening`); here only the cells.
            switch line.opening {
            case .end: panning.showLast()
            case .cursor: panning.show(cell: min(cells.cell(forCharacter: line.cursor), max(0, cells.dots.count - 1)))
            case .start: panning.showFirst()
            }
            view.panning = panning
            return view.render()
        }
        display.show(frame(rendering))
        return rendering
    }

    /// Switches table and re-renders the current line (nil if none shown yet).
    @discardableResult
    public func setTable(_ table: BrailleTable) throws -> BrailleRendering? {
        let translator = try BrailleTranslator(table: table)
        let line = view.withLock { view in
            view.translator = translator
            return view.line
        }
        guard let line else { return nil }
        return try show(line)
    }

    /// Shows the next window of the current line, as FWINRT does, for a reading that keeps its
    /// own time; nil when the line has no further window (or nothing is shown).
    public func advance() -> BrailleRendering? {
        let rendering = view.withLock { view -> BrailleRendering? in
            guard var panning = view.panning, panning.forward() == .moved else { return nil }
            view.panning = panning
            return view.render()
        }
        guard let rendering else { return nil }
        display.show(frame(rendering))
        return rendering
    }

    /// What the display shows now (nil before the first line).
    public var current: BrailleRendering? {
        view.withLock { $0.panning == nil ? nil : $0.render() }
    }

    // MARK: keys and state, on the display's thread

    private func handle(_ key: BrailleKey) {
        switch key {
        case .lineDown: onEvent(.intent(.nextElement))
        case .lineUp: onEvent(.intent(.previousElement))
        case .home: onEvent(.intent(.repeatElement))
        case .enter: onEvent(.intent(.activate(routedCharacter: nil)))
        case .route(let cell):
            let character = view.withLock { view in
                view.panning?.lineCell(forDisplayCell: cell).flatMap { view.cells?.sourceCharacter[$0] }
            }
            // A routing key past the end of the text is over nothing: like NVDA, do nothing.
            if let character { onEvent(.intent(.activate(routedCharacter: character))) }
            else { onEvent(.ignoredKey(key)) }
        case .windowForward, .windowBack:
            let moved = view.withLock { view -> (BraillePanning.Outcome, BrailleRendering?)? in
                guard var panning = view.panning else { return nil }
                let outcome = key == .windowForward ? panning.forward() : panning.back()
                view.panning = panning
                return (outcome, outcome == .moved ? view.render() : nil)
            }
            guard let (outcome, rendering) = moved else { return }
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
            let rendering = view.withLock { view -> BrailleRendering? in
                let newWidth = max(1, columns * rows)
                guard newWidth != view.width else { return nil }
                view.width = newWidth
                guard let cells = view.cells, let line = view.line, let old = view.panning else { return nil }
                var panning = Self.panning(line, cells, width: newWidth)
                panning.show(cell: old.window.lowerBound)
                view.panning = panning
                return view.render()
            }
            if let rendering { display.show(frame(rendering)) }
        }
        onEvent(.state(state))
    }

    /// A line being typed keeps the display's last cell for the cursor after its text.
    private static func panning(_ line: BrailleLine, _ cells: BrailleCells, width: Int) -> BraillePanning {
        BraillePanning(cells: cells, width: line.kind == .input ? max(1, width - 1) : width)
    }

    private func frame(_ rendering: BrailleRendering) -> BrailleFrame {
        BrailleFrame(dots: rendering.windowDots, cursor: rendering.cursorCell)
    }

    /// How the display's callbacks reach the output made after it (weakly: the output owns the
    /// display, not the other way round).
    private final class Relay: Sendable {
        private struct Target { weak var output: BrailleOutput? }
        private let target = Mutex(Target())

        var output: BrailleOutput? {
            get { target.withLock { $0.output } }
            set { target.withLock { $0.output = newValue } }
        }
    }
}
