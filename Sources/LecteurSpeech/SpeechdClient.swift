// SPDX-License-Identifier: GPL-3.0-or-later
import CSpeechd
import Foundation
import LecteurCore
import LecteurThreads
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A connection to speech-dispatcher, the speech service the user's screen reader (Orca, Speakup,
/// Fenrir) already speaks through. The user's output module, voice and rate, set in their
/// speech-dispatcher configuration, apply: the reader only chooses the language of its text and
/// the priority of each message, so its speech and the screen reader's share one queue and one
/// interruption policy.
///
/// libspeechd has no time limit anywhere: a service that is stopped, hung or hostile holds the
/// calling thread for ever. So every call runs on this client's own thread, never the caller's;
/// `say` and `cancel` return at once. A call that takes longer than `callDeadline`, or the
/// service closing its end, makes the client fail once (`observe` hears it): from then on it
/// takes no more work, and the stuck thread and its connection are left behind, never waited for.
public final class SpeechdClient: Sendable {
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

    /// The longest a command may take (a real daemon answers in milliseconds).
    public static let callDeadline: TimeInterval = 1
    /// The longest the connection and its settings may take; longer when the daemon is started
    /// for the user (autospawn), which takes about a second on a loaded machine.
    public static func connectDeadline(autospawn: Bool) -> TimeInterval { autospawn ? 8 : 2 }

    /// How often the watchdog looks at the call under way and at the socket.
    private static let watchInterval: TimeInterval = 0.2

    /// Used on `worker` only (and by `fail`'s shutdown of our own descriptor, never of it).
    private let connection: SpeechdConnection
    /// Our own descriptor of libspeechd's socket (a dup): it stays valid when libspeechd closes
    /// its copy on a broken connection, so the watchdog can see the service hang up.
    private let watchedSocket: Int32
    private let worker = DispatchQueue(label: "lecteur.speechd")
    private let state = Mutex(State())

    private struct State {
        var callStarted: Date?
        var failure: SpeechdError?
        var closed = false
        var observers: [@Sendable (SpeechdError) -> Void] = []

        var usable: Bool { !closed && failure == nil }
    }

    /// Connects within `connectDeadline`. Throws `.unreachable` at once when nothing listens at
    /// the address (and `autospawn` is false), `.timedOut` or `.closed` when something there
    /// does not behave as speech-dispatcher.
    /// - Parameters:
    ///   - language: the language of the text (`fr`, `en`); the user's voice for it is used.
    ///   - autospawn: start the user's daemon when none runs (only when speechd was asked for).
    public static func connect(clientName: String = "lecteur", language: String, autospawn: Bool,
                               deadline: TimeInterval? = nil) throws(SpeechdError) -> SpeechdClient {
        let found = SpeechdAddressProbe.probe(timeout: connectDeadline(autospawn: false))
        if !autospawn, case .nothingListens(let detail) = found { throw .unreachable(detail: detail) }
        // A daemon already listening answers at once; only one being started gets longer.
        let limit = deadline ?? connectDeadline(autospawn: autospawn && found != .listening)
        let attempt = ConnectAttempt()
        let thread = Thread {
            let result = SpeechdClient.openBlocking(clientName: clientName, language: language, autospawn: autospawn)
            attempt.finish(result)
        }
        thread.name = "lecteur.speechd.connect"
        thread.start()
        guard let result = attempt.wait(timeout: limit) else { throw .timedOut(seconds: limit) }
        switch result {
        case .success(let connection): return SpeechdClient(connection: connection)
        case .failure(let error): throw error
        }
    }

    /// spd_open2 and the session's settings, on the connecting thread (may block for ever).
    private static func openBlocking(clientName: String, language: String,
                                     autospawn: Bool) -> Result<SpeechdConnection, SpeechdError> {
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
            // Something listened (the probe said so, or autospawn was asked) and then failed.
            return .failure(autospawn ? .unreachable(detail: detail) : .closed(detail: detail))
        }
        if let error { free(error) }
        connection.pointee.callback_end = { id, _, _ in SpeechdMessages.shared.finished(id) }
        connection.pointee.callback_cancel = { id, _, _ in SpeechdMessages.shared.finished(id) }
        guard spd_set_notification_on(connection, SPD_END) == 0,
              spd_set_notification_on(connection, SPD_CANCEL) == 0,
              spd_set_language(connection, language) == 0 else {
            // Left open: spd_close could block on a half-dead service; this thread is the only
            // one that knows the connection, and it ends here.
            var pfd = pollfd(fd: connection.pointee.socket, events: pollReadHangUp, revents: 0)
            let gone = poll(&pfd, 1, 0) == 1 && pfd.revents & (pollReadHangUp | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0
            let detail = "SET NOTIFICATION / SET LANGUAGE"
            return .failure(gone || connection.pointee.stream == nil ? .closed(detail: detail) : .rejected(detail: detail))
        }
        return .success(SpeechdConnection(pointer: connection))
    }

