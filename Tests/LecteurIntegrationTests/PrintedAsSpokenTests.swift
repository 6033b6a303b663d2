// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Issue 35 through the real binary, from the text transcript alone (what Speakup or Orca reads
/// on the terminal): every answer is printed as it is said, in the interface's words — the
/// element with its role word and position, the review results, the spelling, `où`, a setting
/// read back.
@Suite struct PrintedAsSpokenTests {
    @Test func theTextTranscriptPrintsEveryAnswerAsSaid() throws {
        let home = NSTemporaryDirectory() + "lecteur-printed-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let script = "suivant\naller 1\nactiver\nsuivant\nmot suivant\ncaractère suivant\népeler\noù\nrégler ponctuation\n"
        let out = try LecteurProcess.run(["--transcript", "text", "--speech", "off", "--braille", "off"], input: script,
                                         environment: ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"])
        #expect(out.status == 0)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        // The element as said: role word and position, no parentheses.
        #expect(lines.contains("Accessibilité, non sélectionné, bouton, filtre 2 sur 7"), "\(lines)")
        #expect(!out.stdout.contains("(bouton)"))
        // The review results, `où` and the setting read back, in order, each on its own line.
        let start = try #require(lines.firstIndex(of: "les"), "\(lines)")
        #expect(Array(lines[start...]) == [
            "les", "e", "l, e, s", "Détail, élément 2 sur 8",
            // Printed with French's no-break spaces (issue 46); said with plain ones.
            "Ponctuation\u{202F}: quelques\u{202F}; au choix aucune, quelques, la plupart, toute.",
        ], "\(lines)")
    }
}
