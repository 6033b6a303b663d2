// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import LecteurThreads
import Synchronization
import Testing

/// The adapters' condition variable: a waiter sees a change made on another thread, gives up at
/// its deadline, takes what it waited for in the same hold of the lock, and two waiters that are
/// not ready leave each other asleep.
@Suite struct MonitorTests {
    @Test func aWaiterGivesUpAtItsDeadline() {
        let monitor = Monitor(0)
        let start = ContinuousClock.now
        #expect(!monitor.wait(until: .now(plus: .milliseconds(200)), for: { $0 > 0 }))
        #expect(start.duration(to: .now) >= .milliseconds(200))
    }

    @Test func aChangeOnAnotherThreadWakesTheWaiter() {
        let monitor = Monitor(0)
        let thread = Thread {
            usleep(50_000)
            monitor.withLock { $0 = 1 }
        }
        thread.start()
        let start = ContinuousClock.now
        #expect(monitor.wait(until: .now(plus: .seconds(10)), for: { $0 == 1 }))
        // Woken by the change, not by the deadline.
        #expect(start.duration(to: .now) < .seconds(5))
    }

    /// `when`: the same wait without a thread. The change that makes the condition hold calls
    /// the watcher, once the lock is released; a condition already true calls it at once.
    @Test func aWatcherIsCalledByTheChangeThatMakesItReady() {
        let monitor = Monitor(0)
        let calls = Mutex<[Bool]>([])
        monitor.when({ $0 == 2 }, deadline: .now(plus: .seconds(30))) { reached in calls.withLock { $0.append(reached) } }
        monitor.withLock { $0 = 1 }
        #expect(calls.withLock { $0 } == [])
        monitor.withLock { $0 = 2 }
        #expect(calls.withLock { $0 } == [true])
        monitor.withLock { $0 = 3 }
        monitor.withLock { $0 = 2 }
        #expect(calls.withLock { $0 } == [true])
        monitor.when({ $0 == 2 }, deadline: .now(plus: .seconds(30))) { reached in calls.withLock { $0.append(reached) } }
        #expect(calls.withLock { $0 } == [true, true])
    }

    @Test func aWatcherGivesUpAtItsDeadline() {
        let monitor = Monitor(0)
        let done = DispatchSemaphore(value: 0)
        let reached = Mutex<Bool?>(nil)
        let start = ContinuousClock.now
        monitor.when({ $0 > 0 }, deadline: .now(plus: .seconds(1))) { value in
            reached.withLock { $0 = value }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(start.duration(to: .now) >= .seconds(1))
        #expect(reached.withLock { $0 } == false)
        // Past its deadline the watcher is gone: a later change does not call it again.
        monitor.withLock { $0 = 1 }
        #expect(done.wait(timeout: .now() + 1) == .timedOut)
    }

    @Test func whatIsWaitedForIsTakenOnce() {
        let monitor = Monitor([Int]())
        let producers = 4, each = 500
        for producer in 0..<producers {
            Thread {
                for item in 0..<each { monitor.withLock { $0.append(producer * each + item) } }
            }.start()
        }
        var taken: [Int] = []
        for _ in 0..<(producers * each) {
            taken.append(monitor.wait(for: { !$0.isEmpty }, then: { $0.removeFirst() }))
        }
        #expect(Set(taken).count == producers * each)
        #expect(monitor.withLock { $0.isEmpty })
    }

    @Test func waitersThatAreNotReadyDoNotWakeEachOther() {
        let monitor = Monitor(false)
        let looks = Atomic(0)
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread {
                _ = monitor.wait(until: .now(plus: .milliseconds(300)), for: { ready in
                    looks.add(1, ordering: .relaxed)
                    return ready
                })
                done.leave()
            }.start()
        }
        done.wait()
        // Each waiter looks when it starts and once more at its deadline; waking each other
        // on every look would make thousands.
        #expect(looks.load(ordering: .relaxed) <= 4)
    }
}
