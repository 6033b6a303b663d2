// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// `--braille-tty` against the real brltty (issue 15). By default the reader enters BrlAPI's tty
/// mode on its own terminal (BRLAPI_TTY_DEFAULT: here an X terminal's `WINDOWID`), else the root.
/// brltty's Virtual driver runs without a screen driver, so it has no focus to follow: these tests
/// show, for each mode, which tty brltty's BrlAPI server says the reader took (its debug log:
/// the window 4242 = 0x1092, or the root 0), and that the reader reaches the display; which client
/// brltty gives the display to when focus moves needs a screen driver (a real console or X session).
@Suite(.serialized) struct BrailleTtyTests {
    func reader(_ rig: BrlttyRig, _ extra: [String], windowID: String?) throws -> InteractiveLecteur {
        let home = NSTemporaryDirectory() + "lecteur-tty-\(UUID().uuidString)"
        var env = ["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none", "XDG_DATA_HOME": home + "/data",
                   "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config", "XDG_VTNR": "", "WINDOWPATH": "", "CONTROLVT": ""]
        env["WINDOWID"] = windowID ?? ""
        return try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "on"] + extra, environment: env)
    }

    func shows(_ rig: BrlttyRig, _ cells: String, after: Int, timeout: TimeInterval) -> Bool {
        rig.waitForBraille(after: after, timeout: timeout) { event in
            BrailleSessionTests.withoutCursor(event.unicode ?? "") == cells
        } != nil
    }

    /// `tty` with a window enters that window's tty; the default without one (no terminal to
    /// name) falls back to the root; `root` takes the root even with a window.
    @Test(.requires(.brltty), arguments: [(["--braille-tty", "tty"], "4242", "0x00001092"), ([], nil, "0000000000"),
                                          (["--braille-tty", "root"], "4242", "0000000000")])
    func eachModeTakesItsTtyAndReachesTheDisplay(options: [String], windowID: String?, tty: String) throws {
        let rig = try BrlttyRig.start(cells: 40, serverLog: true)
        defer { rig.stop() }
        let reader = try reader(rig, options, windowID: windowID)
        defer { _ = reader.finish() }
        let first = try #require(try reader.next("braille")["cells"] as? String)
        #expect(shows(rig, first, after: 0, timeout: 10))
        let seen = rig.brailleEvents().count
        reader.send("suivant")
        let chip = try #require(try reader.next("braille")["cells"] as? String)
        #expect(chip != first)
        #expect(shows(rig, chip, after: seen, timeout: 10))
        let log = try String(contentsOfFile: rig.brlttyLog, encoding: .utf8)
        let taken = log.split(separator: "\n").compactMap { line in
            line.range(of: "taking control of tty ").map { String(line[$0.upperBound...].prefix { $0 != " " }) }
        }
        #expect(taken == [tty], "ttys taken: \(taken)")
    }

    @Test func aBadTtyModeIsAUsageError() throws {
        let out = try LecteurProcess.run(["--braille-tty", "fenetre", "--speech", "off", "--braille", "off"])
        #expect(out.status == 64)
        #expect(out.stderr.contains("--braille-tty"))
    }
}
