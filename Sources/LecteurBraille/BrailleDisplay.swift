// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurThreads
#if canImport(Glibc)
import Glibc
#endif

/// What to show on the display: one byte of dots per cell, and where the cursor is (0-based cell).
public struct BrailleFrame: Hashable, Sendable {
    public let dots: [UInt8]
    public let cursor: Int?

    public init(dots: [UInt8], cursor: Int? = nil) {
        self.dots = dots
        self.cursor = cursor
    }
}

public enum BrailleDisplayState: Hashable, Sendable {
    case stopped
    /// First attempt under way.
    case connecting
    case connected(columns: Int, rows: Int)
    /// Not available now; the display keeps retrying with backoff until stopped.
    case unavailable(BrailleDisplayError)
}

/// Delay before each new attempt: `initial` after the first failure, doubling up to `maximum`.
public struct ReconnectBackoff: Hashable, Sendable {
    public var initial: TimeInterval
    public var maximum: TimeInterval

    public init(initial: TimeInterval = 0.5, maximum: TimeInterval = 5) {
        self.initial = initial
        self.maximum = maximum
    }

    /// `failures` counts consecutive failed attempts (1 for the first).
    public func delay(afterFailures failures: Int) -> TimeInterval {
        let exponent = Double(max(0, min(failures - 1, 30)))
        return min(maximum, initial * pow(2, exponent))
    }
}

/// A BrlAPI client for one braille display.
///
/// One connection thread owns the BrlAPI handle: it connects (retrying with backoff), writes the
/// latest frame, reads keys and notices brltty's death, then reconnects by itself and rewrites the
/// last frame. Callers never block: `show` stores the frame and wakes the thread through a pipe.
/// `onKey` and `onState` run on the connection thread: return quickly (hop to your own queue).
public final class BrailleDisplay: Sendable {
    public typealias KeyHandler = @Sendable (BrailleKey) -> Void
    public typealias StateHandler = @Sendable (BrailleDisplayState) -> Void

    public let settings: BrlAPISettings
    public let backoff: ReconnectBackoff
    private let onKey: KeyHandler
    private let onState: StateHandler

    private struct Shared {
        var state: BrailleDisplayState = .stopped
        var pending: BrailleFrame?
        var lastWritten: BrailleFrame?
        var started = false
        var stopping = false
        var exceptions: [String] = []
    }

    /// What callers and the connection thread share (the BrlAPI handle is the thread's alone).
    private let shared = Monitor(Shared())
    private let finished = DispatchSemaphore(value: 0)
    private let wakeRead: Int32
    private let wakeWrite: Int32

