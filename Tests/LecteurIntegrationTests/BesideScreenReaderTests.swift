// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 35, item 4: on a terminal beside a screen reader, the screen reader reads what the
/// reader prints, so the reader prints everything and speaks nothing; while its terminal is not
/// focused (`ESC [ O`), a background event is said at speech-dispatcher's `text` priority, which
/// the screen reader's `message` cuts. A screen reader starting or quitting later is noticed.
/// Orca is a process of this user named `orca` (`FakeOrca`, shown through a private probe root), as Orca
/// finds its own instances.
@Suite(.serialized) struct BesideScreenReaderTests {
    func env(_ extra: [String: String]) -> [String: String] {
        let home = NSTemporaryDirectory() + "lecteur-beside-\(UUID().uuidString)"
        return ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
                "XDG_STATE_HOME": home + "/state", "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock",
                "DBUS_SESSION_BUS_ADDRESS": "", "LECTEUR_PROBE_ROOT": home + "/root"].merging(extra) { $1 }
    }

    /// The texts speech-dispatcher queued, with their SSIP priority (2 message, 3 text), from its
    /// log at level 5: « Queueing message |TEXT| with priority N ».
    static func queued(_ log: String) -> [(text: String, priority: Int)] {
        log.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "Queueing message |"), let end = line.range(of: "| with priority ", range: start.upperBound..<line.endIndex),
                  let priority = Int(line[end.upperBound...].prefix { $0.isNumber }) else { return nil }
            return (String(line[start.upperBound..<end.lowerBound]), priority)
        }
    }

    @Test(.requires(.pulseAudio, .speechDispatcher))
    func besideOrcaOnATerminalOnlyBackgroundEventsAreSaidAndOnlyUnfocused() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let speechd = try PrivateSpeechDispatcher(pulse: pulse, logLevel: 5)
        defer { speechd.stop() }
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server, "SPEECHD_ADDRESS": speechd.address].merging(orca.environment) { $1 }), steps: [
            .type("suivant\r", until: "\"focus\""),
            .type("où\r", until: "\"focus\""),
            // Another window takes the focus: the reload's result is a background event.
            .type("\u{1B}[O", pause: 0.3),
            .type("actualiser\r", until: "\"loaded\""),
            .type("\u{1B}[I", pause: 0.3),
            .type("actualiser\r", until: "\"loaded\""),
            .type("quitter\r"),
        ])
        #expect(run.status == 0, "\(run.output)")
        // Asked for focus reports, and turned them off on the way out.
        #expect(run.output.contains("\u{1B}[?1004h") && run.output.contains("\u{1B}[?1004l"))
        let notices = run.events("notice").compactMap { $0["message"] as? String }
        #expect(notices.filter { $0.hasPrefix("Orca lit ce terminal : Lecteur écrit tout") }.count == 1, "\(notices)")
        #expect(run.events("focus").count >= 4, "navigation goes on")
        // Spoken: only the catalogue loaded while the terminal was not focused, once.
        let spoken = run.events("speech").compactMap { $0["text"] as? String }
        #expect(spoken.count == 1, "\(spoken)")
        #expect(spoken.first?.contains("formation") == true, "\(spoken)")
        usleep(500_000)
        let queued = Self.queued(speechd.log)
        #expect(queued.count == 1, "\(queued)")
        #expect(queued.allSatisfy { $0.priority == 3 }, "at text, never message: \(queued)")
    }

    /// Measured with the real Orca 43 in GNOME Terminal (scripts/orca-session.sh): beside Orca, in
    /// the default text transcript, the answers to `suivant` and `aide` were not spoken (right) and
    /// not printed either (the text transcript printed only speech), so Orca had nothing to read;
    /// and VTE's first focus report, answered at once, was echoed by the kernel before libedit's
    /// first line (« ^[[I » read out by Orca).
    @Test(.requires(.pulseAudio))
    func besideOrcaTheTextTranscriptPrintsEveryAnswerAndNoFocusReport() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let run = try PseudoTerminal.run(["--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server].merging(orca.environment) { $1 }),
                                         ready: "\u{1B}[?1004h", steps: [
            // As VTE does: the report comes as soon as it is asked for, while the reader starts.
            .type("\u{1B}[I", until: "lecteur> "),
            .type("suivant\r", until: "filtre 2 sur 7"),
            .type("aide\r", until: "Commandes"),
            .type("quitter\r", pause: 1),
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("^[[I") && !run.output.contains("^["), "the focus report was echoed: \(run.output)")
        let lines = run.output.components(separatedBy: "\r\n")
        #expect(lines.filter { $0.hasSuffix("filtre 2 sur 7") }.count == 1, "suivant's answer, once, with its position: \(lines)")
        #expect(lines.filter { $0.hasPrefix("Commandes (majuscules") }.count == 1, "aide's answer: \(lines)")
        #expect(lines.contains("Au revoir."), "\(lines)")
    }

    @Test(.requires(.pulseAudio))
    func orcaStartedAfterAndQuitBeforeTheReaderIsNoticedOnceEachWithinTwoSeconds() throws {
        let orca = try FakeOrca(running: false)
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server].merging(orca.environment) { $1 }), steps: [
            .type("suivant\r", until: "\"focus\""),
            .run(orca.startCommand, until: "Orca a démarré"),
            .type("suivant\r", until: "\"focus\""),
            .run(orca.stopCommand, until: "Orca s'est arrêté"),
            .type("suivant\r", until: "\"focus\""),
            .type("quitter\r", pause: 1),
        ])
        #expect(run.status == 0, "\(run.output)")
        let started = try #require(run.waits[1], "Orca's start was not noticed: \(run.output)")
        let stopped = try #require(run.waits[3], "Orca's end was not noticed: \(run.output)")
        #expect(started < 2 && stopped < 2, "noticed after \(started) s and \(stopped) s")
        let notices = run.events("notice").compactMap { $0["message"] as? String }
        #expect(notices.filter { $0.hasPrefix("Orca a démarré") }.count == 1, "\(notices)")
        #expect(notices.filter { $0.hasPrefix("Orca s'est arrêté") }.count == 1, "\(notices)")
        // Spoken before Orca, silent beside it, spoken again after: split the events there.
        let events = run.events.map { ($0["type"] as? String ?? "", $0["message"] as? String ?? $0["text"] as? String ?? "") }
        let start = try #require(events.firstIndex { $0.1.hasPrefix("Orca a démarré") })
        let end = try #require(events.firstIndex { $0.1.hasPrefix("Orca s'est arrêté") })
        #expect(events[..<start].contains { $0.0 == "speech" })
        #expect(!events[start..<end].contains { $0.0 == "speech" }, "\(events[start..<end])")
        #expect(events[end...].contains { $0.0 == "speech" && $0.1.contains("arrêté") }, "the switch back is said")
        #expect(events[end...].filter { $0.0 == "focus" }.count >= 1)
        #expect(events[end...].dropFirst().contains { $0.0 == "speech" && !$0.1.contains("arrêté") }, "the voice is back")
    }

    /// Speakup's state in sysfs is watched too: loaded with a synthesizer later, it is noticed.
    @Test(.requires(.pulseAudio))
    func speakupTurnedOnLaterIsNoticed() throws {
        let root = NSTemporaryDirectory() + "lecteur-probe-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/sys/accessibility/speakup", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/proc", withIntermediateDirectories: true)
        try "none\n".write(toFile: root + "/sys/accessibility/speakup/synth", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server, "LECTEUR_PROBE_ROOT": root]), steps: [
            .run(["/bin/sh", "-c", "echo soft > '\(root)/sys/accessibility/speakup/synth'"], until: "Speakup a démarré"),
            .type("suivant\r", until: "\"focus\""),
            .type("quitter\r", pause: 1),
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(try #require(run.waits[0]) < 2)
        let after = run.events.drop { ($0["message"] as? String)?.hasPrefix("Speakup a démarré") != true }
        #expect(!after.isEmpty)
        #expect(!after.contains { $0["type"] as? String == "speech" }, "\(Array(after))")
    }
}
