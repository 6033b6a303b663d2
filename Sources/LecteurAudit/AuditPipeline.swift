import Foundation
import LecteurCore

/// A report format written as the audit goes: each part of a screen is rendered on its own (in
/// parallel with the others) into the format's sections, and the document is put together from
/// the sections once the totals are known.
protocol StreamedAuditFormat {
    /// How many sections the format fills (see `AuditSpool`).
    var sectionCount: Int { get }
    /// Renders entries `range` of a screen; `first` and `last` say whether the range opens or
    /// closes the screen (an empty screen is one range that does both).
    func render(_ screen: CheckedScreen, _ range: Range<Int>, first: Bool, last: Bool, into sections: inout [String])
    /// Writes the whole document: its head and tail around the sections, in the format's order.
    func assemble(_ tally: AuditTally, _ spool: AuditSpool, into out: inout String, sink: AuditSink)
}

/// Walks, checks and renders the screens of an audit a batch at a time, on every core, and
/// hands each batch's output to the spool in report order. Memory stays bounded by a batch
/// (about 16 000 elements, or the longest screen when it is longer), whatever the catalogue's size.
struct AuditPipeline {
    /// Sizes of the work: tests shrink them to put batch, unit and spool boundaries everywhere.
    struct Tuning {
        var batchElements = 16_384
        var unitElements = 512
        var spillSize = 1 << 20
        /// A screen at least this long is kept for the next batches (see `LongScreen`).
        var longScreen = 4096
    }

    let checker: AuditChecker
    let plan: AuditPlan
    var tuning = Tuning()
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)

    private struct Unit {
        let slot: Int
        let range: Range<Int>
        let first: Bool
        let last: Bool
    }

    private struct Rendered {
        var sections: [String]
        var tally: AuditTally
    }

    func run(_ format: StreamedAuditFormat, spool: AuditSpool, baseline: AuditBaseline?, record: Bool) -> AuditTally {
        let rules = checker.engine.rules.map(\.info)
        var tally = AuditTally(rules: rules)
        let memos = (0..<workers).map { _ in AuditMemo() }
        var shared: LongScreen?
        var next = 0, group = 2
        while next < plan.steps.count {
            // Screens are built a growing group at a time until the batch is full: the first
            // steps are the long formations lists, the rest short detail and symbol screens.
            var screens: [(index: Int, step: AuditPlan.Step, screen: Screen)] = []
            var elements = 0
            while next < plan.steps.count && elements < tuning.batchElements {
                let steps = Array(plan.steps[next..<min(plan.steps.count, next + group)])
                let built = parallel(steps.count) { i, _ in steps[i].make() }
                for (i, screen) in built.enumerated() {
                    screens.append((next + i, steps[i], screen))
                    elements += screen.elements.count
                }
                next += steps.count
                group = min(group * 2, 1024)
            }
            var units: [Unit] = []
            for (slot, item) in screens.enumerated() {
                let count = item.screen.elements.count
                var start = 0
                repeat {
                    let end = min(count, start + tuning.unitElements)
                    units.append(Unit(slot: slot, range: start..<end, first: start == 0, last: end == count))
                    start = end
                } while start < count
            }
            for memo in memos { memo.shared = shared; memo.sharedHits = 0 }
            var parts = parallel(units.count) { u, worker in
                checker.check(screens[units[u].slot].screen.elements, range: units[u].range, memo: memos[worker])
            }
            var checked: [CheckedScreen] = []
            checked.reserveCapacity(screens.count)
            var u = 0
            for (slot, item) in screens.enumerated() {
                var screenParts: [AuditChecker.Part] = []
                // Moved out of `parts`, so that `finish` frees each part once copied.
                while u < units.count && units[u].slot == slot {
                    screenParts.append(parts[u])
                    parts[u] = AuditChecker.Part(range: 0..<0)
                    u += 1
                }
                checked.append(checker.finish(index: item.index, code: item.screen.code, title: item.screen.title,
                                              filter: item.step.filter, path: item.step.path, parts: &screenParts))
            }
            parts = []
            // The longest screen of the batch, when long, serves the next batches; it is let go
            // once a batch found nothing on it.
            if memos.allSatisfy({ $0.sharedHits == 0 }) { shared = nil }
            if let longest = checked.max(by: { $0.screen.entries.count < $1.screen.entries.count }),
               longest.screen.entries.count >= tuning.longScreen {
                shared = LongScreen(longest)
            }
            // Rendered a window of units at a time, so the text waiting for the spool stays small.
            let window = workers * 8
            var from = 0
            while from < units.count {
                let slice = Array(units[from..<min(units.count, from + window)])
                let rendered = parallel(slice.count) { i, _ -> Rendered in
                    let unit = slice[i]
                    var sections = Array(repeating: "", count: format.sectionCount)
                    format.render(checked[unit.slot], unit.range, first: unit.first, last: unit.last, into: &sections)
                    var partial = AuditTally(rules: rules)
                    partial.count(checked[unit.slot], unit.range, last: unit.last, baseline: baseline, record: record)
                    return Rendered(sections: sections, tally: partial)
                }
                for var piece in rendered {
                    for s in piece.sections.indices { spool.append(s, &piece.sections[s]) }
                    tally.merge(piece.tally)
                }
                from += slice.count
            }
        }
        return tally
    }

    /// `body(item, worker)` for every item, on every core; items are taken one at a time so a
    /// long one does not hold the others back, and `worker` is the same for one thread's items.
    private func parallel<R>(_ count: Int, _ body: (Int, Int) -> R) -> [R] {
        guard count > 1 && workers > 1 else { return (0..<count).map { body($0, 0) } }
        var results = [R?](repeating: nil, count: count)
        let claim = Claim()
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UncheckedBox(slots)
            withoutActuallyEscaping(body) { body in
                let work = UncheckedBox(body)
                DispatchQueue.concurrentPerform(iterations: min(workers, count)) { worker in
                    while let i = claim.next(below: count) { slots.value[i] = work.value(i, worker) }
                }
            }
        }
        return results.map { $0! }
    }
}

/// Hands out item numbers to the workers.
private final class Claim: @unchecked Sendable {
    private var next = 0
    private let lock = NSLock()

    func next(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}

/// Each worker writes only the slots it claimed.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
