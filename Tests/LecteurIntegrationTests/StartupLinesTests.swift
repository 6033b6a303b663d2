// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 35, item 4: the start-up says at most two lines before the first element, in every
/// mode, as printed on a terminal (what Speakup, Orca or a braille display on the console read):
/// with its own voice, beside a screen reader (measured with Orca 43: three lines), braille only.
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
        let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;?>]*[A-Za-z]", with: "", options: .regularExpression)
        let lines = plain.components(separatedBy: "\r\n").map { $0.components(separatedBy: "\r").last ?? "" }
        guard let first = lines.firstIndex(where: { $0.contains(firstElement) }) else { return lines }
        return lines[..<first].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    func check(_ run: PseudoTerminal.Run) {
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(Self.firstElement), "no first element: \(run.output)")
        let before = Self.linesBeforeFirstElement(run.output)
        #expect(!before.isEmpty && before.count <= 2, "\(before.count) lines before the first element: \(before)")
        #expect(before.contains { $0.contains("« aide »") }, "the welcome names « aide »: \(before)")
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
                                         ready: Self.firstElement, steps: [.type("quitter\r", pause: 1)])
        check(run)
        #expect(Self.linesBeforeFirstElement(run.output).first?.hasPrefix("Orca est actif : Lecteur écrit tout et ne parle pas") == true, "\(run.output)")
    }

    @Test(.requires(.brltty)) func brailleOnly() throws {
        let rig = try BrlttyRig.start()
        defer { rig.stop() }
        check(try PseudoTerminal.run(["--speech", "off", "--braille", "on"],
                                     environment: env(["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none"]),
                                     ready: Self.firstElement, steps: [.type("quitter\r", pause: 1)]))
    }
}
