// SPDX-License-Identifier: GPL-3.0-or-later
import CSpeechd
import Foundation

/// Why speech-dispatcher could not be used. No user wording here: the app maps it to French.
public enum SpeechdError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No daemon answered at the address (`SPEECHD_ADDRESS` or the user's default socket).
    case unreachable(detail: String)
    /// The daemon refused a message.
    case rejected(detail: String)

    public var description: String {
        switch self {
        case .unreachable(let detail): "speech-dispatcher unreachable: \(detail)"
        case .rejected(let detail): "speech-dispatcher refused: \(detail)"
        }
    }
}

/// A connection to speech-dispatcher, the speech service the user's screen reader (Orca, Speakup,
/// Fenrir) already speaks through. The user's output module, voice and rate, set in their
/// speech-dispatcher configuration, apply: the reader only chooses the language of its text and
/// the priority of each message, so its speech and the screen reader's share one queue and one
/// interruption policy.
public final class SpeechdClient: @unchecked Sendable {
    /// How a message stands against the others in speech-dispatcher's queue (SSIP priorities).
    public enum Priority: Sendable {
        /// A new focus or a command's answer: cancels the text still speaking or waiting, from
        /// this client or another one, as a screen reader's own focus speech does.
        case text
        /// Said after what is speaking, and not cancelled by later text (notices).
        case message
        /// A progress report: the last one of a series is always said.
        case progress

        var spd: SPDPriority {
            switch self {
            case .text: SPD_TEXT
            case .message: SPD_MESSAGE
            case .progress: SPD_PROGRESS
            }
        }
    }

    private let connection: UnsafeMutablePointer<SPDConnection>
    private let lock = NSLock()
    private var closed = false

    /// - Parameters:
    ///   - language: the language of the text (`fr`, `en`); the user's voice for it is used.
    ///   - autospawn: start the user's daemon when none runs (only when speechd was asked for).
    public init(clientName: String = "lecteur", language: String, autospawn: Bool) throws(SpeechdError) {
        var error: UnsafeMutablePointer<CChar>?
        // The default address honours SPEECHD_ADDRESS, then the user's runtime socket.
        let address = spd_get_default_address(&error)
        if let error { free(error) }
        defer { if let address { SPDConnectionAddress__free(address) } }
        error = nil
        guard let connection = spd_open2(clientName, "main", nil, SPD_MODE_THREADED, address,
                                         autospawn ? 1 : 0, &error) else {
            let detail = error.map { String(cString: $0) } ?? "no connection"
            if let error { free(error) }
            throw .unreachable(detail: detail)
        }
        if let error { free(error) }
        self.connection = connection
        connection.pointee.callback_end = { id, _, _ in SpeechdMessages.shared.finished(id) }
        connection.pointee.callback_cancel = { id, _, _ in SpeechdMessages.shared.finished(id) }
        _ = spd_set_notification_on(connection, SPD_END)
        _ = spd_set_notification_on(connection, SPD_CANCEL)
        _ = spd_set_language(connection, language)
    }

    deinit { close() }

    /// Queues a message; `interrupt` first cancels everything of this client (speaking or waiting).
    @discardableResult
    public func say(_ text: String, priority: Priority, interrupt: Bool) -> Result<Int, SpeechdError> {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return .failure(.rejected(detail: "closed")) }
        if interrupt { _ = spd_cancel(connection) }
        // libspeechd takes the lock for the whole exchange, so `finished` may be called for this
        // id before `say` returns: the ledger counts the message as begun before it is sent.
        let ticket = SpeechdMessages.shared.begin()
        let id = spd_say(connection, priority.spd, text)
        guard id > 0 else {
            SpeechdMessages.shared.abandon(ticket)
            return .failure(.rejected(detail: "spd_say returned \(id)"))
        }
        SpeechdMessages.shared.assign(ticket, id: Int(id))
        return .success(Int(id))
    }

    /// Cancels this client's speech, speaking and waiting; other clients' speech goes on.
    public func cancel() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        _ = spd_cancel(connection)
    }

    /// Waits until every message sent has ended or been cancelled; false on timeout.
    public func waitUntilIdle(timeout: Duration) -> Bool {
        SpeechdMessages.shared.waitUntilIdle(timeout: timeout)
    }

    /// Messages sent and not yet ended or cancelled (for `état`).
    public var pendingCount: Int { SpeechdMessages.shared.count }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        spd_close(connection)
        SpeechdMessages.shared.reset()
    }
}

/// Which messages are still to be heard. libspeechd's callbacks are C function pointers without
/// a context argument, so the ledger is one per process (the reader opens one connection).
final class SpeechdMessages: @unchecked Sendable {
    static let shared = SpeechdMessages()

    private let condition = NSCondition()
    private var sending = Set<Int>()
    private var pending = Set<Int>()
    /// Ends reported before `spd_say` returned the id.
    private var endedEarly = Set<Int>()
    private var nextTicket = 0

    func begin() -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextTicket += 1
        sending.insert(nextTicket)
        return nextTicket
    }

    func abandon(_ ticket: Int) {
        condition.lock()
        sending.remove(ticket)
        condition.broadcast()
        condition.unlock()
    }

    func assign(_ ticket: Int, id: Int) {
        condition.lock()
        sending.remove(ticket)
        if endedEarly.remove(id) == nil { pending.insert(id) }
        condition.broadcast()
        condition.unlock()
    }

    func finished(_ id: Int) {
        condition.lock()
        if pending.remove(id) == nil, !sending.isEmpty { endedEarly.insert(id) }
        condition.broadcast()
        condition.unlock()
    }

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return sending.count + pending.count
    }

    func reset() {
        condition.lock()
        sending.removeAll()
        pending.removeAll()
        endedEarly.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilIdle(timeout: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while !(sending.isEmpty && pending.isEmpty) {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
