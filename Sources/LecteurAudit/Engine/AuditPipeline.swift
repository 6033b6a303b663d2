// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// A report format written as the audit goes: each part of a screen is rendered on its own (in
/// parallel with the others) into the format's sections, and the document is put together from
/// the sections once the totals are known.
protocol StreamedAuditFormat {
    /// How many sections the format fills (see `AuditSpool`).
    var sectionCount: Int { get }
    /// How many buffers the format gathers over the parts of one screen, for what it writes only
    /// once the screen is over (JUnit's test cases, which open with their failure count).
    var screenBufferCount: Int { get }
    /// Renders one part of a screen (an empty screen is one empty part).
    func render(_ part: CheckedPart, into sections: inout [String], screenBuffers: inout [String])
    /// Writes what closes a screen, from its buffers and the rules' counts on it.
    func close(_ screen: AuditScreenInfo, _ counts: ScreenCounts, _ buffers: [String], into sections: inout [String])
    /// Writes the whole document: its head and tail around the sections, in the format's order.
    func assemble(_ tally: AuditTally, _ spool: AuditSpool, into out: inout String, sink: AuditSink)
}

extension StreamedAuditFormat {
    var screenBufferCount: Int { 0 }
    func close(_ screen: AuditScreenInfo, _ counts: ScreenCounts, _ buffers: [String], into sections: inout [String]) {}
}

/// What each rule found on one screen, summed over its parts.
struct ScreenCounts {
    var violations: [Int]
    var reviews: [Int]
    /// The rule applied to at least one element of the screen.
    var checked: [Bool]

    init(rules: Int) {
        violations = Array(repeating: 0, count: rules)
        reviews = Array(repeating: 0, count: rules)
        checked = Array(repeating: false, count: rules)
    }

    mutating func add(_ other: ScreenCounts) {
        for r in violations.indices {
            violations[r] += other.violations[r]
            reviews[r] += other.reviews[r]
            checked[r] = checked[r] || other.checked[r]
        }
    }
}

/// Walks, checks and renders the screens of an audit on every core, and hands the output to
/// the spool in report order. Screens are built a batch at a time; a long one is cut into parts
/// of a few hundred elements, short ones are grouped up to that size, and each unit is checked,
/// rendered, handed to the writer and let go: memory stays bounded by the units in flight,
/// whatever the catalogue's or a screen's size.
struct AuditPipeline {
    /// Sizes of the work: tests shrink them to put batch, part and spool boundaries everywhere.
    struct Tuning {
        var batchElements = 16_384
        var unitElements = 512
        var spillSize = 1 << 20
        /// A screen at least this long has its elements made ahead, in parallel (a formations
        /// list's cards are read twice: by the rules comparing them, then by the checks).
        var longScreen = 512
        /// A screen at least this long has the rules comparing its elements run on their own.
        var veryLongScreen = 4096
    }

