// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Builds a stretch of a report on a thread of its own while the calling thread writes what is
/// already built. The JSON report's rule lists (1.4 GB at 100 000 formations) are put together
/// from the spooled records, and copying them into the output file costs about as much again:
/// on two cores the two overlap. At most `depth` buffers wait, so memory stays a few megabytes.
///
/// `@unchecked Sendable`: the building thread and the writing one share it, only under `condition`.
final class AuditBuildAhead: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    // Under `condition`.
    private var built: [[UInt8]] = []
    private var spare: [[UInt8]] = []
    private var finished = false
    /// The output failed: the builder's sink takes nothing more.
    private var stopped = false
    /// The builder's sink failed (set with `finished`).
    private var buildFailed = false

    private var builderFailed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return buildFailed
    }

    private init(depth: Int) { self.depth = depth }

    /// Runs `build` on a thread of its own with a sink whose bytes this thread writes to `sink`,
    /// in order; returns once everything built is written. A failure on either side is `sink`'s.
    static func write(to sink: AuditSink, depth: Int = 2, _ build: @escaping (AuditSink) -> Void) {
        let ahead = AuditBuildAhead(depth: depth)
        // `build` and what it reads are the building thread's until `write` returns: the caller
        // waits here and touches none of it meanwhile.
        let work = UncheckedBox(build)
        let thread = Thread {
            let builder = AuditSink(handing: { ahead.put(&$0) })
            work.value(builder)
            ahead.finish(failed: builder.failed)
        }
        thread.name = "lecteur.audit.build-ahead"
        thread.start()
        ahead.drain(into: sink)
        if ahead.builderFailed && !sink.failed { sink.markFailed() }
    }

    private func put(_ bytes: inout [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while built.count >= depth && !stopped { condition.wait() }
        guard !stopped else { return false }
        built.append(bytes)
        bytes = spare.popLast() ?? []
        condition.broadcast()
        return true
    }

    private func finish(failed: Bool) {
        condition.lock()
        finished = true
        buildFailed = failed
        condition.broadcast()
        condition.unlock()
    }

    private func drain(into sink: AuditSink) {
        while true {
            condition.lock()
            while built.isEmpty && !finished { condition.wait() }
            guard !built.isEmpty else {
                condition.unlock()
                return
            }
            var bytes = built.removeFirst()
            condition.broadcast()
            condition.unlock()
            if !sink.failed { bytes.withUnsafeBufferPointer { sink.write($0) } }
            bytes.removeAll(keepingCapacity: true)
            condition.lock()
            if sink.failed { stopped = true }
            if spare.count < depth { spare.append(bytes) }
            condition.broadcast()
            condition.unlock()
        }
    }
}