    public init(settings: BrlAPISettings = .fromEnvironment(), backoff: ReconnectBackoff = ReconnectBackoff(),
                onKey: @escaping KeyHandler, onState: @escaping StateHandler = { _ in }) {
        self.settings = settings
        self.backoff = backoff
        self.onKey = onKey
        self.onState = onState
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    public var state: BrailleDisplayState {
        shared.withLock { $0.state }
    }

    /// Cells of the connected display (columns × rows), nil while not connected.
    public var cellCount: Int? {
        if case .connected(let columns, let rows) = state { return columns * rows }
        return nil
    }

    /// Exceptions brltty reported (they used to abort the process); cleared when read.
    public func takeExceptions() -> [String] {
        shared.withLock { shared in
            defer { shared.exceptions = [] }
            return shared.exceptions
        }
    }

    /// Keys read between two chances to write a frame.
    static let keysPerTurn = 64

    /// Starts the connection thread; returns at once. The first result arrives through `onState`.
    ///
    /// Also ignores SIGPIPE for the whole process: BrlAPI writes to its socket with plain write(),
    /// and a brltty that dies mid-write would otherwise kill the reader instead of failing the write.
    public func start() {
        signal(SIGPIPE, SIG_IGN)
        let first = shared.withLock { shared in
            guard !shared.started else { return false }
            shared.started = true
            shared.state = .connecting
            return true
        }
        guard first else { return }
        onState(.connecting)
        let thread = Thread { [self] in run() }
        thread.name = "lecteur.braille"
        thread.start()
    }

    /// Stops the thread and closes the connection; waits at most `timeout` (an attempt blocked in
    /// BrlAPI's connect finishes on its own and is then closed).
    public func stop(timeout: TimeInterval = 3) {
        let stops = shared.withLock { shared in
            guard shared.started, !shared.stopping else { return false }
            shared.stopping = true
            return true
        }
        guard stops else { return }
        wake()
        _ = finished.wait(timeout: .now() + timeout)
    }

    /// Shows a frame as soon as possible; while disconnected, it is kept and written on connection.
    public func show(_ frame: BrailleFrame) {
        shared.withLock { $0.pending = frame }
        wake()
    }

    /// Blocks until connected, or until `timeout`; true if connected.
    @discardableResult
    public func waitUntilConnected(timeout: TimeInterval) -> Bool {
        waitForState(timeout: timeout) { state in
            if case .connected = state { return true }
            return false
        }
    }

    /// Blocks until the state satisfies `predicate`, or until `timeout`.
    @discardableResult
    public func waitForState(timeout: TimeInterval, _ predicate: (BrailleDisplayState) -> Bool) -> Bool {
        shared.wait(until: .now() + timeout, for: { predicate($0.state) })
    }

    // MARK: connection thread

    private var isStopping: Bool {
        shared.withLock { $0.stopping }
    }

    private func setState(_ new: BrailleDisplayState) {
        let changed = shared.withLock { shared in
            defer { shared.state = new }
            return shared.state != new
        }
        if changed { onState(new) }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func drainWake() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    private func run() {
        var failures = 0
        while !isStopping {
            do {
                let connection = try BrlAPIConnection.open(settings)
                failures = 0
                if isStopping { connection.close(); break }
                // Rewrite what was shown before the loss.
                shared.withLock { shared in
                    if shared.pending == nil { shared.pending = shared.lastWritten }
                }
                setState(.connected(columns: connection.columns, rows: connection.rows))
                let lost = serve(connection)
                connection.close()
                guard let lost else { break }
                failures = 1
                setState(.unavailable(lost))
            } catch let error as BrailleDisplayError {
                failures += 1
                setState(.unavailable(error))
            } catch {
                failures += 1
                setState(.unavailable(.noServer(host: settings.hostDescription, SystemFailure(.unknown, text: "\(error)"))))
            }
            pause(backoff.delay(afterFailures: failures))
        }
        setState(.stopped)
        finished.signal()
    }

    /// Sleeps, unless stop() wakes it.
    private func pause(_ seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while !isStopping {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return }
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 1, Int32(min(left * 1000, 1000)) + 1)
            // A show() while disconnected also wakes us: keep sleeping (the frame waits).
            drainWake()
        }
    }

    /// Writes frames and reads keys until stopped (nil) or the connection breaks (the error).
    private func serve(_ connection: BrlAPIConnection) -> BrailleDisplayError? {
        var saturated = false
        while true {
            let (stopping, frame) = shared.withLock { shared in
                defer { shared.pending = nil }
                return (shared.stopping, shared.pending)
            }
            if stopping { return nil }
            do {
                if let frame {
                    try connection.write(dots: frame.dots, cursor: frame.cursor)
                    shared.withLock { $0.lastWritten = frame }
                }
                // At most a batch of keys per turn: a display (or a server) that never stops
                // sending keys must not keep the latest frame from being written.
                var keys = 0
                while keys < Self.keysPerTurn, let code = try connection.readKey() {
                    keys += 1
                    onKey(BrailleKey(brlapiCode: code))
                }
                saturated = keys == Self.keysPerTurn
            } catch let error as BrailleDisplayError {
                return error
            } catch {
                return .connectionLost(SystemFailure(.unknown, text: "\(error)"))
            }
            let exceptions = connection.takeExceptions()
            let more = shared.withLock { shared in
                shared.exceptions += exceptions
                return shared.pending != nil || shared.stopping
            }
            if more || saturated { continue }  // a key handler may have asked for a new frame already

            var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, 1000)
            if fds[1].revents != 0 { drainWake() }
            let hangup = Int16(POLLHUP | POLLERR | POLLNVAL)
            if fds[0].revents & hangup != 0 {
                // readKey reports the end of file as an error; if it does not, the socket is dead anyway.
                do { while let code = try connection.readKey() { onKey(BrailleKey(brlapiCode: code)) } }
                catch let error as BrailleDisplayError { return error }
                catch { return .connectionLost(SystemFailure(.unknown, text: "\(error)")) }
                return .connectionLost(SystemFailure(.unknown, text: "hang-up"))
            }
        }
    }
}