    let checker: AuditChecker
    let plan: AuditPlan
    var tuning = Tuning()
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Work for one worker: a part of a long screen, or several short screens whole (a
    /// hundred thousand detail screens of eight elements are not a hundred thousand hand-offs).
    private struct Unit {
        var pieces: [(slot: Int, range: Range<Int>)]
        var elements: Int
    }

    fileprivate struct Rendered {
        var sections: [String]
        var screenBuffers: [String]
        var tally: AuditTally
        var counts: ScreenCounts
        /// The long screen this is a part of; nil for short screens, closed by the worker.
        var screen: AuditScreenInfo?
        /// The part is its screen's last.
        var closes: Bool
    }

    /// Hands the rendered parts to the spool in report order, on a thread of its own, and sums
    /// the totals: parts are numbered across the whole walk, rendered on the workers in any
    /// order and written as soon as the next one in order is in, so no core waits for the
    /// output. A worker starts a part only within `lead` parts of the one being written, which
    /// bounds memory when the output is slower than the checks.
    ///
    /// `@unchecked Sendable`: the workers and the writer thread share it; what they share is read
    /// and written under `condition`, the rest is the writer thread's own.
    private final class Writer: @unchecked Sendable {
        private let format: StreamedAuditFormat
        private let spool: AuditSpool
        private let rules: [AuditRuleInfo]
        private let lead: Int
        private let condition = NSCondition()
        private let done = DispatchSemaphore(value: 0)
        // Under `condition`.
        private var ready: [Int: Rendered] = [:]
        private var writing = 0
        private var total: Int?
        private var writerWaiting = false
        private var waitingWorkers = 0
        // The writer thread's own.
        private var tally: AuditTally
        private var counts: ScreenCounts
        private var buffers: [String]

        init(format: StreamedAuditFormat, spool: AuditSpool, rules: [AuditRuleInfo], lead: Int) {
            self.format = format
            self.spool = spool
            self.rules = rules
            self.lead = lead
            tally = AuditTally(rules: rules)
            counts = ScreenCounts(rules: rules.count)
            buffers = Array(repeating: "", count: format.screenBufferCount)
            let thread = Thread { [unowned self] in self.loop() }
            thread.name = "lecteur.audit.writer"
            thread.start()
        }

        /// Waits until part `number` may be started.
        func mayStart(_ number: Int) {
            condition.lock()
            while number >= writing + lead {
                waitingWorkers += 1
                condition.wait()
                waitingWorkers -= 1
            }
            condition.unlock()
        }

        func put(_ number: Int, _ rendered: Rendered) {
            condition.lock()
            ready[number] = rendered
            // A wake-up costs a system call: only the writer waiting for this very part needs one.
            if writerWaiting && number == writing { condition.broadcast() }
            condition.unlock()
        }

        /// Once every one of the `count` parts is put: the totals, after the last is written.
        func finish(count: Int) -> AuditTally {
            condition.lock()
            total = count
            condition.broadcast()
            condition.unlock()
            done.wait()
            return tally
        }

        private func loop() {
            while true {
                condition.lock()
                while ready[writing] == nil && total.map({ writing < $0 }) != false {
                    writerWaiting = true
                    condition.wait()
                    writerWaiting = false
                }
                guard let piece = ready.removeValue(forKey: writing) else {
                    condition.unlock()
                    done.signal()
                    return
                }
                condition.unlock()
                write(piece)
                condition.lock()
                writing += 1
                if waitingWorkers > 0 { condition.broadcast() }
                condition.unlock()
            }
        }

        private func write(_ rendered: Rendered) {
            var piece = rendered
            for s in piece.sections.indices { spool.append(s, &piece.sections[s]) }
            tally.merge(piece.tally)
            guard let screen = piece.screen else { return }
            counts.add(piece.counts)
            for b in buffers.indices { buffers[b] += piece.screenBuffers[b] }
            guard piece.closes else { return }
            var closing = Array(repeating: "", count: format.sectionCount)
            format.close(screen, counts, buffers, into: &closing)
            for s in closing.indices { spool.append(s, &closing[s]) }
            tally.close(counts)
            counts = ScreenCounts(rules: rules.count)
            for b in buffers.indices { buffers[b] = "" }
        }
    }

    private struct BuiltScreen {
        let info: AuditScreenInfo
        let elements: AuditElements
        let screenOutcomes: ScreenOutcomes
    }

    func run(_ format: StreamedAuditFormat, spool: AuditSpool, baseline: AuditBaseline?, record: Bool) -> AuditTally {
        let rules = checker.engine.rules.map(\.info)
        let memos = (0..<workers).map { _ in AuditMemo() }
        let cards = AuditCardMemo()
        let renderCaches = (0..<workers).map { _ in AuditRenderCache() }
        let writer = Writer(format: format, spool: spool, rules: rules, lead: workers * 16)
        var next = 0, group = 2, written = 0
        while next < plan.steps.count {
            // Screens are built a growing group at a time until the batch is full: the first
            // steps are the long formations lists, the rest short detail and symbol screens.
            var screens: [BuiltScreen] = []
            var elements = 0
            while next < plan.steps.count && elements < tuning.batchElements {
                let first = next
                let steps = Array(plan.steps[next..<min(plan.steps.count, next + group)])
                let made = Parallel.map(steps.count, workers: workers) { i, _ in steps[i].make() }
                // A long list's elements are made once, on every core, for both the rules that
                // compare them and the parts (rather than card by card on one core, twice).
                let lists = made.map { screen in
                    screen.elements.count < tuning.longScreen ? AuditElements(screen.elements) : materialised(screen.elements)
                }
                // The rules comparing a very long list's elements spread their own work over
                // the cores: they run alone, before the other screens'.
                let long = lists.map { $0.count >= tuning.veryLongScreen }
                let alone = lists.indices.map { long[$0] ? checker.screenOutcomes(lists[$0]) : nil }
                screens += Parallel.map(steps.count, workers: workers) { i, _ -> BuiltScreen in
                    let info = AuditScreenInfo(index: first + i, code: made[i].code, title: made[i].title, filter: steps[i].filter,
                                               path: steps[i].path, count: lists[i].count, firstLabel: lists[i].first?.label)
                    return BuiltScreen(info: info, elements: lists[i], screenOutcomes: alone[i] ?? checker.screenOutcomes(lists[i]))
                }
                elements += screens[(screens.count - steps.count)...].reduce(0) { $0 + $1.info.count }
                next += steps.count
                group = min(group * 2, 1024)
            }
            var units: [Unit] = []
            for (slot, screen) in screens.enumerated() {
                let count = screen.info.count
                if count <= tuning.unitElements {
                    if let last = units.last, last.pieces.count > 0, last.elements + count <= tuning.unitElements,
                       screens[last.pieces[0].slot].info.count <= tuning.unitElements {
                        units[units.count - 1].pieces.append((slot, 0..<count))
                        units[units.count - 1].elements += count
                    } else {
                        units.append(Unit(pieces: [(slot, 0..<count)], elements: count))
                    }
                    continue
                }
                var start = 0
                while start < count {
                    let end = min(count, start + tuning.unitElements)
                    units.append(Unit(pieces: [(slot, start..<end)], elements: end - start))
                    start = end
                }
            }
            // Every unit of the batch on every core, each handed to the writer once rendered.
            let first = written
            _ = Parallel.map(units.count, workers: workers) { i, worker -> Void in
                writer.mayStart(first + i)
                var out = Rendered(sections: Array(repeating: "", count: format.sectionCount),
                                   screenBuffers: Array(repeating: "", count: format.screenBufferCount),
                                   tally: AuditTally(rules: rules), counts: ScreenCounts(rules: rules.count),
                                   screen: nil, closes: false)
                for (slot, range) in units[i].pieces {
                    let screen = screens[slot]
                    let part = checker.check(screen.info, screen.elements, range: range,
                                             screenOutcomes: screen.screenOutcomes, memo: memos[worker], cards: cards,
                                             renderCache: renderCaches[worker])
                    if range.count == screen.info.count {
                        // A whole screen: closed here.
                        var buffers = Array(repeating: "", count: format.screenBufferCount)
                        format.render(part, into: &out.sections, screenBuffers: &buffers)
                        let counts = out.tally.count(part, baseline: baseline, record: record)
                        format.close(screen.info, counts, buffers, into: &out.sections)
                        out.tally.close(counts)
                    } else {
                        // A part of a long screen: the writer gathers the screen's counts and closes it.
                        format.render(part, into: &out.sections, screenBuffers: &out.screenBuffers)
                        out.counts = out.tally.count(part, baseline: baseline, record: record)
                        out.screen = screen.info
                        out.closes = range.upperBound == screen.info.count
                    }
                }
                writer.put(first + i, out)
            }
            written += units.count
        }
        return writer.finish(count: written)
    }

    /// Every element of a long list, made in parallel.
    private func materialised(_ elements: ElementList) -> AuditElements {
        let size = tuning.unitElements
        let chunks = Parallel.map((elements.count + size - 1) / size, workers: workers) { c, _ in
            (c * size..<min(elements.count, (c + 1) * size)).map { elements[$0] }
        }
        return AuditElements(made: Array(chunks.joined()), of: elements)
    }
}
