// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The audit's data checked against the real components it stands in for: the acronym lists
/// against espeak-ng's French phonemes, the braille cells against liblouis's fr-bfu-comp8 table.
@Suite struct AuditToolchainTests {
    private func lexicon() throws -> [String: Any] {
        let url = AuditFiles.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Locales/fr/lexique-audit.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// espeak-ng's phonemes with stress and pause marks removed, so "IA" and "I A" compare on sounds.
    private func phonemes(_ text: String) throws -> String {
        let run = try #require(try AuditFiles.run("espeak-ng", ["-v", "fr", "-x", "-q", text], timeout: 30),
                               "espeak-ng is required")
        #expect(run.status == 0)
        return String(run.stdout.unicodeScalars.filter { !",'_!|; \n%=".unicodeScalars.contains($0) }.map(Character.init))
    }

    private func spelled(_ acronym: String) -> String { acronym.map(String.init).joined(separator: " ") }

    @Test func misreadAcronymsAreReallyReadAsWordsByEspeak() throws {
        let list = try #require(try lexicon()["acronymsMisread"] as? [String])
        #expect(list.contains("IA"))
        for acronym in list {
            let read = try phonemes(acronym), letters = try phonemes(spelled(acronym))
            #expect(read != letters, "\(acronym) is spelled by espeak-ng ([\(read)]): move it to acronymsSpelled")
        }
        // The field notes' case: "IA" is the single syllable [ja].
        #expect(try phonemes("IA") == "ja")
    }

    @Test func spelledAcronymsAreReallySpelledByEspeak() throws {
        let list = try #require(try lexicon()["acronymsSpelled"] as? [String])
        // The loop below checks nothing on an empty list: the lexicon's known cases are there.
        #expect(list.count >= 10 && list.contains("RGPD") && list.contains("PDF"), "\(list)")
        for acronym in list {
            #expect(try phonemes(acronym) == (try phonemes(spelled(acronym))), "\(acronym) is not spelled by espeak-ng")
        }
    }

    @Test func acronymsSaidAsWordsAreReadAsWordsByEspeak() throws {
        let list = try #require(try lexicon()["acronymsSaidAsWords"] as? [String])
        #expect(list.contains("NASA") && list.contains("CNIL"), "\(list)")
        for acronym in list {
            #expect(try phonemes(acronym) != (try phonemes(spelled(acronym))), "\(acronym) is spelled by espeak-ng")
        }
    }

    @Test func cellsMatchLiblouisForEveryBrailleLineOfBothReports() throws {
        var lines: [(text: String, cells: String)] = []
        for arguments in [["audit", "--format", "json"],
                          ["audit", "--format", "json", "--catalog",
                           AuditFiles.fixture("audit-trips-every-rule.catalogue.json").path]] {
            let out = try LecteurProcess.run(arguments)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
            for screen in report["screens"] as? [[String: Any]] ?? [] {
                for element in screen["elements"] as? [[String: Any]] ?? [] {
                    if let text = element["braille"] as? String, let cells = element["cells"] as? String,
                       !lines.contains(where: { $0.text == text }) {
                        lines.append((text, cells))
                    }
                }
            }
        }
        #expect(lines.count > 200)
        #expect(lines.contains { $0.text.contains("🚀") }, "the uncovered character is part of the comparison")
        let run = try #require(try AuditFiles.run("lou_translate", ["--forward", "unicode.dis,fr-bfu-comp8.utb"],
                                                  input: lines.map(\.text).joined(separator: "\n") + "\n"),
                               "lou_translate (Debian package liblouis-bin) is required")
        #expect(run.status == 0)
        let louis = run.stdout.components(separatedBy: "\n")
        #expect(louis.count >= lines.count)
        var mismatches = 0
        for (i, line) in lines.enumerated() where i < louis.count && louis[i] != line.cells {
            mismatches += 1
            if mismatches <= 3 { Issue.record("«\(line.text)»: lecteur \(line.cells), liblouis \(louis[i])") }
        }
        #expect(mismatches == 0)
    }
}
