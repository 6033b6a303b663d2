// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization

/// State that threads share, with a way to wait for it to change: a condition variable the
/// compiler checks. The state lives in a `Mutex`; a waiter that finds it not ready registers a
/// semaphore of its own under that mutex, and every later hold that may change the state signals
/// the registered ones, which then look again. Looking and registering happen in one hold, so no
/// change is missed; the signals go out once the lock is released (a semaphore keeps its count),
/// so a woken thread does not wake only to find the lock still held.
///
/// `when(_:deadline:do:)` is the same wait without a thread: the callback is kept under the mutex
/// and called by whichever hold of the lock makes `ready` true (or by a timer at the deadline).
public final class Monitor<State: Sendable>: Sendable {
    private struct Watcher {
        let id: Int
        let ready: @Sendable (State) -> Bool
        let done: @Sendable (Bool) -> Void
    }

    private struct Guarded {
        var state: State
        var waiters: [DispatchSemaphore] = []
        var watchers: [Watcher] = []
        var nextWatcher = 0

        /// Someone held the lock and may have changed the state: every waiter is to look again,
        /// and the watchers whose condition now holds are due.
        mutating func takeWaiters() -> (waiters: [DispatchSemaphore], due: [Watcher]) {
            defer { waiters = [] }
            guard !watchers.isEmpty else { return (waiters, []) }
            var due: [Watcher] = []
            watchers.removeAll { watcher in
                guard watcher.ready(state) else { return false }
                due.append(watcher)
                return true
            }
            return (waiters, due)
        }
    }

    /// Wakes the waiters and calls the due watchers, once the lock is released.
    private static func release(_ woken: (waiters: [DispatchSemaphore], due: [Watcher])) {
        for waiter in woken.waiters { waiter.signal() }
        for watcher in woken.due { watcher.done(true) }
    }

    private let guarded: Mutex<Guarded>

    public init(_ state: State) {
        guarded = Mutex(Guarded(state: state))
    }

    /// Reads or changes the state, then wakes whoever waits on it.
    public func withLock<Result: Sendable, E: Error>(_ body: (inout State) throws(E) -> Result) throws(E) -> Result {
        var woken: (waiters: [DispatchSemaphore], due: [Watcher]) = ([], [])
        defer { Self.release(woken) }
        return try guarded.withLock { (guarded: inout Guarded) throws(E) -> Result in
            defer { woken = guarded.takeWaiters() }
            return try body(&guarded.state)
        }
    }

    /// Waits until `ready` holds, then runs `act` in the same hold of the lock. `ready` only
    /// reads: a waiter that is not ready changes nothing, so it never wakes the others.
    public func wait<Result: Sendable>(for ready: (State) -> Bool, then act: (inout State) -> Result) -> Result {
        // Without a deadline the loop only ends with a value.
        wait(until: .distantFuture, for: ready, then: act)!
    }

    /// As `wait(for:then:)`, giving up at `deadline` (nil when `ready` does not hold by then).
    public func wait<Result: Sendable>(until deadline: DispatchTime, for ready: (State) -> Bool,
                                       then act: (inout State) -> Result) -> Result? {
        var wake: DispatchSemaphore?
        var woken: (waiters: [DispatchSemaphore], due: [Watcher]) = ([], [])
        defer { Self.release(woken) }
        while true {
            let outcome: Result? = guarded.withLock { guarded in
                if ready(guarded.state) {
                    defer { woken = guarded.takeWaiters() }
                    return act(&guarded.state)
                }
                let semaphore = wake ?? DispatchSemaphore(value: 0)
                wake = semaphore
                guarded.waiters.append(semaphore)
                return nil
            }
            if let outcome { return outcome }
            if wake?.wait(timeout: deadline) == .timedOut {
                return guarded.withLock { guarded in
                    guarded.waiters.removeAll { $0 === wake }
                    guard ready(guarded.state) else { return nil }
                    defer { woken = guarded.takeWaiters() }
                    return act(&guarded.state)
                }
            }
        }
    }

    /// Waits until `ready` holds, at most until `deadline`; whether it holds.
    public func wait(until deadline: DispatchTime, for ready: (State) -> Bool) -> Bool {
        wait(until: deadline, for: ready, then: { _ in true }) ?? false
    }

    /// Calls `done(true)` once `ready` holds (at once, on this thread, if it holds now; else on
    /// the thread whose change made it hold, after that thread released the lock), or
    /// `done(false)` at `deadline` if it never did. No thread waits meanwhile. `done` is called
    /// exactly once and must not block: it runs on an adapter's thread.
    public func when(_ ready: @escaping @Sendable (State) -> Bool, deadline: DispatchTime,
                     do done: @escaping @Sendable (Bool) -> Void) {
        let id: Int? = guarded.withLock { guarded in
            if ready(guarded.state) { return nil }
            guarded.nextWatcher += 1
            guarded.watchers.append(Watcher(id: guarded.nextWatcher, ready: ready, done: done))
            return guarded.nextWatcher
        }
        guard let id else { done(true); return }
        guard deadline != .distantFuture else { return }
        DispatchQueue.global().asyncAfter(deadline: deadline) { [weak self] in
            guard let self else { return }
            let expired = guarded.withLock { guarded -> Bool in
                guard let index = guarded.watchers.firstIndex(where: { $0.id == id }) else { return false }
                guarded.watchers.remove(at: index)
                return true
            }
            if expired { done(false) }
        }
    }
}

extension DispatchTime {
    /// `duration` from now: the deadline of a wait the caller bounds with a `Duration`.
    public static func now(plus duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        return .now() + (Double(seconds) + Double(attoseconds) * 1e-18)
    }
}
