// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurApp
import LecteurAudit
import LecteurCore
import LecteurLocales
import Testing

/// `lecteur audit` as a CI uses it: exit status, rule listing, disabling, output file, and the
/// two crafted catalogues (one trips every rule, one trips none).
@Suite struct AuditCLITests {
    private func json(_ out: LecteurProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
    }

    private func ids(_ report: [String: Any], _ bucket: String) -> Set<String> {
        Set((report[bucket] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
    }

    static let allRules: Set<String> = [
        "label-missing", "label-role-word", "label-state-word", "label-in-name", "duplicate-label",
        "hint-repeats-label", "hint-gives-order", "speech-acronym", "speech-number-spaces", "speech-decimal-zeros",
        "speech-unit-abbreviation", "speech-numeric-date", "speech-morse-symbols", "language-unmarked",
        "braille-uncovered-character", "braille-number-split",
    ]

    /// The shipped files always load, so this failure is only seen by a broken install: it
    /// still says, in the user's language, which file and what to do.
    @Test func aMissingAuditFileIsToldInTheUsersLanguage() throws {
        let missing = AuditResources.Missing(file: "fr/lexique-audit.json")
        let fr = Strings(localeCode: "fr", table: try #require(LocaleResources.table(locale: "fr")))
        let en = Strings(localeCode: "en", table: try #require(LocaleResources.table(locale: "en")))
        #expect(AuditReportMessages(strings: fr).resourceMissing(file: missing.file) == "Le fichier d'audit fr/lexique-audit.json est absent ou illisible : réinstallez Lecteur (les listes de mots et la table braille de l'audit font partie du paquet).")
        #expect(AuditReportMessages(strings: en).resourceMissing(file: missing.file).hasPrefix("The audit file fr/lexique-audit.json is missing or unreadable"))
    }

    @Test func failOnSetsTheExitStatus() throws {
        // The built-in catalogue's worst findings are serious (numbers split on the braille line).
        let critical = try LecteurProcess.run(["audit", "--fail-on", "critical", "--format", "json"])
        #expect(critical.status == 0)
        let serious = try LecteurProcess.run(["audit", "--fail-on", "serious", "--format", "json"])
        #expect(serious.status == 1)
        #expect(serious.stderr == "Audit\u{202F}: 18 problèmes de gravité «\u{202F}grave\u{202F}» ou plus.\n")
        #expect(try json(serious)["violations"] is [Any], "the report is written before the status is set")
        let minor = try LecteurProcess.run(["audit", "--fail-on", "minor", "--format", "junit"])
        #expect(minor.status == 1)
        #expect(minor.stderr.contains("151 problèmes de gravité «\u{202F}mineure\u{202F}»"))
        let noGate = try LecteurProcess.run(["audit", "--format", "junit"])
        #expect(noGate.status == 0, "without --fail-on the audit reports and succeeds")
        let bad = try LecteurProcess.run(["audit", "--fail-on", "fatale"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Valeur inconnue «\u{202F}fatale\u{202F}» pour --fail-on\u{202F}: mineure, modérée, grave, critique."))
    }

    @Test func disablingARuleRemovesItFromTheReportAndTheGate() throws {
        let out = try LecteurProcess.run(["audit", "--format", "json", "--fail-on", "serious",
                                          "--disable", "braille-number-split", "--disable", "speech-acronym,language-unmarked"])
        #expect(out.status == 0)
        let report = try json(out)
        let every = ids(report, "violations").union(ids(report, "passes")).union(ids(report, "inapplicable"))
        #expect(every == Self.allRules.subtracting(["braille-number-split", "speech-acronym", "language-unmarked"]))
        #expect((report["toolOptions"] as? [String: Any])?["disabledRules"] as? [String]
                == ["speech-acronym", "language-unmarked", "braille-number-split"])
        let unknown = try LecteurProcess.run(["audit", "--disable", "label-mising"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("lecteur audit: Règle inconnue «\u{202F}label-mising\u{202F}». Règles\u{202F}: label-missing, "))
    }

    @Test func rulesAreListed() throws {
        let out = try LecteurProcess.run(["audit", "--rules"])
        #expect(out.status == 0)
        let lines = out.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.count == 16)
        #expect(Set(lines.map { String($0[0]) }) == Self.allRules)
        #expect(lines.first.map { $0.map(String.init) } == [
            "label-missing", "critical", "wcag2a,wcag412,rgaa-7.1,rgaa-11.9", "Chaque élément a un libellé qui dit ce qu'il est",
        ])
        let english = try LecteurProcess.run(["audit", "--rules", "--locale", "en"])
        #expect(english.stdout.contains("label-missing\tcritical\twcag2a,wcag412,rgaa-7.1,rgaa-11.9\tEvery element has a label that says what it is\n"))
    }

    @Test func outputFileReceivesTheReport() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let out = try LecteurProcess.run(["audit", "--format", "html", "--output", file.path])
        #expect(out.status == 0)
        #expect(out.stdout.isEmpty)
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"fr\">"))
        let nowhere = try LecteurProcess.run(["audit", "--output", "/nonexistent/dir/rapport.txt"])
        #expect(nowhere.status == 74, "EX_IOERR: a file that cannot be written")
        // The report goes through the one safe writer (issue 28), which says why.
        #expect(nowhere.stderr == "lecteur audit: Impossible d'écrire le fichier «\u{202F}/nonexistent/dir/rapport.txt\u{202F}»\u{202F}: le dossier n'existe pas.\n")
    }

