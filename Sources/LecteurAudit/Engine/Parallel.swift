// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The audit's one parallel map: the walk builds a hundred thousand independent screens, the
/// pipeline checks and renders their parts, the duplicate-label rule keys a hundred thousand
/// cards. The engine folder is the only place of the audit with threads and locks; everything
/// else hands its work here as a plain function.
enum Parallel {
    /// The machine's cores.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `body(item, worker)` for every item of `0..<count`, on up to `workers` threads, results in
    /// item order. Items are claimed `chunk` at a time, so a long item does not hold the others
    /// back (chunk 1, the pipeline's screens) while a hundred thousand tiny ones are not a hundred
    /// thousand claims (a larger chunk). `worker` (below `workers`) is the same for all the items
    /// one thread runs: a worker's own memo is indexed by it.
    static func map<R>(_ count: Int, workers: Int = cores, chunk: Int = 1, _ body: (Int, Int) -> R) -> [R] {
        let threads = min(workers, (count + chunk - 1) / max(chunk, 1))
        guard threads > 1 else { return (0..<count).map { body($0, 0) } }
        var results = [R?](repeating: nil, count: count)
        let claim = Claim(count: count, chunk: max(chunk, 1))
        results.withUnsafeMutableBufferPointer { slots in
            // Each worker writes only the slots of the items it claimed, read once all are done;
            // the body is only called while `map` runs, never kept.
            let slots = UncheckedBox(slots)
            withoutActuallyEscaping(body) { body in
                let work = UncheckedBox(body)
                DispatchQueue.concurrentPerform(iterations: threads) { worker in
                    while let items = claim.next() {
                        for i in items { slots.value[i] = work.value(i, worker) }
                    }
                }
            }
        }
        return results.map { $0! }
    }
}

/// Hands out runs of item numbers to the workers.
///
/// `@unchecked Sendable`: shared by the workers, its counter read and moved under `lock` only.
private final class Claim: @unchecked Sendable {
    private var claimed = 0
    private let count: Int, chunk: Int
    private let lock = NSLock()

    init(count: Int, chunk: Int) {
        self.count = count
        self.chunk = chunk
    }

    func next() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard claimed < count else { return nil }
        let start = claimed
        claimed = min(count, claimed + chunk)
        return start..<claimed
    }
}
