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
