// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 24 (the reader driven from the display's keys alone), on a terminal: a suite of its own
/// since issue 51 (see `BrailleInputKochTests`).
@Suite(.serialized) struct BrailleInputTerminalTests {
    /// The rig, the reader and the keys of `BrailleInputSessionTests`.
    let session = BrailleInputSessionTests()

    /// On a terminal the reader waits for a key in libedit (or in single-key mode): « quitter »
    /// typed on the display still ends it, with its goodbye, and the terminal is left as found.
    @Test(.requires(.brltty), arguments: ["lines", "keys"])
    func onATerminalQuittingFromTheDisplayEndsTheReader(input: String) throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let home = NSTemporaryDirectory() + "lecteur-braille-pty-\(UUID().uuidString)"
        // What the typing thread could not do, for the failure's message.
        let problems = Inbox<String>()
        let typing = Thread { [session] in
            // The reader is up, its catalogue loaded, once « 14 formations chargées. » is on the
            // display (brltty shows its own screen before).
            guard let loaded = rig.waitForBraille(timeout: 20, { BrailleSessionTests.withoutCursor($0.unicode ?? "").hasPrefix("⠠⠡⠹⠀⠋⠕⠗⠍⠁⠞⠊⠕⠝⠎") })
            else { problems.put("the catalogue never reached the display"); return }
            let after = rig.brailleEvents().firstIndex { $0.t == loaded.t } ?? 0
            do {
                for character in "quitter" { try session.send("PassDots \(BrailleInputSessionTests.letters[character]!)", rig) }
                // Enter once the display shows the word typed, as a person would: the line is
                // the reader's, every cell taken (run 9 lost this Enter in brltty, not here:
                // docs/testing.md, « The lost Enter »).
                guard rig.waitForBraille(after: after, timeout: 10, { BrailleSessionTests.withoutCursor($0.unicode ?? "").hasPrefix("⠟⠥⠊⠞⠞⠑⠗") }) != nil
                else { problems.put("« quitter » never showed on the display"); return }
                try session.send("PassDots 128", rig)
            } catch {
                problems.put("a key could not be sent: \(error)")
            }
        }
        typing.start()
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--speech", "off", "--braille", "on", "--input", input],
                                         environment: ["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none",
                                                       "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
                                                       "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"],
                                         steps: [])
        #expect(problems.all.isEmpty, "\(problems.all)")
        #expect(run.status == 0, "the reader did not end: \(run.output.suffix(400)); the display sent \(rig.events().filter { $0.event == "sent" }.compactMap(\.line))")
        #expect(BrailleInputSessionTests.typedLines(run.events("braille")).contains("quitter"))
        #expect(run.events("notice", code: "goodbye").count == 1, "one goodbye")
        #expect(run.sttyBefore == run.sttyAfter)
    }
}
