// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization

/// State that threads share, with a way to wait for it to change: a condition variable the
/// compiler checks. The state lives in a `Mutex`; a waiter registers a semaphore of its own
/// under that mutex, and every later hold of the lock signals the registered ones, which then
/// look again. Registering and looking happen in one hold, so no change is missed.
public final class Monitor<State: Sendable>: Sendable {
    private struct Guarded {
        var state: State
        var waiters: [DispatchSemaphore] = []

        /// Someone held the lock and may have changed the state: every waiter looks again.
        mutating func wakeWaiters() {
            for waiter in waiters { waiter.signal() }
            waiters.removeAll()
        }
    }

    private let guarded: Mutex<Guarded>

    public init(_ state: State) {
        guarded = Mutex(Guarded(state: state))
    }

    /// Reads or changes the state, then wakes whoever waits on it.
    public func withLock<Result: Sendable, E: Error>(_ body: (inout State) throws(E) -> Result) throws(E) -> Result {
        try guarded.withLock { (guarded: inout Guarded) throws(E) -> Result in
            defer { guarded.wakeWaiters() }
            return try body(&guarded.state)
        }
    }

    /// Runs `attempt` with the lock held, now and after every change, until it returns a value.
    public func wait<Result: Sendable>(_ attempt: (inout State) -> Result?) -> Result {
        // Without a deadline the loop only ends with a value.
        wait(until: .distantFuture, attempt)!
    }

    /// As `wait(_:)`, giving up at `deadline`: then `attempt` has its last try and may give nil.
    public func wait<Result: Sendable>(until deadline: DispatchTime, _ attempt: (inout State) -> Result?) -> Result? {
        let wake = DispatchSemaphore(value: 0)
        while true {
            let outcome: Result? = guarded.withLock { guarded in
                guarded.wakeWaiters()
                if let value = attempt(&guarded.state) { return value }
                guarded.waiters.append(wake)
                return nil
            }
            if let outcome { return outcome }
            if wake.wait(timeout: deadline) == .timedOut {
                return guarded.withLock { guarded in
                    guarded.waiters.removeAll { $0 === wake }
                    guarded.wakeWaiters()
                    return attempt(&guarded.state)
                }
            }
        }
    }

    /// Waits until `ready` holds, at most until `deadline`; whether it holds.
    public func wait(until deadline: DispatchTime, satisfying ready: (State) -> Bool) -> Bool {
        wait(until: deadline) { ready($0) ? true : nil } ?? false
    }
}

extension DispatchTime {
    /// `duration` from now: the deadline of a wait the caller bounds with a `Duration`.
    public static func now(plus duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        return .now() + (Double(seconds) + Double(attoseconds) * 1e-18)
    }
}
