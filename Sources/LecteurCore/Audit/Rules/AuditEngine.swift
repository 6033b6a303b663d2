import Foundation

/// Every rule Lecteur ships, in the order reports list them.
public enum AuditRules {
    public static let all: [any AuditRule] = [
        LabelMissingRule(), LabelRoleWordRule(), LabelStateWordRule(), LabelInNameRule(), DuplicateLabelRule(),
        HintRepeatsLabelRule(), HintGivesOrderRule(),
        SpeechAcronymRule(), SpeechNumberSpacesRule(), SpeechDecimalZerosRule(), SpeechUnitAbbreviationRule(),
        SpeechNumericDateRule(), SpeechMorseSymbolsRule(),
        LanguageUnmarkedRule(),
        BrailleUncoveredCharacterRule(), BrailleNumberSplitRule(),
    ]

    public static var ids: [String] { all.map(\.info.id) }

    public static func rule(_ id: String) -> (any AuditRule)? { all.first { $0.info.id == id } }
}

/// Runs the rules over a walked report. Pure: the same report, rules and context always give the
/// same results. Screens are checked in parallel (they share nothing), results are merged in
/// screen order so reports are stable.
public struct AuditEngine: Sendable {
    public let rules: [any AuditRule]

    public init(rules: [any AuditRule] = AuditRules.all) { self.rules = rules }

    /// All shipped rules but the disabled ones; unknown ids are returned so the caller can say so.
    public init(disabling ids: [String]) {
        self.rules = AuditRules.all.filter { !ids.contains($0.info.id) }
    }

    public func run(_ report: AuditReport, context: AuditContext) -> AuditResults {
        let screens = report.screens
        // One slot of partial results per chunk of screens.
        let chunkCount = screens.count < 64 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        let chunkSize = (screens.count + chunkCount - 1) / max(chunkCount, 1)
        let partials = PartialBox(count: chunkCount, rules: rules.count)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var local = Array(repeating: RuleAccumulator(), count: rules.count)
            let lower = chunk * chunkSize, upper = min(screens.count, lower + chunkSize)
            guard lower < upper else { return }
            for screenIndex in lower..<upper {
                let facts = ScreenFacts(screens[screenIndex])
                for (r, rule) in rules.enumerated() {
                    for (e, outcome) in rule.check(facts, context).enumerated() {
                        let node = AuditNode(screen: screenIndex, entry: e)
                        switch outcome {
                        case .inapplicable: break
                        case .pass: local[r].passes.append(node)
                        case .violation(let message): local[r].violations.append(AuditFinding(node: node, message: message))
                        case .review(let message): local[r].incomplete.append(AuditFinding(node: node, message: message))
                        }
                    }
                }
            }
            partials.store(chunk, local)
        }
        var merged = Array(repeating: RuleAccumulator(), count: rules.count)
        for chunk in partials.values() {
            for r in rules.indices {
                merged[r].violations += chunk[r].violations
                merged[r].incomplete += chunk[r].incomplete
                merged[r].passes += chunk[r].passes
            }
        }
        let results = zip(rules, merged).map { rule, acc in
            AuditRuleResult(info: rule.info, violations: acc.violations, incomplete: acc.incomplete, passes: acc.passes)
        }
        return AuditResults(report: report, rules: results, braille: context.braille)
    }
}

struct RuleAccumulator {
    var violations: [AuditFinding] = []
    var incomplete: [AuditFinding] = []
    var passes: [AuditNode] = []
}

/// Chunk results written from concurrent workers, each into its own slot.
private final class PartialBox: @unchecked Sendable {
    private var slots: [[RuleAccumulator]]
    private let lock = NSLock()

    init(count: Int, rules: Int) { slots = Array(repeating: [], count: count) }

    func store(_ index: Int, _ value: [RuleAccumulator]) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [[RuleAccumulator]] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
