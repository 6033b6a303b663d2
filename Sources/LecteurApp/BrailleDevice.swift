// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurBraille
import LecteurCore

/// The braille side of a session: the BrlAPI display when there is one (its keys drive the
/// navigator like typed commands), and the liblouis cells for the transcript in every case.
public final class BrailleDevice: BrailleSink, SettingsDomain, @unchecked Sendable {
    public static let storageKey = "braille.table"

    private let lock = NSLock()
    private var output: BrailleOutput?
    private var translator: BrailleTranslator?
    private let store: ReaderStore
    private let strings: Strings
    private var notifiedUnavailable = false
    private var post: (@Sendable (Action) -> Void)?
    private var started = false
    /// Set once the first connection attempt's outcome has been handed to the session.
    private let firstAnswer = NSCondition()
    private var answered = false

    /// `display` false (`--braille off`) translates for the transcript without connecting.
    public init(display: Bool, table requested: BrailleTable?, settings: BrlAPISettings, store: ReaderStore, strings: Strings) {
        self.store = store
        self.strings = strings
        let table = requested ?? store.value(Self.storageKey).flatMap(BrailleTable.init(name:)) ?? .default
        translator = try? BrailleTranslator(table: table)
        if display {
            output = try? BrailleOutput(table: table, settings: settings) { [weak self] event in self?.handle(event) }
        }
    }

    /// Keys, panning and connection changes come back to the session as actions, in order
    /// with everything else.
    public func listen(_ post: @escaping @Sendable (Action) -> Void) {
        lock.lock()
        self.post = post
        lock.unlock()
        start()
    }

    /// Connects to the display (once); `listen` does it too.
    public func start() {
        lock.lock()
        let first = !started
        started = true
        lock.unlock()
        if first { output?.start() }
    }

    public func show(_ line: BrailleLine) -> String? {
        if let output { return try? output.show(line).unicode }
        return try? translator?.translate(line.text).unicode
    }

    public func backTranslate(_ cells: [UInt8]) -> String? {
        lock.lock()
        let translator = self.translator
        lock.unlock()
        return translator?.backTranslate(cells)
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
    /// to answer just after it starts) and returns the French reason when no display answered.
    public func firstConnectionProblem(host: String, timeout: TimeInterval = 3) -> String? {
        guard let output else { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        // In the user's language: system texts summarised, the display's own errors as it words them.
        var detail = strings(.systemErrorTimeout)
        waiting: while Date() < deadline {
            switch output.displayState {
            case .connected: return nil
            case .unavailable(let error):
                switch error {
                case .noServer(_, let why), .ttyRefused(let why), .connectionLost(let why):
                    detail = SystemErrorText.summary(why, strings)
                default:
                    detail = error.message(strings)
                }
                break waiting
            case .stopped, .connecting: usleep(20_000)
            }
        }
        if case .connected = output.displayState { return nil }
        return strings(.envBrailleUnavailable, ["host": host, "detail": detail])
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
        lock.lock()
        let listening = post != nil
        lock.unlock()
        guard listening else { return }
        let deadline = Date().addingTimeInterval(timeout)
        firstAnswer.lock()
        while !answered && firstAnswer.wait(until: deadline) {}
        firstAnswer.unlock()
    }

    private func markAnswered() {
        firstAnswer.lock()
        answered = true
        firstAnswer.broadcast()
        firstAnswer.unlock()
    }

    private func handle(_ event: BrailleOutput.Event) {
        lock.lock()
        let post = self.post
        lock.unlock()
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
            lock.lock()
            let first = !notifiedUnavailable
            notifiedUnavailable = true
            lock.unlock()
            if first { post(.notice(code: error.code, message: error.message(strings), detail: error.detail)) }
        case .state(.connected):
            lock.lock()
            notifiedUnavailable = false
            lock.unlock()
        case .state, .ignoredKey:
            break
        }
    }

    // MARK: set braille-table

    public func reading(_ key: SettingKey) -> SettingReading? {
        guard key == .brailleTable else { return nil }
        lock.lock()
        let table = translator?.table
        lock.unlock()
        return SettingReading(value: table.map { $0.label(strings) } ?? strings(.settingsUnknownValue),
                              choices: BrailleTable.allCases.map { $0.label(strings) })
    }

    public func configure(_ key: SettingKey, value: String) -> DeviceSettingResult? {
        guard key == .brailleTable else { return nil }
        guard let table = BrailleTable(name: value) else {
            return .rejected(message: strings(.brailleTableUnknown, ["name": value]))
        }
        do {
            if let output { _ = try output.setTable(table) }
            translator = try BrailleTranslator(table: table)
        } catch let error as BrailleTranslationError {
            return .rejected(message: error.message(strings))
        } catch {
            return .rejected(message: strings(.brailleTableUnknown, ["name": value]))
        }
        let saved = store.save([Self.storageKey: table.rawValue])
        return .applied(message: [strings(.brailleTableChanged, ["name": table.label(strings)]), saved].compactMap { $0 }
                            .joined(separator: " "))
    }
}
