// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurBraille
import LecteurCore
import LecteurDevices
import LecteurStore

/// The braille side of a session: the BrlAPI display when there is one (its keys drive the
/// navigator like typed commands), and the liblouis cells for the transcript in every case.
public final class BrailleDevice: BrailleSink, SettingsDomain, Sendable {
    public static let storageKey = DeviceSettingStorage.brailleTable

    private let output: BrailleOutput?
    private let store: ReaderStore
    /// What the display's thread, the session and a setting share.
    private let state: Mutex<State>
    /// Set once the first connection attempt's outcome has been handed to the session; broadcast
    /// then, so start-up waits on it (with a deadline) instead of polling.
    private let firstAnswer = FirstAnswer()

    private final class FirstAnswer: Sendable {
        private let answered = Mutex(false)
        /// Broadcast once `answered` is set; the waiter checks it under this lock, so a mark
        /// between its check and its wait cannot be missed (as `StandardOutput.drain`).
        private let condition = NSCondition()

        func mark() {
            condition.lock()
            answered.withLock { $0 = true }
            condition.broadcast()
            condition.unlock()
        }

        /// Whether the answer came by `deadline`.
        func wait(until deadline: Date) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while !answered.withLock({ $0 }) {
                if !condition.wait(until: deadline) { return answered.withLock { $0 } }
            }
            return true
        }
    }

    private struct State {
        /// Loaded at its first use (`translator()`): liblouis's table was 9.5 M of the reader's
        /// 107 M instructions at start and quit with `--braille off --transcript none`, where
        /// nothing asks for cells (issue 49).
        var translator: BrailleTranslator??
        var table: BrailleTable
        var post: (@Sendable (Action) -> Void)?
        var started = false
    }

    /// `--braille on`: the display was asked for, its absence is always said.
    public let displayRequired: Bool

    /// `display` false (`--braille off`) translates for the transcript without connecting.
    public init(display: Bool, required: Bool = false, table requested: BrailleTable?, settings: BrlAPISettings, store: ReaderStore) {
        self.store = store
        self.displayRequired = display && required
        let table = requested ?? store.value(Self.storageKey).flatMap(BrailleTable.init(name:)) ?? .default
        state = Mutex(State(translator: nil, table: table))
        // The display's events arrive on its own thread; `box` lets its handler reach this
        // device once it exists (the output is made before `self` is whole).
        let box = WeakBox()
        output = display ? try? BrailleOutput(table: table, settings: settings) { event in box.device?.handle(event) } : nil
        box.device = self
    }

    /// The display's handler holds the device weakly, as a `[weak self]` would (`self` cannot be
    /// captured before `init` ends).
    private final class WeakBox: Sendable {
        private struct Reference { weak var device: BrailleDevice? }
        private let reference = Mutex(Reference())
        var device: BrailleDevice? {
            get { reference.withLock { $0.device } }
            set { reference.withLock { $0.device = newValue } }
        }
    }

    /// Keys, panning and connection changes come back to the session as actions, in order
    /// with everything else.
    public func listen(_ post: @escaping @Sendable (Action) -> Void) {
        state.withLock { $0.post = post }
        // `--braille on` connected before anyone listened: the width it answered with is told
        // now (told twice if the connection lands meanwhile, which changes nothing).
        if case .connected(let columns, _)? = output?.displayState {
            post(.device(.brailleConnected))
            post(.device(.displayWidth(columns: columns)))
        }
        start()
    }

    /// Connects to the display (once); `listen` does it too.
    public func start() {
        let first = state.withLock { state in
            defer { state.started = true }
            return !state.started
        }
        if first { output?.start() }
    }

    public func show(_ line: BrailleLine) -> String? {
        // A line being typed: what the display shows (its end, with the cursor), not the whole line.
        if let output { return (try? output.show(line)).map { line.kind == .input ? $0.windowUnicode : $0.unicode } }
        return try? translator()?.translate(line.text).unicode
    }

    /// The cells `text` takes with the table in use (contracted in abrégé); its characters
    /// when it cannot be translated.
    public func cellCount(_ text: String) -> Int {
        (try? translator()?.translate(text).dots.count) ?? text.count
    }

    public func backTranslate(_ cells: [UInt8]) -> String? {
        translator()?.backTranslate(cells)
    }

    /// The table's translator, loaded the first time one is needed (nil: it could not be).
    private func translator() -> BrailleTranslator? {
        state.withLock { state in
            if let loaded = state.translator { return loaded }
            let loaded = try? BrailleTranslator(table: state.table)
            state.translator = .some(loaded)
            return loaded
        }
    }

    public func advance() -> BrailleWindow? {
        guard let rendering = output?.advance() else { return nil }
        return BrailleWindow(text: rendering.line.text, cells: rendering.windowUnicode,
                             cursor: rendering.cursorCell ?? 0, kind: rendering.line.kind)
    }

    public var hasDisplay: Bool { output != nil }

    public var status: DeviceStatus.Braille {
        guard let output else { return .off }
        if case .connected(let columns, _) = output.displayState { return .connected(columns: columns) }
        return .waiting
    }

    /// For `--braille on`: waits for the first connection attempt (brltty can take about a second
    /// to answer just after it starts) and returns why, when no display answered.
    public func firstConnectionProblem(host: String, timeout: TimeInterval = 3) -> StartupFailure? {
        guard let output else { return nil }
        // The display's thread reports the attempt's outcome (`handle`) after setting its state:
        // waited on, with a deadline, not polled.
        _ = firstAnswer.wait(until: Date().addingTimeInterval(timeout))
        switch output.displayState {
        case .connected: return nil
        case .unavailable(let why): return .brailleUnavailable(host: host, why)
        case .stopped, .connecting: return .brailleUnavailable(host: host, nil)
        }
    }

    public func release() {
        output?.stop(timeout: 1)
    }

    /// Waits until the first connection attempt's outcome has been posted to the session (its
    /// notice when no display answers), at most `timeout`: a piped script's transcript then
    /// says it at the same place every run, before the script's first command. Returns at
    /// once without a display.
    public func waitForFirstAnswer(timeout: TimeInterval = 3) {
        guard output != nil else { return }
        guard state.withLock({ $0.post != nil }) else { return }
        _ = firstAnswer.wait(until: Date().addingTimeInterval(timeout))
    }

    private func markAnswered() { firstAnswer.mark() }

    private func handle(_ event: BrailleOutput.Event) {
        let post = state.withLock { $0.post }
        // After the notice below is posted; also when nobody listens yet (`--braille on` connects
        // before the session starts).
        defer {
            switch event {
            case .state(.connected), .state(.unavailable): markAnswered()
            default: break
            }
        }
        guard let post else { return }
        switch event {
        case .intent(.nextElement): post(.displayKey(.next))
        case .intent(.previousElement): post(.displayKey(.previous))
        case .intent(.repeatElement): post(.displayKey(.repeatElement))
        case .intent(.pannedPastEnd): post(.displayKey(.panForward))
        case .intent(.pannedPastStart): post(.displayKey(.panBack))
        // RETURN activates; a routing key over the line says where it was pressed (the reader
        // activates an element that acts, and moves the review cursor over plain text).
        case .intent(.activate(let routed?)): post(.displayKey(.route(character: routed)))
        case .intent(.activate(nil)): post(.displayKey(.activate))
        case .typed(let input): post(.brailleTyped(input, atMs: ReaderSession.nowMs()))
        case .panned(let rendering):
            post(.displayPanned(text: rendering.line.text, cells: rendering.windowUnicode,
                                cursor: rendering.cursorCell ?? 0, kind: rendering.line.kind))
        case .state(.unavailable(let error)):
            post(.device(.brailleUnavailable(error)))
        case .state(.connected(let columns, _)):
            post(.device(.brailleConnected))
            post(.device(.displayWidth(columns: columns)))
        case .state, .ignoredKey:
            break
        }
    }

    // MARK: set braille-table

    public func reading(_ key: SettingKey) -> SettingReading? {
        guard key == .brailleTable else { return nil }
        // The table itself (its name), worded by the reader; nil when none could be loaded.
        guard let table = translator()?.table else { return nil }
        return SettingReading(value: table.rawValue, choices: BrailleTable.allCases.map(\.rawValue))
    }

    public func configure(_ key: SettingKey, value: String) -> Result<SettingValue, SettingFault>? {
        guard key == .brailleTable else { return nil }
        guard let table = BrailleTable(name: value) else {
            return .failure(.unknownBrailleTable(name: value))
        }
        do {
            if let output { _ = try output.setTable(table) }
            let translator = try BrailleTranslator(table: table)
            state.withLock {
                $0.translator = .some(translator)
                $0.table = table
            }
        } catch let error as BrailleTranslationError {
            return .failure(.brailleTable(error))
        } catch {
            return .failure(.unknownBrailleTable(name: value))
        }
        return .success(SettingValue(.brailleTable(table)))
    }
}
