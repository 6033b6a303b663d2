// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Builds a stretch of a report on a thread of its own while the calling thread writes what is
/// already built. The JSON report's rule lists (1.4 GB at 100 000 formations) are put together
/// from the spooled records, and copying them into the output file costs about as much again:
/// on two cores the two overlap. At most `depth` buffers wait, so memory stays a few megabytes.
final class AuditBuildAhead: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    // Under `condition`.
    private var built: [[UInt8]] = []
    private var spare: [[UInt8]] = []
    private var finished = false
    /// The output failed: the builder's sink takes nothing more.
    private var stopped = false

    private init(depth: Int) { self.depth = depth }

    /// Runs `build` on a thread of its own with a sink whose bytes this thread writes to `sink`,
    /// in order; returns once everything built is written. A failure on either side is `sink`'s.
    static func write(to sink: AuditSink, depth: Int = 2, _ build: @escaping (AuditSink) -> Void) {
        let ahead = AuditBuildAhead(depth: depth)
        // Handed over whole to the builder thread: this thread only reads `builder.failed`
        // after `drain` has seen `finish`, under the condition's lock.
        nonisolated(unsafe) let builder = AuditSink(handing: { ahead.put(&$0) })
        nonisolated(unsafe) let build = build
        let thread = Thread {
            build(builder)
            ahead.finish()
        }
        thread.name = "lecteur.audit.build-ahead"
        thread.start()
        ahead.drain(into: sink)
        // `finish` came after the builder's last write, under the lock `drain` took last.
        if builder.failed && !sink.failed { sink.markFailed() }
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

    private func finish() {
        condition.lock()
        finished = true
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
