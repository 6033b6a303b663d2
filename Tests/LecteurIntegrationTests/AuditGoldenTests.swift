// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The full report of the built-in catalogue, in every format, through the real binary, compared
/// with committed goldens (never written here). After an intended change: `scripts/update-goldens.sh`,
/// then review the diff it prints.
@Suite struct AuditGoldenTests {
    /// JSON, JUnit and SARIF carry the time of the run: the reproducible-builds variable fixes it.
    static let reproducible = ["SOURCE_DATE_EPOCH": "1700000000"]

    @Test(arguments: [("text", "audit-builtin.txt"), ("json", "audit-builtin.json"),
                      ("junit", "audit-builtin.junit.xml"), ("html", "audit-builtin.html"),
                      ("sarif", "audit-builtin.sarif")])
    func builtInCatalogueReport(format: String, golden: String) throws {
        let out = try LecteurProcess.run(["audit", "--format", format], environment: Self.reproducible)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.isEmpty)
        AuditFiles.expectGolden(out.stdout, golden)
    }

    @Test func builtInCatalogueReportInEnglish() throws {
        let out = try LecteurProcess.run(["audit", "--locale", "en"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("Summary"))
        AuditFiles.expectGolden(out.stdout, "audit-builtin.en.txt")
    }

    @Test func jsonHasTheShapeAxeToolsRead() throws {
        let out = try LecteurProcess.run(["audit", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        for bucket in ["violations", "passes", "incomplete", "inapplicable"] {
            let rules = try #require(report[bucket] as? [[String: Any]], "\(bucket) missing")
            for rule in rules {
                #expect(rule["id"] is String && rule["tags"] is [String] && rule["help"] is String
                        && rule["description"] is String && rule["nodes"] is [Any], "\(bucket): \(rule["id"] ?? "?")")
                #expect(bucket == "violations" || bucket == "incomplete" ? rule["impact"] is String : rule["impact"] is NSNull)
            }
        }
        let violations = try #require(report["violations"] as? [[String: Any]])
        // What the built-in catalogue, written with the seeds' strings, is known to break.
        #expect(Set(violations.compactMap { $0["id"] as? String }) == [
            "label-state-word", "hint-gives-order", "speech-acronym", "language-unmarked", "braille-number-split",
        ])
        let state = try #require(violations.first { $0["id"] as? String == "label-state-word" })
        let node = try #require((state["nodes"] as? [[String: Any]])?.first)
        #expect(node["target"] as? [String] == [#"[data-screen="formations"] #chip\.all"#])
        #expect(node["impact"] as? String == "moderate")
        #expect((node["failureSummary"] as? String)?.hasPrefix("Le libellé porte l'état « sélectionné »") == true)
        #expect(state["tags"] as? [String] == ["wcag2a", "wcag412", "rgaa-7.1"])
        // The element listing: 76 catalogue screens, then the loading and error screens.
        let screens = try #require(report["screens"] as? [[String: Any]])
        #expect(screens.count == 78)
        #expect(screens.suffix(2).map { $0["path"] as? String } == ["loading", "error"])
        let card = try #require((screens[0]["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "card.3" })
        #expect(card["cells"] as? String == "⡁⠛⠑⠝⠞⠎⠀⡊⡁⠀⠑⠞⠀⠁⠥⠞⠕⠍⠁⠞⠊⠎⠁⠞⠊⠕⠝⠂⠀⠝⠊⠧⠑⠁⠥⠀⡑⠭⠏⠑⠗⠞⠂⠀⠙⠥⠗⠿⠑⠀⠩⠀⠚⠕⠥⠗⠎⠂⠀⠡⡀⠹⠪⠼⡀⣑⠀⠃⠞⠝")
        #expect((card["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
                == ["hint-gives-order", "speech-acronym", "braille-number-split"])
    }

    @Test func junitIsWellFormedAndCountsAddUp() throws {
        let out = try LecteurProcess.run(["audit", "--format", "junit"])
        let document = try XMLDocument(data: Data(out.stdout.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 16)
        let tests = suites.map { Int($0.attribute(forName: "tests")?.stringValue ?? "") ?? -1 }
        let failures = suites.map { Int($0.attribute(forName: "failures")?.stringValue ?? "") ?? -1 }
        #expect(root.attribute(forName: "tests")?.stringValue == String(tests.reduce(0, +)))
        #expect(root.attribute(forName: "failures")?.stringValue == String(failures.reduce(0, +)))
        for (suite, count) in zip(suites, failures) {
            #expect(suite.elements(forName: "testcase").filter { !$0.elements(forName: "failure").isEmpty }.count == count)
        }
        let hints = try #require(suites.first { $0.attribute(forName: "name")?.stringValue == "hint-gives-order" })
        // The 14 cards fail on the unfiltered list and on their category's list.
        #expect(hints.attribute(forName: "failures")?.stringValue == "7")
        let failure = try #require(hints.elements(forName: "testcase").first?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "minor")
        #expect(failure.stringValue?.contains("#card.1 (9. Starter Pack - IA Générative") == true)
    }
}
