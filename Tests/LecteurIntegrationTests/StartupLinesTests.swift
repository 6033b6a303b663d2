// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 35, item 4: the start-up says at most two lines before the first element, in every
/// mode, as printed on a terminal (what Speakup, Orca or a braille display on the console read):
/// with its own voice and braille only. Beside a screen reader (issue 45) the first element comes
/// first, alone on the terminal for a second — a real Orca 43 then reads it as an utterance of its
/// own — and the two short lines after it.
@Suite(.serialized) struct StartupLinesTests {
    func env(_ extra: [String: String]) -> [String: String] {
        let home = NSTemporaryDirectory() + "lecteur-startup-lines-\(UUID().uuidString)"
        return ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
                "XDG_STATE_HOME": home + "/state", "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock",
                "DBUS_SESSION_BUS_ADDRESS": "", "LECTEUR_PROBE_ROOT": home + "/root"].merging(extra) { $1 }
    }

    static let firstElement = "filtre 1 sur 7"

    /// The printed lines before the first element's, escapes (focus reports, line redraws) left out.
    static func linesBeforeFirstElement(_ output: String) -> [String] {
        let lines = printedLines(output)
        guard let first = lines.firstIndex(where: { $0.contains(firstElement) }) else { return lines }
        return Array(lines[..<first])
    }

    /// The printed lines after the first element's, up to the prompt.
    static func linesAfterFirstElement(_ output: String) -> [String] {
        let lines = printedLines(output)
        guard let first = lines.firstIndex(where: { $0.contains(firstElement) }) else { return [] }
        return Array(lines[(first + 1)...].prefix { !$0.hasPrefix("lecteur>") })
    }

    /// The printed lines, escapes (focus reports, line redraws) and blank lines left out.
    static func printedLines(_ output: String) -> [String] {
        let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;?>]*[A-Za-z]", with: "", options: .regularExpression)
        return plain.components(separatedBy: "\r\n").map { $0.components(separatedBy: "\r").last ?? "" }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    func check(_ run: PseudoTerminal.Run) {
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(Self.firstElement), "no first element: \(run.output)")
        let before = Self.linesBeforeFirstElement(run.output)
        #expect(!before.isEmpty && before.count <= 2, "\(before.count) lines before the first element: \(before)")
        #expect(before.contains { $0.contains("«\u{202F}aide\u{202F}»") }, "the welcome names «\u{202F}aide\u{202F}»: \(before)")
    }

    @Test(.requires(.pulseAudio)) func withItsOwnVoice() throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        check(try PseudoTerminal.run(["--braille", "off"], environment: env(["PULSE_SERVER": pulse.server]),
                                     ready: Self.firstElement, steps: [.type("quitter\r", pause: 1)]))
    }

    @Test(.requires(.pulseAudio)) func besideAScreenReader() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let run = try PseudoTerminal.run(["--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server].merging(orca.environment) { $1 }),
                                         ready: Self.firstElement,
                                         steps: [.type("", until: "formations chargées."), .type("quitter\r", pause: 1)])
        #expect(run.status == 0, "\(run.output)")
        #expect(Self.linesBeforeFirstElement(run.output).isEmpty, "the first element is printed first: \(run.output)")
        // Alone on the terminal for a while (`BesideScreenReader.startupRestAfterSeconds`, 1 s):
        // printed in the same burst, Orca 43 read the element, the count and the notice as one
        // utterance (« …filtre 1 sur 7 14 formations chargées… »). Measured from when the driver
        // read the element: a driver that read it late (a loaded machine) sees less than the
        // second, hence 0.5 s; none at all after it means the count came in the element's
        // burst. Before this change: 0.0003 s.
        let alone = try #require(run.waits.first ?? nil, "the count came with the element, not after it: \(run.output)")
        #expect(alone >= 0.5, "the element alone for \(alone) s only")
        // No speech-dispatcher here: the notice is the one that says why Lecteur stays silent.
        let after = Self.linesAfterFirstElement(run.output)
        #expect(after.count == 2 && after.first == "14 formations chargées."
                && after.last?.hasPrefix("Orca est actif\u{202F}: Lecteur écrit tout et ne parle pas") == true
                && after.last?.contains("«\u{202F}aide\u{202F}»") == true,
                "the count and the notice, after the element: \(Self.printedLines(run.output))")
    }

    @Test(.requires(.brltty)) func brailleOnly() throws {
        let rig = try BrlttyRig.start()
        defer { rig.stop() }
        check(try PseudoTerminal.run(["--speech", "off", "--braille", "on"],
                                     environment: env(["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none"]),
                                     ready: Self.firstElement, steps: [.type("quitter\r", pause: 1)]))
    }
}