    private init(connection: SpeechdConnection) {
        self.connection = connection
        watchedSocket = dup(connection.pointer.pointee.socket)
        watch()
    }

    deinit {
        if watchedSocket >= 0 { Glibc.close(watchedSocket) }
    }

    /// The watchdog: looks again every `watchInterval` while the client is usable (and alive).
    private func watch() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.watchInterval) { [weak self] in
            guard let self, self.check() else { return }
            self.watch()
        }
    }

    /// `handler` is called once, on another thread, if the service fails after the connection.
    public func observe(_ handler: @escaping @Sendable (SpeechdError) -> Void) {
        let failure = state.withLock { state in
            if state.failure == nil { state.observers.append(handler) }
            return state.failure
        }
        if let failure { handler(failure) }
    }

    /// The failure that ended this client, if any.
    public var failed: SpeechdError? {
        state.withLock { $0.failure }
    }

    /// Queues a message; `interrupt` first cancels everything of this client (speaking or
    /// waiting). Returns at once; false when the client has failed or is closed.
    @discardableResult
    public func say(_ text: String, priority: Priority, interrupt: Bool) -> Bool {
        guard usable else { return false }
        // Counted as begun before it is sent: `finished` may come before spd_say returns.
        let ticket = SpeechdMessages.shared.begin()
        worker.async { [self] in
            guard usable else { SpeechdMessages.shared.abandon(ticket); return }
            let id: Int32 = call {
                if interrupt { _ = spd_cancel(connection.pointer) }
                return spd_say(connection.pointer, priority.spd, text)
            }
            guard id > 0 else {
                SpeechdMessages.shared.abandon(ticket)
                fail(hungUp ? .closed(detail: "spd_say returned \(id)") : .rejected(detail: "spd_say returned \(id)"))
                return
            }
            SpeechdMessages.shared.assign(ticket, id: Int(id))
        }
        return true
    }

    /// Cancels this client's speech, speaking and waiting; other clients' speech goes on.
    public func cancel() {
        guard usable else { return }
        worker.async { [self] in
            guard usable else { return }
            _ = call { spd_cancel(connection.pointer) }
        }
    }

    /// Waits until every message sent has ended or been cancelled, or the client failed; false
    /// on timeout. Before waiting, checks within `callDeadline` that the service still answers
    /// (a stopped daemon never ends its messages).
    public func waitUntilIdle(timeout: Duration) -> Bool {
        if SpeechdMessages.shared.count > 0 && usable {
            let answered = DispatchSemaphore(value: 0)
            worker.async { [self] in
                if usable {
                    let module = call { spd_get_output_module(connection.pointer) }
                    free(module)
                }
                answered.signal()
            }
            // The watchdog fails the client past the deadline, which empties the ledger.
            _ = answered.wait(timeout: .now() + Self.callDeadline + 0.5)
        }
        return SpeechdMessages.shared.waitUntilIdle(timeout: timeout)
    }

    /// Calls `done` once every message sent so far has ended or been cancelled, or the client
    /// failed, or at `timeout`; no thread waits. As `waitUntilIdle`, it first asks the service
    /// something, without waiting for the answer: a stopped daemon never ends its messages, and
    /// the watchdog fails a client that does not answer, which empties the ledger.
    public func whenIdle(timeout: Duration, _ done: @escaping @Sendable () -> Void) {
        if SpeechdMessages.shared.count > 0 && usable {
            worker.async { [self] in
                guard usable else { return }
                let module = call { spd_get_output_module(connection.pointer) }
                free(module)
            }
        }
        SpeechdMessages.shared.whenIdle(deadline: .now(plus: timeout), done)
    }

    /// Messages sent and not yet ended or cancelled (for `état`); 0 once the client has failed.
    public var pendingCount: Int { usable ? SpeechdMessages.shared.count : 0 }

    /// Closes the connection, waiting at most `callDeadline` for libspeechd; a failed client's
    /// connection is left as it is (its thread may be stuck inside it).
    public func close() {
        let wasUsable = state.withLock { state in
            defer { state.closed = true }
            return state.usable
        }
        SpeechdMessages.shared.reset()
        guard wasUsable else { return }
        let done = DispatchSemaphore(value: 0)
        worker.async { [self] in
            spd_close(connection.pointer)
            done.signal()
        }
        _ = done.wait(timeout: .now() + Self.callDeadline)
    }

    // MARK: the worker thread and the watchdog

    private var usable: Bool {
        state.withLock { $0.usable }
    }

    /// Runs one libspeechd call with the clock on (the watchdog reads it).
    private func call<T>(_ body: () -> T) -> T {
        state.withLock { $0.callStarted = Date() }
        defer { state.withLock { $0.callStarted = nil } }
        return body()
    }

    /// True when the service has closed its end of the socket.
    private var hungUp: Bool {
        guard watchedSocket >= 0 else { return false }
        var pfd = pollfd(fd: watchedSocket, events: pollReadHangUp, revents: 0)
        guard poll(&pfd, 1, 0) == 1 else { return false }
        return pfd.revents & (pollReadHangUp | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0
    }

    /// One look of the watchdog; false once there is nothing more to watch.
    private func check() -> Bool {
        let (started, live) = state.withLock { ($0.callStarted, $0.usable) }
        guard live else { return false }
        if let started, Date().timeIntervalSince(started) > Self.callDeadline {
            fail(.timedOut(seconds: Self.callDeadline))
            return false
        } else if hungUp {
            fail(.closed(detail: "hang-up"))
            return false
        }
        return true
    }

    /// Once: stops taking work, lets every waiter go and tells the observers.
    private func fail(_ error: SpeechdError) {
        let observers: [@Sendable (SpeechdError) -> Void]? = state.withLock { state in
            guard state.usable else { return nil }
            state.failure = error
            defer { state.observers = [] }
            return state.observers
        }
        guard let observers else { return }
        // Wakes libspeechd's reader (and a call blocked on it, if libspeechd lets it go); the
        // connection itself is never closed: spd_close would wait for the stuck call's lock.
        if watchedSocket >= 0 { shutdown(watchedSocket, Int32(SHUT_RDWR)) }
        SpeechdMessages.shared.reset()
        for observer in observers { observer(error) }
    }
}

