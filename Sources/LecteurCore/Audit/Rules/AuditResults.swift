// SPDX-License-Identifier: GPL-3.0-or-later
/// An element of the walked report: screen and entry positions (0-based).
public struct AuditNode: Hashable, Comparable, Sendable {
    public let screen: Int
    public let entry: Int

    public init(screen: Int, entry: Int) {
        self.screen = screen
        self.entry = entry
    }

    public static func < (a: AuditNode, b: AuditNode) -> Bool {
        (a.screen, a.entry) < (b.screen, b.entry)
    }
}

public struct AuditFinding: Hashable, Sendable {
    public let node: AuditNode
    public let message: String

    public init(node: AuditNode, message: String) {
        self.node = node
        self.message = message
    }
}

/// What one rule found over the whole report, in axe-core's buckets.
public struct AuditRuleResult: Sendable {
    public let info: AuditRuleInfo
    public let violations: [AuditFinding]
    /// Elements a person must check (axe-core's "incomplete").
    public let incomplete: [AuditFinding]
    public let passes: [AuditNode]

    public init(info: AuditRuleInfo, violations: [AuditFinding], incomplete: [AuditFinding], passes: [AuditNode]) {
        self.info = info
        self.violations = violations
        self.incomplete = incomplete
        self.passes = passes
    }

    /// No element the rule applies to.
    public var isInapplicable: Bool { violations.isEmpty && incomplete.isEmpty && passes.isEmpty }
}

/// The walked report and what every enabled rule found on it.
public struct AuditResults: Sendable {
    public enum Kind: String, Sendable { case violation, incomplete }

    public struct NodeFinding: Sendable {
        public let rule: AuditRuleInfo
        public let kind: Kind
        public let message: String
    }

    public let report: AuditReport
    public let rules: [AuditRuleResult]
    public let braille: any BrailleCellTable
    private let byNode: [AuditNode: [NodeFinding]]

    public init(report: AuditReport, rules: [AuditRuleResult], braille: any BrailleCellTable) {
        self.report = report
        self.rules = rules
        self.braille = braille
        var index: [AuditNode: [NodeFinding]] = [:]
        for result in rules {
            for f in result.violations {
                index[f.node, default: []].append(NodeFinding(rule: result.info, kind: .violation, message: f.message))
            }
            for f in result.incomplete {
                index[f.node, default: []].append(NodeFinding(rule: result.info, kind: .incomplete, message: f.message))
            }
        }
        byNode = index
    }

    /// The findings on one element, violations first, then by rule order.
    public func findings(at node: AuditNode) -> [NodeFinding] {
        guard let found = byNode[node] else { return [] }
        if found.allSatisfy({ $0.kind == .violation }) { return found }
        return found.filter { $0.kind == .violation } + found.filter { $0.kind == .incomplete }
    }

    public func entry(_ node: AuditNode) -> AuditReport.Entry { report.screens[node.screen].entries[node.entry] }

    public var violationCount: Int { rules.reduce(0) { $0 + $1.violations.count } }
    public var incompleteCount: Int { rules.reduce(0) { $0 + $1.incomplete.count } }

    /// Violations whose rule's impact is `threshold` or worse: what `--fail-on` counts.
    public func violationCount(atLeast threshold: Impact) -> Int {
        rules.filter { $0.info.impact >= threshold }.reduce(0) { $0 + $1.violations.count }
    }

    public var worstImpact: Impact? { rules.filter { !$0.violations.isEmpty }.map(\.info.impact).max() }
}
