// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The totals of an audit, counted screen by screen as the report is written: what the reports'
/// summaries, `--fail-on` and the baseline comparison need, without keeping any element.
public struct AuditTally: Sendable {
    public let rules: [AuditRuleInfo]
    public private(set) var screens = 0
    public private(set) var elements = 0
    /// Per rule, in the engine's order.
    public private(set) var violations: [Int]
    public private(set) var incomplete: [Int]
    public private(set) var passes: [Int]
    /// Per rule: the screens where it applied to an element, and those where it found a
    /// violation (JUnit's test cases and failures).
    private(set) var screensChecked: [Int]
    private(set) var screensFailing: [Int]
    /// Per rule: violations whose fingerprint the baseline does not hold.
    private(set) var newViolations: [Int]
    /// Findings (violations and reviews) the baseline holds, and its fingerprints met.
    private(set) var known = 0
    private var met: Set<String> = []
    /// Seconds from the start of the walk to the end of the last batch.
    public internal(set) var elapsed: TimeInterval = 0
    /// Every finding, when a baseline is being recorded.
    private(set) var recorded: [AuditBaseline.Entry] = []

    init(rules: [AuditRuleInfo]) {
        self.rules = rules
        let zeros = Array(repeating: 0, count: rules.count)
        violations = zeros; incomplete = zeros; passes = zeros
        screensChecked = zeros; screensFailing = zeros; newViolations = zeros
    }

    public var violationCount: Int { violations.reduce(0, +) }
    public var incompleteCount: Int { incomplete.reduce(0, +) }

    /// Violations of rules of `threshold` or worse: what `--fail-on` counts.
    public func violationCount(atLeast threshold: Impact) -> Int {
        rules.indices.filter { rules[$0].impact >= threshold }.reduce(0) { $0 + violations[$1] }
    }

    /// The same, leaving out the findings the baseline holds.
    public func newViolationCount(atLeast threshold: Impact) -> Int {
        rules.indices.filter { rules[$0].impact >= threshold }.reduce(0) { $0 + newViolations[$1] }
    }

    /// Findings known to the baseline, new ones, and baseline entries not found any more.
    public func comparison(with baseline: AuditBaseline) -> AuditBaseline.Comparison {
        AuditBaseline.Comparison(known: known, new: violationCount + incompleteCount - known,
                                 fixed: baseline.entries.filter { !met.contains($0.fingerprint) }.count)
    }

    /// The findings recorded for `--write-baseline`.
    public var baseline: AuditBaseline { AuditBaseline(entries: recorded) }

    /// Counts the elements of a part and returns what each rule found on them, for the screen's
    /// own counts (`close` takes those once the screen's last part is counted).
    mutating func count(_ part: CheckedPart, baseline: AuditBaseline?, record: Bool) -> ScreenCounts {
        let ruleCount = rules.count
        var counts = ScreenCounts(rules: ruleCount)
        elements += part.range.count
        for e in part.range {
            for r in 0..<ruleCount {
                let kind: String
                switch part.kind(entry: e, rule: r) {
                case .inapplicable: continue
                case .pass: passes[r] += 1; counts.checked[r] = true; continue
                case .violation: violations[r] += 1; counts.violations[r] += 1; kind = "violation"
                case .review: incomplete[r] += 1; counts.reviews[r] += 1; kind = "incomplete"
                }
                counts.checked[r] = true
                guard baseline != nil || record else { continue }
                let element = part.entry(e).element.id
                let fingerprint = AuditFingerprint.of(rule: rules[r].id, path: part.screen.path, element: element)
                if let baseline {
                    if baseline.contains(fingerprint) {
                        known += 1
                        met.insert(fingerprint)
                    } else if kind == "violation" {
                        newViolations[r] += 1
                    }
                }
                if record {
                    recorded.append(AuditBaseline.Entry(fingerprint: fingerprint, rule: rules[r].id, kind: kind,
                                                        path: part.screen.path, element: element))
                }
            }
        }
        return counts
    }

    /// Counts a screen whose parts are all counted.
    mutating func close(_ counts: ScreenCounts) {
        screens += 1
        for r in rules.indices {
            if counts.checked[r] { screensChecked[r] += 1 }
            if counts.violations[r] > 0 { screensFailing[r] += 1 }
        }
    }

    mutating func merge(_ other: AuditTally) {
        screens += other.screens
        elements += other.elements
        for r in rules.indices {
            violations[r] += other.violations[r]
            incomplete[r] += other.incomplete[r]
            passes[r] += other.passes[r]
            screensChecked[r] += other.screensChecked[r]
            screensFailing[r] += other.screensFailing[r]
            newViolations[r] += other.newViolations[r]
        }
        known += other.known
        met.formUnion(other.met)
        recorded += other.recorded
    }
}

extension CheckedPart {
    /// A finding on one element, as the per-element listings show it.
    struct Finding {
        let rule: AuditRuleInfo
        let kind: AuditFindingKind
        let message: String
    }

    /// The findings on entry `e`: violations first, then elements to review, each in rule order.
    func findings(entry e: Int, rules: [AuditRuleInfo]) -> [Finding] {
        guard hasFindings(entry: e) else { return [] }
        var violations: [Finding] = [], reviews: [Finding] = []
        for r in rules.indices {
            switch outcome(entry: e, rule: r) {
            case .violation(let message): violations.append(Finding(rule: rules[r], kind: .violation, message: message))
            case .review(let message): reviews.append(Finding(rule: rules[r], kind: .incomplete, message: message))
            case .pass, .inapplicable: break
            }
        }
        return reviews.isEmpty ? violations : violations + reviews
    }
}
