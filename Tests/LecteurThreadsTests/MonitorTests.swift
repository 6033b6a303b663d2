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