    @Test func theCraftedCatalogueTripsEveryRule() throws {
        let out = try LecteurProcess.run([
            "audit", "--format", "json", "--fail-on", "critical",
            "--catalog", AuditFiles.fixture("audit-trips-every-rule.catalogue.json").path,
            "--strings", AuditFiles.fixture("audit-trips-every-rule.strings.json").path,
        ])
        #expect(out.status == 1, "a blank label is critical")
        let report = try json(out)
        #expect(ids(report, "violations") == Self.allRules)
        #expect(ids(report, "incomplete") == ["speech-acronym"], "KOALA is in no list")
        #expect(ids(report, "inapplicable").isEmpty)
        let blank = (report["violations"] as? [[String: Any]])?.first { $0["id"] as? String == "label-missing" }
        let node = (blank?["nodes"] as? [[String: Any]])?.first
        #expect(node?["target"] as? [String] == [#"[data-screen="detail/1"] #detail\.title"#])
    }

    @Test func theCleanCatalogueWithDescriptiveWordingTripsNone() throws {
        for format in ["json", "text"] {
            let out = try LecteurProcess.run([
                "audit", "--format", format, "--fail-on", "minor",
                "--catalog", AuditFiles.fixture("audit-clean.catalogue.json").path,
                "--strings", AuditFiles.fixture("audit-clean.strings.json").path,
            ])
            #expect(out.status == 0, "\(out.stderr)")
            if format == "json" {
                let report = try json(out)
                #expect(ids(report, "violations").isEmpty)
                #expect(ids(report, "incomplete").isEmpty)
                #expect(ids(report, "passes") == Self.allRules)
            } else {
                // French takes the singular for 0 (CLDR): « 0 problème », never « 0 problèmes ».
                #expect(out.stdout.contains("0 problème, 0 point à vérifier."), "\(out.stdout.prefix(400))")
            }
        }
        // The same clean catalogue with the seeds' own wording: only the seeds' strings are reported.
        let seeds = try LecteurProcess.run(["audit", "--format", "json",
                                            "--catalog", AuditFiles.fixture("audit-clean.catalogue.json").path])
        #expect(ids(try json(seeds), "violations") == ["label-state-word", "hint-gives-order"])
    }

    @Test func aStringsFileWithAnUnknownKeyIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"card.hnit": "Ouvre la fiche"}"#.utf8).write(to: file)
        let out = try LecteurProcess.run(["audit", "--strings", file.path])
        #expect(out.status == 65, "EX_DATAERR: the file was read, its content is wrong")
        #expect(out.stderr.contains("Clé inconnue «\u{202F}card.hnit\u{202F}»"))
        try Data("[1, 2]".utf8).write(to: file)
        #expect(try LecteurProcess.run(["audit", "--strings", file.path]).stderr.contains("Fichier de chaînes illisible"))
    }
}
