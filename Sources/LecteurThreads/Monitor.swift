// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization

/// State that threads share, with a way to wait for it to change: a condition variable the
/// compiler checks. The state lives in a `Mutex`; a waiter that finds it not ready registers a
/// semaphore of its own under that mutex, and every later hold that may change the state signals
/// the registered ones, which then look again. Looking and registering happen in one hold, so no
/// change is missed; the signals go out once the lock is released (a semaphore keeps its count),
/// so a woken thread does not wake only to find the lock still held.
public final class Monitor<State: Sendable>: Sendable {
    private struct Guarded {
        var state: State
        var waiters: [DispatchSemaphore] = []

        /// Someone held the lock and may have changed the state: every waiter is to look again.
        mutating func takeWaiters() -> [DispatchSemaphore] {
            defer { waiters = [] }
            return waiters
        }
    }

    private let guarded: Mutex<Guarded>

    public init(_ state: State) {
        guarded = Mutex(Guarded(state: state))
    }

    /// Reads or changes the state, then wakes whoever waits on it.
    public func withLock<Result: Sendable, E: Error>(_ body: (inout State) throws(E) -> Result) throws(E) -> Result {
        var woken: [DispatchSemaphore] = []
        defer { for waiter in woken { waiter.signal() } }
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
        var woken: [DispatchSemaphore] = []
        defer { for waiter in woken { waiter.signal() } }
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
}

extension DispatchTime {
    /// `duration` from now: the deadline of a wait the caller bounds with a `Duration`.
    public static func now(plus duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        return .now() + (Double(seconds) + Double(attoseconds) * 1e-18)
    }
}
