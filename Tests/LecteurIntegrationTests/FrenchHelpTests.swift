// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Issue 35, item 6: under a French locale `lecteur --help` and every subcommand's help are
/// French, the parser's own frame (headings, `--help`, `--version`) included; under an English
/// one they stay English.
@Suite struct FrenchHelpTests {
    static let requests: [[String]] = [["--help"], ["-h"], ["help"], ["read", "--help"], ["audit", "--help"],
                                       ["morse", "--help"], ["say", "--help"], ["help", "audit"]]
    static let frame = ["OVERVIEW:", "USAGE:", "OPTIONS:", "ARGUMENTS:", "SUBCOMMANDS:", "Show help information.",
                        "Show the version.", "See 'lecteur help", "(default)", "<subcommand>"]

    @Test(arguments: requests)
    func helpIsFrenchUnderAFrenchLocale(_ arguments: [String]) throws {
        let out = try LecteurProcess.run(arguments, environment: ["LANG": "fr_FR.UTF-8"])
        #expect(out.status == 0, "\(out.stderr)")
        for english in Self.frame { #expect(!out.stdout.contains(english), "« \(english) » in: \(out.stdout)") }
        #expect(out.stdout.contains("UTILISATION\u{202F}:"), "\(out.stdout)")
        #expect(out.stdout.contains("Affiche l'aide."), "\(out.stdout)")
    }

    @Test func theColumnsStayAligned() throws {
        let out = try LecteurProcess.run(["--help"], environment: ["LC_ALL": "fr_FR.UTF-8"])
        let read = try #require(out.stdout.split(separator: "\n").first { $0.contains("read (défaut)") })
        let audit = try #require(out.stdout.split(separator: "\n").first { $0.hasPrefix("  audit ") })
        #expect(read.firstIndex(of: "L").map { read.distance(from: read.startIndex, to: $0) }
            == audit.firstIndex(of: "L").map { audit.distance(from: audit.startIndex, to: $0) }, "\(read)\n\(audit)")
    }

    @Test func helpStaysEnglishUnderAnEnglishLocale() throws {
        let out = try LecteurProcess.run(["--help"], environment: ["LANG": "en_GB.UTF-8"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("USAGE:") && out.stdout.contains("Show help information."), "\(out.stdout)")
    }
}
