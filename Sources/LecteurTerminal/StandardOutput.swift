// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Standard output as the reader writes it. A pipe or a FIFO that stops reading used to block
/// the session's thread in write(2) for good, and the signal handler's `fflush` with it (issue 38
/// item 1): now what is written goes to a bounded queue, and one thread of its own writes it out.
/// The session never waits for the reader of its output; past `capacity` what does not fit is
/// dropped, and said once on standard error. On a terminal the writes stay synchronous (libedit
/// writes the prompt through the same stream and the order of the two must hold); a terminal
/// does not stop reading for good.
///
/// A write that fails (EPIPE, EBADF, ENOSPC, EFBIG…) is reported once to `onLoss`; nothing is
/// written after that.
public final class StandardOutput: Sendable {
    public static let shared = StandardOutput()

    /// Bytes waiting for the reader of standard output, at most: 8 000 `suivant` in JSON Lines
    /// make about 5 MB, which a script reading late still gets whole.
    public static let capacity = 16 << 20

    private struct State {
        var pending: [UInt8] = []
        /// Bytes taken by the writer thread and not yet written.
        var inFlight = 0
        var loss: OutputLoss?
        /// Bytes dropped since the last notice.
        var dropped = 0
        var writerStarted = false
    }

    private let state = Mutex(State())
    private let condition = NSCondition()
    /// Broadcast by the writer each time it has written all it took, and when output is lost:
    /// `drain` waits on it instead of polling.
    private let written = NSCondition()
    private let onLossHandler = Mutex<(@Sendable (OutputLoss) -> Void)?>(nil)
    private let onDropHandler = Mutex<(@Sendable () -> Void)?>(nil)
    /// Decided once: a terminal gets synchronous writes.
    private let isTerminal: Bool
    /// fd 1 was closed when the process started (`>&-`); /dev/null took its place.
    public let closedAtStart: Bool

    private init() {
        // A closed standard output would be taken by the next open() (the database!), and the
        // transcript written into it: /dev/null holds descriptor 1 instead.
        var closed = false
        if fcntl(STDOUT_FILENO, F_GETFD) == -1 && errno == EBADF {
            let fd = open("/dev/null", O_WRONLY | O_CLOEXEC)
            if fd >= 0 && fd != STDOUT_FILENO {
                dup2(fd, STDOUT_FILENO)
                close(fd)
            }
            closed = true
        }
        closedAtStart = closed
        isTerminal = isatty(STDOUT_FILENO) == 1
        if closed { state.withLock { $0.loss = .closed } }
    }

    /// Called once, on the writer's thread, when a write to standard output fails.
    public func onLoss(_ handler: @escaping @Sendable (OutputLoss) -> Void) {
        onLossHandler.withLock { $0 = handler }
    }

    /// Called (at most once per overflow) when bytes were dropped because nobody reads.
    public func onDrop(_ handler: @escaping @Sendable () -> Void) {
        onDropHandler.withLock { $0 = handler }
    }

    public var loss: OutputLoss? { state.withLock { $0.loss } }

    /// Queues `text`; never waits for the reader of standard output (but on a terminal).
    public func write(_ text: String) {
        if isTerminal {
            guard state.withLock({ $0.loss == nil }) else { return }
            if fputs(text, StandardStream.output) < 0 || fflush(StandardStream.output) != 0 { lost(errno) }
            return
        }
        var bytes = Array(text.utf8)
        let (accepted, firstDrop, startWriter) = state.withLock { state -> (Bool, Bool, Bool) in
            guard state.loss == nil else { return (false, false, false) }
            if state.pending.count + state.inFlight + bytes.count > Self.capacity {
                let first = state.dropped == 0
                state.dropped += bytes.count
                return (false, first, false)
            }
            if state.pending.isEmpty { swap(&state.pending, &bytes) } else { state.pending.append(contentsOf: bytes) }
            let start = !state.writerStarted
            state.writerStarted = true
            return (true, false, start)
        }
        if firstDrop { onDropHandler.withLock { $0 }?() }
        guard accepted else { return }
        if startWriter {
            let thread = Thread { [self] in writeLoop() }
            thread.name = "lecteur.stdout"
            thread.start()
        }
        condition.lock()
        condition.signal()
        condition.unlock()
    }

    /// Waits until everything queued is written, or standard output failed; with a deadline,
    /// gives up then (a signal ends the process within a second whatever stdout does).
    /// - Returns: whether everything was written.
    @discardableResult
    public func drain(until deadline: Date? = nil) -> Bool {
        written.lock()
        defer { written.unlock() }
        // Checked under `written`'s lock, which the writer takes to broadcast after changing the
        // state: a change between the check and the wait cannot be missed.
        while true {
            let done = state.withLock { $0.loss != nil || ($0.pending.isEmpty && $0.inFlight == 0) }
            if done { return state.withLock { $0.loss == nil } }
            if let deadline {
                if !written.wait(until: deadline) {
                    return state.withLock { $0.loss == nil && $0.pending.isEmpty && $0.inFlight == 0 }
                }
            } else {
                written.wait()
            }
        }
    }

    private func wroteAll() {
        written.lock()
        written.broadcast()
        written.unlock()
    }

    private func writeLoop() {
        while true {
            condition.lock()
            var chunk: [UInt8] = []
            while true {
                let taken = state.withLock { state -> [UInt8]? in
                    guard state.loss == nil else { return [] }
                    guard !state.pending.isEmpty else { return nil }
                    var chunk: [UInt8] = []
                    swap(&chunk, &state.pending)
                    state.inFlight = chunk.count
                    return chunk
                }
                if let taken { chunk = taken; break }
                condition.wait()
            }
            condition.unlock()
            if chunk.isEmpty { return }
            if let failure = writeAll(chunk) {
                lost(failure)
                return
            }
            state.withLock { state in
                state.inFlight = 0
                // Caught up: a later overflow is said again.
                if state.pending.isEmpty { state.dropped = 0 }
            }
            wroteAll()
        }
    }

    /// Writes every byte, waiting on a non-blocking descriptor; the errno of a failure.
    private func writeAll(_ chunk: [UInt8]) -> Int32? {
        var offset = 0
        while offset < chunk.count {
            let n = chunk.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, chunk.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var poller = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, 1000)
                    continue
                }
                return errno
            }
            offset += n
        }
        return nil
    }

    private func lost(_ code: Int32) {
        let first = state.withLock { state -> Bool in
            guard state.loss == nil else { return false }
            state.loss = OutputLoss(errno: code)
            state.pending = []
            state.inFlight = 0
            return true
        }
        wroteAll()
        guard first, let loss = self.loss else { return }
        onLossHandler.withLock { $0 }?(loss)
    }
}
