// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// `lecteur audit` in an auditor's pipeline: its reports read by the real consumers of each
/// format, baselines that gate only new findings, and the catalogue read from the API with the
/// reader's client.
@Suite struct AuditCITests {
    private func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("audit-ci-\(UUID().uuidString)-\(name)")
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Runs Tests/…/AuditTools/audit-consumers.py on a report written to a file.
    private func consume(_ kind: String, _ report: String) throws -> LecteurProcess.Output {
        let file = temporary("report")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(report.utf8).write(to: file)
        return try #require(try AuditFiles.run("python3", [AuditFiles.tool("audit-consumers.py").path, kind, file.path]),
                            "python3 is required (scripts/install-deps.sh test installs the consumers)")
    }

    @Test func axeResultReadersReadTheJSON() throws {
        let out = try LecteurProcess.run(["audit", "--format", "json"])
        #expect(out.status == 0)
        let read = try consume("axe", out.stdout)
        #expect(read.status == 0, "\(read.stderr)")
        // axe-selenium-python's report(): the rule, its help page and every target.
        #expect(read.stdout.contains("Found 5 accessibility violations:"))
        #expect(read.stdout.contains("\tURL: docs/audit-rules.md#label-state-word"))
        #expect(read.stdout.contains(#"Target: [data-screen="formations"] #chip\.all"#))
        // axe-playwright-python's AxeResults, and cssselect on every target of every bucket.
        #expect(read.stdout.contains("violations_count 5"))
        #expect(read.stdout.contains("targets parsed 7507"))
        let report = try json(out.stdout)
        #expect(report["url"] as? String == "lecteur:builtin")
        let stamp = try #require(report["timestamp"] as? String)
        #expect(ISO8601DateFormatter.withFraction.date(from: stamp).map { abs($0.timeIntervalSinceNow) < 120 } == true)
        let node = try #require(((report["violations"] as? [[String: Any]])?.first?["nodes"] as? [[String: Any]])?.first)
        let check = try #require((node["none"] as? [[String: Any]])?.first)
        #expect(check["data"] is NSNull && (check["relatedNodes"] as? [Any])?.isEmpty == true)
        #expect((node["fingerprint"] as? String)?.count == 32)
    }

    @Test func theRulesPageDocumentsEveryRuleAsTheReportDoes() throws {
        let page = try String(contentsOf: AuditFiles.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/audit-rules.md"), encoding: .utf8)
        let report = try LecteurProcess.run(["audit"]).stdout
        let rulesSection = try #require(report.components(separatedBy: "\nRègles\n").last)
        for block in rulesSection.components(separatedBy: "\n\n") where !block.isEmpty {
            let lines = block.split(separator: "\n").map(String.init)
            let heading = lines[0].components(separatedBy: " — ")
            #expect(page.contains("\n## \(heading[0])\n\n**\(heading[1])**\n"), "\(heading[0]) has no section")
            for line in lines.dropFirst() {
                #expect(page.contains("- " + line.trimmingCharacters(in: .whitespaces) + "\n"), "\(heading[0]): \(line)")
            }
        }
        #expect(page.components(separatedBy: "\n## ").count == 17)
    }

    @Test func sarifValidatesAgainstTheOfficialSchemaWithStableFingerprints() throws {
        let first = try LecteurProcess.run(["audit", "--format", "sarif", "--help-url", "https://example.org/lecteur/regles"])
        #expect(first.status == 0)
        let read = try consume("sarif", first.stdout)
        #expect(read.status == 0, "\(read.stdout)\(read.stderr)")
        #expect(read.stdout.contains("schema errors 0\nresults 151\n"))
        let log = try json(first.stdout)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == 16)
        let stateWord = try #require(rules.first { $0["id"] as? String == "label-state-word" })
        #expect(stateWord["helpUri"] as? String == "https://example.org/lecteur/regles#label-state-word")
        #expect((stateWord["properties"] as? [String: Any])?["tags"] as? [String]
                == ["wcag2a", "wcag412", "rgaa-7.1", "accessibility"])
        let results = try #require(run["results"] as? [[String: Any]])
        let chip = try #require(results.first { $0["ruleId"] as? String == "label-state-word" })
        let location = try #require(((chip["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]])?.first)
        #expect(location["fullyQualifiedName"] as? String == "formations/#chip.all")
        #expect(chip["level"] as? String == "warning" && chip["kind"] as? String == "fail")
        // A second run, another time: the same fingerprints.
        let second = try LecteurProcess.run(["audit", "--format", "sarif"], environment: ["SOURCE_DATE_EPOCH": "1800000000"])
        func fingerprints(_ text: String) throws -> [String] {
            let run = try #require((try json(text)["runs"] as? [[String: Any]])?.first)
            return (run["results"] as? [[String: Any]] ?? []).compactMap {
                ($0["partialFingerprints"] as? [String: String])?["lecteurFinding/v1"]
            }
        }
        let a = try fingerprints(first.stdout), b = try fingerprints(second.stdout)
        #expect(a.count == 151 && Set(a).count == 151, "one fingerprint per finding")
        #expect(a == b)
        #expect(second.stdout.contains("\"startTimeUtc\": \"2027-01-15T08:00:00.000Z\""))
    }

    @Test func junitValidatesAgainstJenkinsAndSurefireSchemas() throws {
        for arguments in [["audit", "--format", "junit"],
                          ["audit", "--format", "junit", "--catalog",
                           AuditFiles.fixture("audit-trips-every-rule.catalogue.json").path]] {
            let out = try LecteurProcess.run(arguments)
            let read = try consume("junit", out.stdout)
            #expect(read.status == 0, "\(read.stdout)\(read.stderr)")
            #expect(read.stdout.contains("validates"))
            #expect(!read.stdout.contains("fails to validate"))
            #expect(out.stdout.contains("<property name=\"timestamp\" value=\"20"))
            // Issue 38 item 13: where Jenkins and GitLab read them, on every suite.
            let suites = out.stdout.components(separatedBy: "<testsuite ").dropFirst()
            #expect(!suites.isEmpty)
            for suite in suites {
                let head = String(suite.prefix { $0 != ">" })
                #expect(head.range(of: #" time="[0-9]+\.[0-9]{3}""#, options: .regularExpression) != nil, "\(head)")
                #expect(head.range(of: #" timestamp="20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z""#, options: .regularExpression) != nil, "\(head)")
            }
            #expect(out.stdout.range(of: #"<testsuites [^>]* time="[0-9]+\.[0-9]{3}">"#, options: .regularExpression) != nil)
        }
        // The checker does refuse what Jenkins refuses: `skipped` on <testsuites>.
        let old = #"<?xml version="1.0" encoding="UTF-8"?><testsuites tests="0" failures="0" errors="0" skipped="0"></testsuites>"#
        #expect(try consume("junit", old).status != 0)
    }

    /// The built-in catalogue with one more formation whose title trips rules on new elements.
    private func catalogueWithANewFinding() throws -> URL {
        let envelope = try #require(try JSONSerialization.jsonObject(with: Data(BuiltInCatalogue.json.utf8)) as? [String: Any])
        var records = try #require(envelope["data"] as? [[String: Any]])
        var extra = try #require(records.first)
        extra["id"] = 999
        extra["title"] = "Atelier RGPD : 2 jours"
        records.append(extra)
        let file = temporary("catalogue.json")
        try JSONSerialization.data(withJSONObject: records).write(to: file)
        return file
    }

    @Test func aBaselineGatesOnlyNewFindings() throws {
        let baseline = temporary("baseline.json")
        defer { try? FileManager.default.removeItem(at: baseline) }
        let written = try LecteurProcess.run(["audit", "--format", "json", "--write-baseline", baseline.path])
        #expect(written.status == 0)
        #expect(written.stderr == "Référence\u{202F}: 151 constats enregistrés dans «\u{202F}\(baseline.path)\u{202F}».\n")
        // Without a baseline the seeds' wording fails the gate; with it, nothing new: it passes.
        #expect(try LecteurProcess.run(["audit", "--fail-on", "minor"]).status == 1)
        let gated = try LecteurProcess.run(["audit", "--fail-on", "minor", "--baseline", baseline.path])
        #expect(gated.status == 0, "\(gated.stderr)")
        #expect(gated.stderr == "Référence — connus\u{202F}: 151\u{202F}; nouveaux\u{202F}: 0\u{202F}; corrigés depuis\u{202F}: 0.\n")
        // The baseline shipped for the built-in catalogue is the same.
        let shipped = AuditFiles.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/audit-baseline.json")
        #expect(try String(contentsOf: shipped, encoding: .utf8) == (try String(contentsOf: baseline, encoding: .utf8)))
        // A new formation brings new findings: the gate fails on them only, and the reports say which.
        let catalogue = try catalogueWithANewFinding()
        defer { try? FileManager.default.removeItem(at: catalogue) }
        let failing = try LecteurProcess.run(["audit", "--format", "sarif", "--fail-on", "minor",
                                              "--baseline", shipped.path, "--catalog", catalogue.path])
        #expect(failing.status == 1)
        let lines = failing.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Référence — connus\u{202F}: 151\u{202F}; nouveaux\u{202F}: ") == true)
        #expect(lines.last?.hasPrefix("Audit\u{202F}: ") == true && lines.last?.hasSuffix("(hors référence).") == true)
        let run = try #require((try json(failing.stdout)["runs"] as? [[String: Any]])?.first)
        let fresh = (run["results"] as? [[String: Any]] ?? []).filter { $0["baselineState"] as? String == "new" }
        #expect(!fresh.isEmpty)
        #expect(fresh.allSatisfy {
            let name = ((($0["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]])?.first?["fullyQualifiedName"] as? String) ?? ""
            return name.hasPrefix("detail/999/") || name.hasSuffix("#card.999")
        }, "only the new formation's elements are new")
        // A file that is not a baseline is refused in French.
        let bad = try LecteurProcess.run(["audit", "--baseline", "/etc/hostname"])
        #expect(bad.status == 65, "EX_DATAERR: a file that is not a baseline")
        #expect(bad.stderr.contains("Fichier de référence illisible «\u{202F}/etc/hostname\u{202F}»"))
    }

    @Test func theAuditReadsTheAPIWithTheReadersRetriesAndTimeout() throws {
        let server = try CatalogueServer()
        let url = server.url("slow-1-then-ok")
        // The first request outlasts --timeout 1, the retry a second later gets the catalogue.
        let out = try LecteurProcess.run(["audit", "--format", "json", "--timeout", "1", "--catalog", url], timeout: 60)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.hasPrefix("Échec du chargement ("))
        #expect(out.stderr.contains("Nouvel essai dans 1 seconde, tentative 2 sur 4."))
        #expect(try server.requestTimes(url).count == 2)
        let report = try json(out.stdout)
        #expect(report["url"] as? String == url + "/formations")
        #expect(((report["screens"] as? [[String: Any]])?.first?["elements"] as? [Any])?.isEmpty == false)
        // A 404 is not retried and the audit says why, exit 65.
        let missing = try LecteurProcess.run(["audit", "--catalog", server.url("status-404")])
        #expect(missing.status == 65)
        #expect(missing.stderr == "lecteur audit: Formations introuvables (code: 404). Vérifiez l'adresse du serveur.\n")
    }

    @Test func theOfflineCopyIsAuditedOnlyWhenAllowedAndSaysSo() throws {
        let cache = temporary("cache")
        defer { try? FileManager.default.removeItem(at: cache) }
        let env = ["XDG_CACHE_HOME": cache.path]
        let port: Int
        do {
            let server = try CatalogueServer()
            port = server.port
            let first = try LecteurProcess.run(["audit", "--catalog", server.url("ok", key: "k")], environment: env)
            #expect(first.status == 0)
        }
        let gone = "http://127.0.0.1:\(port)/ok/k"
        let refused = try LecteurProcess.run(["audit", "--catalog", gone], environment: env, timeout: 60)
        #expect(refused.status == 65)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("L'audit refuse la copie hors ligne du "))
        #expect(refused.stderr.contains("ajoutez --allow-offline"))
        let allowed = try LecteurProcess.run(["audit", "--format", "json", "--allow-offline", "--catalog", gone],
                                             environment: env, timeout: 60)
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("Audit de la copie hors ligne du "))
        let environment = try #require(try json(allowed.stdout)["testEnvironment"] as? [String: Any])
        #expect(environment["offlineCopyFetchedAt"] is String)
    }
}

extension ISO8601DateFormatter {
    static var withFraction: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
