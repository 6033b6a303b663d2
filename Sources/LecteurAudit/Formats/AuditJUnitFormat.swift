// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// JUnit XML for CI systems: one test suite per rule, one test case per screen the rule checked.
/// A case fails when the rule found violations on that screen (the failure lists each element,
/// its message and the fix); elements to check by hand go to the case's output. Whether the
/// build fails is `--fail-on`'s decision (the exit status), not the XML's.
/// The document validates against Jenkins' `junit-10.xsd`, and each `<testsuite>` against Maven
/// Surefire's `surefire-test-report-3.0.xsd` (one suite per file there) but for `timestamp`.
/// Each `<testsuite>` carries `time` and `timestamp` as attributes, where Jenkins and GitLab read
/// them (issue 38 item 13); Surefire's schema, older, has no `timestamp` (its readers ignore an
/// attribute they do not know). The rules check screens in one walk together: a suite's `time`
/// is the walk's. The timestamp also stays a property, where earlier readers found it.
struct AuditJUnitFormat: StreamedAuditFormat {
    let naming: AuditNaming
    let info: AuditRunInfo
    let rules: [AuditRuleInfo]
    var words: AuditReportMessages { naming.words }

    // Sections: each rule's test cases, one per screen it checked.
    var sectionCount: Int { rules.count }

    // Buffers over a screen: each rule's violation lines, then its review lines (escaped).
    var screenBufferCount: Int { rules.count * 2 }

    func render(_ part: CheckedPart, into sections: inout [String], screenBuffers: inout [String]) {
        for e in part.range where part.hasFindings(entry: e) {
            for r in rules.indices {
                switch part.outcome(entry: e, rule: r) {
                case .violation(let message):
                    AuditMarkup.xml(elementLine(part.entry(e), message), into: &screenBuffers[r * 2])
                case .review(let message):
                    AuditMarkup.xml(words.junitReview(elementLine(part.entry(e), message)),
                                    into: &screenBuffers[r * 2 + 1])
                case .pass, .inapplicable: break
                }
            }
        }
    }

    /// A test case covers a whole screen, written once its last part is in: its failure message
    /// opens with the number of elements at fault.
    func close(_ screen: AuditScreenInfo, _ counts: ScreenCounts, _ buffers: [String], into sections: inout [String]) {
        var heading: String?
        for (r, rule) in rules.enumerated() where counts.checked[r] {
            var out = "    <testcase classname=\"audit.\(AuditMarkup.xml(rule.id))\" name=\"\(AuditMarkup.xml(screen.path))\" time=\"0\">\n"
            if counts.violations[r] > 0 {
                let message = words.ruleText(rule.help) + " — " + words.junitFailure(count: counts.violations[r])
                out += "      <failure type=\"\(rule.impact.rawValue)\" message=\"\(AuditMarkup.xml(message))\">"
                let screenHeading = heading ?? naming.screenHeading(screen)
                heading = screenHeading
                AuditMarkup.xml(screenHeading + "\n", into: &out)
                out += buffers[r * 2]
                AuditMarkup.xml(words.ruleFix(rule.fix) + "\n", into: &out)
                out += "</failure>\n"
            }
            if counts.reviews[r] > 0 {
                out += "      <system-out>"
                out += buffers[r * 2 + 1]
                out += "</system-out>\n"
            }
            out += "    </testcase>\n"
            sections[r] += out
        }
    }

    func assemble(_ tally: AuditTally, _ spool: AuditSpool, into out: inout String, sink: AuditSink) {
        let totalTests = tally.screensChecked.reduce(0, +), totalFailures = tally.screensFailing.reduce(0, +)
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(AuditMarkup.xml(words.title()))\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\" time=\"\(info.durationText(measured: tally.elapsed))\">\n"
        for (r, rule) in rules.enumerated() {
            out += "  <testsuite name=\"\(AuditMarkup.xml(rule.id))\" tests=\"\(tally.screensChecked[r])\" failures=\"\(tally.screensFailing[r])\" errors=\"0\" skipped=\"0\""
            out += " time=\"\(info.durationText(measured: tally.elapsed))\" timestamp=\"\(info.timestampText)\">\n"
            out += "    <properties>\n"
            out += "      <property name=\"timestamp\" value=\"\(info.timestampText)\"/>\n"
            out += "      <property name=\"impact\" value=\"\(rule.impact.rawValue)\"/>\n"
            out += "      <property name=\"tags\" value=\"\(AuditMarkup.xml(rule.tags.joined(separator: " ")))\"/>\n"
            out += "      <property name=\"help\" value=\"\(AuditMarkup.xml(words.ruleText(rule.help)))\"/>\n"
            out += "    </properties>\n"
            sink.flush(&out, force: true)
            spool.write(r, to: sink)
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
    }

    /// "#card.1 (9. Starter Pack…) : message"
    private func elementLine(_ entry: AuditReport.Entry, _ message: String) -> String {
        words.junitElement(id: entry.element.id, index: entry.index, label: entry.element.label, message: message) + "\n"
    }
}
