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
    private weak var session: ReaderSession?

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

    /// Keys and connection changes are posted to the session's queue, in order with everything else.
    public func attach(to session: ReaderSession) {
        lock.lock()
        self.session = session
        lock.unlock()
        output?.start()
    }

    public func show(_ line: BrailleLine) -> String? {
        if let output { return try? output.show(line).unicode }
        return try? translator?.translate(line.text).unicode
    }

    public var status: ReaderStatus.Braille {
        guard let output else { return .off }
        if case .connected(let columns, _) = output.displayState { return .connected(columns: columns) }
        return .waiting
    }

    /// For `--braille on`: waits for the first connection attempt (brltty can take about a second
    /// to answer just after it starts) and returns the French reason when no display answered.
    public func firstConnectionProblem(host: String, timeout: TimeInterval = 3) -> String? {
        guard let output else { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        var detail = "no answer within \(Int(timeout)) s"
        waiting: while Date() < deadline {
            switch output.displayState {
            case .connected: return nil
            case .unavailable(let error):
                switch error {
                case .noServer(_, let why), .ttyRefused(let why), .connectionLost(let why): detail = why
                case .authenticationFailed: detail = "BrlAPI authentication refused"
                case .emptyDisplay: detail = "the display reports 0 cells"
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

    private func handle(_ event: BrailleOutput.Event) {
        lock.lock()
        let session = self.session
        lock.unlock()
        guard let session else { return }
        switch event {
        case .intent(.nextElement): session.post(.command(.next))
        case .intent(.previousElement): session.post(.command(.previous))
        case .intent(.repeatElement): session.post(.command(.repeatLast))
        // The display shows only the focused element: a routing key over it activates it
        // (on a chip, toggles it), as RETURN does.
        case .intent(.activate): session.post(.command(.activate))
        case .panned(let rendering):
            session.recordBraillePan(text: rendering.line.text, cells: rendering.windowUnicode, cursor: rendering.cursorCell ?? 0)
        case .state(.unavailable(let error)):
            lock.lock()
            let first = !notifiedUnavailable
            notifiedUnavailable = true
            lock.unlock()
            if first { session.post(.notice(code: error.code, message: error.message(strings))) }
        case .state(.connected):
            lock.lock()
            notifiedUnavailable = false
            lock.unlock()
        case .state, .ignoredKey:
            break
        }
    }

    // MARK: set braille-table

    public var settingNames: [String] { ["table-braille"] }

    public func change(name: String, value: String) -> SettingChange? {
        guard ["braille-table", "table-braille", "braille", "table"].contains(CommandParser.fold(name)) else { return nil }
        guard let table = BrailleTable(name: value) else {
            return .failed(message: strings(.brailleTableUnknown, ["name": value]))
        }
        do {
            if let output { _ = try output.setTable(table) }
            translator = try BrailleTranslator(table: table)
        } catch let error as BrailleTranslationError {
            return .failed(message: error.message(strings))
        } catch {
            return .failed(message: strings(.brailleTableUnknown, ["name": value]))
        }
        let saved = store.save([Self.storageKey: table.rawValue])
        return .applied(message: [strings(.brailleTableChanged, ["name": table.label(strings)]), saved].compactMap { $0 }
                            .joined(separator: " "), action: .command(.repeatLast))
    }
}
