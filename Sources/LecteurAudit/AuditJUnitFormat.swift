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

    func render(_ results: AuditResults) -> String {
        let screenCount = results.report.screens.count
        var suites = ""
        var totalTests = 0, totalFailures = 0
        for rule in results.rules {
            var cases = Array(repeating: ScreenCase(), count: screenCount)
            for node in rule.passes { cases[node.screen].checked = true }
            for f in rule.violations { cases[f.node.screen].violations.append(f); cases[f.node.screen].checked = true }
            for f in rule.incomplete { cases[f.node.screen].incomplete.append(f); cases[f.node.screen].checked = true }
            let tests = cases.filter(\.checked).count
            let failures = cases.filter { !$0.violations.isEmpty }.count
            totalTests += tests
            totalFailures += failures
            suites += "  <testsuite name=\"\(AuditMarkup.xml(rule.info.id))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
            suites += "    <properties>\n"
            suites += "      <property name=\"timestamp\" value=\"\(info.timestampText)\"/>\n"
            suites += "      <property name=\"impact\" value=\"\(rule.info.impact.rawValue)\"/>\n"
            suites += "      <property name=\"tags\" value=\"\(AuditMarkup.xml(rule.info.tags.joined(separator: " ")))\"/>\n"
            suites += "      <property name=\"help\" value=\"\(AuditMarkup.xml(strings(rule.info.help)))\"/>\n"
            suites += "    </properties>\n"
            let fix = strings(rule.info.fix)
            for (s, screenCase) in cases.enumerated() where screenCase.checked {
                let screen = results.report.screens[s]
                suites += "    <testcase classname=\"audit.\(AuditMarkup.xml(rule.info.id))\" name=\"\(AuditMarkup.xml(screen.path))\" time=\"0\">\n"
                if !screenCase.violations.isEmpty {
                    let message = strings(rule.info.help) + " — "
                        + strings(.auditJunitFailure, ["count": String(screenCase.violations.count)])
                    suites += "      <failure type=\"\(rule.info.impact.rawValue)\" message=\"\(AuditMarkup.xml(message))\">"
                    var body = naming.screenHeading(screen) + "\n"
                    for f in screenCase.violations { body += elementLine(results, f) }
                    body += strings(.auditReportRuleFix, ["fix": fix]) + "\n"
                    AuditMarkup.xml(body, into: &suites)
                    suites += "</failure>\n"
                }
                if !screenCase.incomplete.isEmpty {
                    suites += "      <system-out>"
                    var body = ""
                    for f in screenCase.incomplete {
                        body += strings(.auditJunitReview, ["message": elementLine(results, f)])
                    }
                    AuditMarkup.xml(body, into: &suites)
                    suites += "</system-out>\n"
                }
                suites += "    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(AuditMarkup.xml(strings(.auditReportTitle)))\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\" time=\"\(info.durationText)\">\n"
        out += suites
        out += "</testsuites>\n"
        return out
    }

    /// "#card.1 (9. Starter Pack…) : message"
    private func elementLine(_ results: AuditResults, _ finding: AuditFinding) -> String {
        let entry = results.entry(finding.node)
        return strings(.auditJunitElement, ["id": entry.element.id, "index": String(entry.index),
                                            "label": entry.element.label, "message": finding.message]) + "\n"
    }
}