/// POLLRDHUP (Linux, hidden behind _GNU_SOURCE in the C headers): the peer closed its end.
private let pollReadHangUp: Int16 = 0x2000

/// The speech-dispatcher connection (libspeechd's `SPDConnection`).
/// Unchecked because it is a C pointer Swift cannot see into. It is guarded by a serial queue:
/// the connecting thread makes it and hands it over once (through `ConnectAttempt`'s monitor),
/// then every libspeechd call on it runs on the client's `worker` queue, one at a time.
struct SpeechdConnection: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<SPDConnection>
}

/// The outcome of a connection attempt, handed from the connecting thread to the caller, who
/// may have stopped waiting: a connection that arrives too late is left to that thread.
private final class ConnectAttempt: Sendable {
    private struct State {
        var result: Result<SpeechdConnection, SpeechdError>?
        var abandoned = false
    }

    private let state = Monitor(State())

    func finish(_ result: Result<SpeechdConnection, SpeechdError>) {
        let late = state.withLock { state in
            if !state.abandoned { state.result = result }
            return state.abandoned
        }
        // Nobody waits for it any more: tell the service we are gone (without spd_close, which
        // would wait on a service that has just shown itself slow).
        if late, case .success(let connection) = result {
            shutdown(connection.pointer.pointee.socket, Int32(SHUT_RDWR))
        }
    }

    func wait(timeout: TimeInterval) -> Result<SpeechdConnection, SpeechdError>? {
        _ = state.wait(until: .now() + timeout, for: { $0.result != nil })
        return state.withLock { state in
            if state.result == nil { state.abandoned = true }
            return state.result
        }
    }
}

/// Which messages are still to be heard. libspeechd's callbacks are C function pointers without
/// a context argument, so the ledger is one per process (the reader opens one connection).
final class SpeechdMessages: Sendable {
    static let shared = SpeechdMessages()

    private struct Ledger {
        var sending = Set<Int>()
        var pending = Set<Int>()
        /// Ends reported before `spd_say` returned the id.
        var endedEarly = Set<Int>()
        var nextTicket = 0
    }

    private let ledger = Monitor(Ledger())

    func begin() -> Int {
        ledger.withLock { ledger in
            ledger.nextTicket += 1
            ledger.sending.insert(ledger.nextTicket)
            return ledger.nextTicket
        }
    }

    func abandon(_ ticket: Int) {
        ledger.withLock { _ = $0.sending.remove(ticket) }
    }

    func assign(_ ticket: Int, id: Int) {
        ledger.withLock { ledger in
            // A ticket reset meanwhile (the client failed) stays forgotten.
            if ledger.sending.remove(ticket) != nil, ledger.endedEarly.remove(id) == nil { ledger.pending.insert(id) }
        }
    }

    func finished(_ id: Int) {
        ledger.withLock { ledger in
            if ledger.pending.remove(id) == nil, !ledger.sending.isEmpty { ledger.endedEarly.insert(id) }
        }
    }

    var count: Int {
        ledger.withLock { $0.sending.count + $0.pending.count }
    }

    func reset() {
        ledger.withLock { $0 = Ledger(nextTicket: $0.nextTicket) }
    }

    func waitUntilIdle(timeout: Duration) -> Bool {
        ledger.wait(until: .now(plus: timeout), for: { $0.sending.isEmpty && $0.pending.isEmpty })
    }

    func whenIdle(deadline: DispatchTime, _ done: @escaping @Sendable () -> Void) {
        ledger.when({ $0.sending.isEmpty && $0.pending.isEmpty }, deadline: deadline) { _ in done() }
    }
}
