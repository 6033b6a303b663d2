import LecteurCore

/// JUnit XML for CI systems: one test suite per rule, one test case per screen the rule checked.
/// A case fails when the rule found violations on that screen (the failure lists each element,
/// its message and the fix); elements to check by hand go to the case's output. Whether the
/// build fails is `--fail-on`'s decision (the exit status), not the XML's.
/// The document validates against Jenkins' `junit-10.xsd`, and each `<testsuite>` against Maven
/// Surefire's `surefire-test-report-3.0.xsd` (one suite per file there). Surefire's schema has no
/// `timestamp` attribute, so the time of the run is a suite property that both accept.
struct AuditJUnitFormat {
    let naming: AuditNaming
    let info: AuditRunInfo
    var strings: Strings { naming.strings }

    private struct ScreenCase {
        var violations: [AuditFinding] = []
        var incomplete: [AuditFinding] = []
        var checked = false
    }

    private func cases(_ results: AuditResults, _ rule: AuditRuleResult) -> [ScreenCase] {
        var cases = Array(repeating: ScreenCase(), count: results.report.screens.count)
        for node in rule.passes { cases[node.screen].checked = true }
        for f in rule.violations { cases[f.node.screen].violations.append(f); cases[f.node.screen].checked = true }
        for f in rule.incomplete { cases[f.node.screen].incomplete.append(f); cases[f.node.screen].checked = true }
        return cases
    }

    func render(_ results: AuditResults, into out: inout String, sink: AuditSink) {
        // The totals come first in the document: counted before any suite is written.
        var totalTests = 0, totalFailures = 0
        for rule in results.rules {
            let cases = cases(results, rule)
            totalTests += cases.filter(\.checked).count
            totalFailures += cases.filter { !$0.violations.isEmpty }.count
        }
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(AuditMarkup.xml(strings(.auditReportTitle)))\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\" time=\"\(info.durationText)\">\n"
        for rule in results.rules {
            let cases = cases(results, rule)
            let tests = cases.filter(\.checked).count
            let failures = cases.filter { !$0.violations.isEmpty }.count
            out += "  <testsuite name=\"\(AuditMarkup.xml(rule.info.id))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
            out += "    <properties>\n"
            out += "      <property name=\"timestamp\" value=\"\(info.timestampText)\"/>\n"
            out += "      <property name=\"impact\" value=\"\(rule.info.impact.rawValue)\"/>\n"
            out += "      <property name=\"tags\" value=\"\(AuditMarkup.xml(rule.info.tags.joined(separator: " ")))\"/>\n"
            out += "      <property name=\"help\" value=\"\(AuditMarkup.xml(strings(rule.info.help)))\"/>\n"
            out += "    </properties>\n"
            let fix = strings(rule.info.fix)
            for (s, screenCase) in cases.enumerated() where screenCase.checked {
                sink.flush(&out)
                let screen = results.report.screens[s]
                out += "    <testcase classname=\"audit.\(AuditMarkup.xml(rule.info.id))\" name=\"\(AuditMarkup.xml(screen.path))\" time=\"0\">\n"
                if !screenCase.violations.isEmpty {
                    let message = strings(rule.info.help) + " — "
                        + strings(.auditJunitFailure, ["count": String(screenCase.violations.count)])
                    out += "      <failure type=\"\(rule.info.impact.rawValue)\" message=\"\(AuditMarkup.xml(message))\">"
                    var body = naming.screenHeading(screen) + "\n"
                    for f in screenCase.violations { body += elementLine(results, f) }
                    body += strings(.auditReportRuleFix, ["fix": fix]) + "\n"
                    AuditMarkup.xml(body, into: &out)
                    out += "</failure>\n"
                }
                if !screenCase.incomplete.isEmpty {
                    out += "      <system-out>"
                    var body = ""
                    for f in screenCase.incomplete {
                        body += strings(.auditJunitReview, ["message": elementLine(results, f)])
                    }
                    AuditMarkup.xml(body, into: &out)
                    out += "</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
    }

    /// "#card.1 (9. Starter Pack…) : message"
    private func elementLine(_ results: AuditResults, _ finding: AuditFinding) -> String {
        let entry = results.entry(finding.node)
        return strings(.auditJunitElement, ["id": entry.element.id, "index": String(entry.index),
                                            "label": entry.element.label, "message": finding.message]) + "\n"
    }
}
