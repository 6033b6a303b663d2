// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch

/// The serial executor of a `ReaderSession`: its jobs run on one dispatch queue. The terminal's
/// line editor and the piped command loop are synchronous (libedit calls back into the session
/// from C), so they enter with `queue.sync`; timers and devices' reports enter with
/// `queue.async`. `checkIsolated` lets the actor's `assumeIsolated` confirm, at run time, that
/// such a block is on this queue, while the compiler checks everything the actor touches.
final class SessionExecutor: SerialExecutor {
    let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
