// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
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
        // One short line, that names `aide` (issue 45: read 13 s by Orca 43 before).
        #expect(notices.filter { $0 == "Orca lit ce terminal, Lecteur écrit sans parler. Tapez aide pour les commandes." }.count == 1,
                "\(notices)")
        #expect(run.events("focus").count >= 4, "navigation goes on")
        // The first element first, start-up's notice and the count after it (issue 45).
        let startup = run.events.map { event -> String in
            if event["type"] as? String == "focus" { return "focus" }
            return (event["type"] as? String == "notice" ? event["code"] as? String : nil) ?? ""
        }.filter { ["focus", "startup", "loaded"].contains($0) }
        #expect(Array(startup.prefix(3)) == ["focus", "loaded", "startup"], "\(startup)")
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
            // Issue 45: the start is said with the answer to the next line, when Orca reads
            // (printed at once, it came while Orca was still starting). The voice stops at once:
            // the answer 2 s after Orca's start is not spoken.
            PseudoTerminal.Step(bytes: [], until: nil, pause: 2, command: orca.startCommand),
            .type("suivant\r", until: "Orca a démarré"),
            .run(orca.stopCommand, until: "Orca s'est arrêté"),
            .type("suivant\r", until: "\"focus\""),
            .type("quitter\r", pause: 1),
        ])
        #expect(run.status == 0, "\(run.output)")
        _ = try #require(run.waits[2], "Orca's start was not said with the next answer: \(run.output)")
        let stopped = try #require(run.waits[3], "Orca's end was not noticed: \(run.output)")
        #expect(stopped < 2, "noticed after \(stopped) s")
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
        try "none\n".writeWhole(toFile: root + "/sys/accessibility/speakup/synth")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server, "LECTEUR_PROBE_ROOT": root]), steps: [
            // Said with the answer to the next line (issue 45), the voice stopped at once.
            PseudoTerminal.Step(bytes: [], until: nil, pause: 2,
                                command: ["/bin/sh", "-c", "echo soft > '\(root)/sys/accessibility/speakup/synth'"]),
            .type("suivant\r", until: "Speakup a démarré"),
            .type("quitter\r", pause: 1),
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.waits[1] != nil, "\(run.output)")
        let after = run.events.drop { ($0["message"] as? String)?.hasPrefix("Speakup a démarré") != true }
        #expect(!after.isEmpty)
        #expect(!after.contains { $0["type"] as? String == "speech" }, "\(Array(after))")
    }

    // MARK: Issue 45: readings, start-up and quitting at the pace of the channel

    /// What a terminal shows of `output`: its lines, escape sequences and carriage returns
    /// taken away, the prompt's redraws (a line that is only the prompt) dropped.
    static func screenLines(_ output: String) -> [String] {
        let plain = output.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
        // By scalars: "\r\n" is one Character. A carriage return followed by text rewrites the
        // line from its start (libedit's redraws): what is seen is what came after it.
        var lines: [String] = [], line = String.UnicodeScalarView(), returned = false
        for scalar in plain.unicodeScalars {
            switch scalar {
            case "\n":
                lines.append(String(line))
                line = .init()
                returned = false
            case "\r": returned = true
            default:
                if returned { line = .init() }
                returned = false
                line.append(scalar)
            }
        }
        lines.append(String(line))
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "lecteur>" }
    }

    /// Item 4: beside Orca on a terminal of 8 rows, `tout lire` prints at most one screen, then
    /// waits; Enter prints the next; after `stop`, `où` names the last element printed. Before:
    /// the whole list in 30 ms, the first elements scrolled away before Orca could read them,
    /// and `où` named the list's last element.
    @Test(.requires(.pulseAudio))
    func besideOrcaToutLireReadsOneScreenAtATime() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let rows = 8
        // Ready once start-up has said all it says: its count and notice come a second after
        // the first element (`BesideScreenReader.startupRestAfterSeconds`), before the answer to
        // a line typed sooner, which would take two of the screen's rows.
        let run = try PseudoTerminal.run(["--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server].merging(orca.environment) { $1 }),
                                         ready: "formations chargées.", rows: rows, steps: [
            .type("tout lire\r", until: "Pour la suite"),
            .type("\r", until: "filtre 7 sur 7"),
            .type("stop\r", until: "Silence."),
            .type("où\r", until: "Formations, "),
            .type("quitter\r", pause: 1),
        ])
        #expect(run.status == 0, "\(run.output)")
        let lines = Self.screenLines(run.output)
        let command = try #require(lines.firstIndex { $0.hasSuffix("tout lire") }, "\(lines)")
        let hint = try #require(lines.firstIndex { $0.hasPrefix("Pour la suite") }, "\(lines)")
        let firstScreen = Array(lines[(command + 1)..<hint])
        // The command's line, the elements, how to go on and the prompt fit in 8 rows.
        #expect(firstScreen.count <= rows - 3, "\(firstScreen)")
        #expect(firstScreen.first?.hasSuffix("filtre 1 sur 7") == true, "read from the focus: \(firstScreen)")
        #expect(!firstScreen.contains { $0.hasSuffix("filtre 7 sur 7") }, "more than a screen: \(firstScreen)")
        // Said once: the second screen does not say it again.
        #expect(lines.filter { $0.hasPrefix("Pour la suite") }.count == 1, "\(lines)")
        // The second screen (after Enter) fits too, and ends where `stop` was typed.
        let stopTyped = try #require(lines.firstIndex { $0.hasSuffix("> stop") }, "\(lines)")
        #expect(stopTyped - hint - 1 <= rows - 3, "\(lines[(hint + 1)..<stopTyped])")
        // `où` names the last element printed before `stop`, never one past it.
        let lastPrinted = lines[stopTyped - 1]
        let position = #"[a-z]+ \d+ sur \d+"#
        let printedAt = try #require(lastPrinted.range(of: position, options: .regularExpression).map { String(lastPrinted[$0]) },
                                     "\(lines)")
        let whereAmI = try #require(lines[stopTyped...].first { $0.hasPrefix("Formations, ") }, "\(lines)")
        #expect(whereAmI.hasSuffix(printedAt), "« où » said « \(whereAmI) », the last element printed was « \(lastPrinted) »: \(lines)")
    }

    /// Item 5: on a terminal, `--braille auto` and no brltty: at most two lines before the first
    /// element, and no braille notice (10 s of « Pas de plage braille… » beside Orca before).
    @Test(.requires(.pulseAudio), arguments: [true, false])
    func startUpIsTwoLinesAtMostAndNoBrailleNoticeWithoutADisplay(besideOrca: Bool) throws {
        let orca = try FakeOrca(running: besideOrca)
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let run = try PseudoTerminal.run(["--braille", "auto"],
                                         environment: env(["PULSE_SERVER": pulse.server, "BRLAPI_HOST": ":97"]
                                                          .merging(orca.environment) { $1 }),
                                         ready: "filtre 1 sur 7", rows: 24, steps: [.type("quitter\r", pause: 1)])
        #expect(run.status == 0, "\(run.output)")
        let lines = Self.screenLines(run.output)
        let first = try #require(lines.firstIndex { $0.hasSuffix("filtre 1 sur 7") }, "\(lines)")
        #expect(first <= 2, "before the first element: \(lines[..<first])")
        #expect(!lines.contains { $0.localizedCaseInsensitiveContains("braille") }, "\(lines)")
        if besideOrca {
            // Issue 45: the first element first, what start-up has to say after it (Orca 43 read
            // the notice and the count for 6.1 s before it: heard whole 9.5 s after Enter).
            #expect(first == 0, "before the first element: \(lines[..<first])")
            let after = lines[(first + 1)...]
            #expect(after.contains("14 formations chargées."), "\(lines)")
            // No speech-dispatcher here: the notice that says Lecteur has no voice beside Orca.
            #expect(after.contains { $0.hasPrefix("Orca est actif\u{202F}: Lecteur écrit tout") }, "\(lines)")
        }
    }

    /// Issue 45, item 2, through the binary beside a (fake) Orca on a pseudo-terminal: a Koch
    /// lesson says once that Enter asks each question; the first waits for it too (Orca 43 read
    /// the introduction for 21 s, question 1's tones under it); after a verdict no question is
    /// asked (no tones under the screen reader's reading of the verdict) until the user's Enter,
    /// even three seconds later and after another command; then question 2 comes, after the
    /// key's echo (`PracticePace.echoAllowanceMs`: Orca says « Entrée » and reads the prompt).
    @Test(.requires(.pulseAudio))
    func besideOrcaTheNextPracticeQuestionWaitsForEnter() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server].merging(orca.environment) { $1 }), steps: [
            .type("entraînement\r", until: "dès la première"),
            // Nothing asked while the introduction is read.
            .type("", pause: 3),
            .type("\r", until: "\"question\":1"),
            .type("k\r", until: "\"type\":\"practice\""),
            // Time for a screen reader to read the verdict: nothing is asked meanwhile.
            .type("", pause: 3),
            .type("où\r", until: "\"practice.where\""),
            .type("\r", until: "\"question\":2"),
            .type("stop\r", pause: 1),
            .type("quitter\r", pause: 1),
        ])
        #expect(run.status == 0, "\(run.output)")
        let notices = run.events("notice").compactMap { $0["message"] as? String }
        #expect(notices.filter { $0.hasSuffix("Entrée pour entendre chaque question, dès la première.") }.count == 1, "\(notices)")
        let order = run.events.map { event -> String in
            switch event["type"] as? String {
            // A question's tones carry its number; a wrong answer's correction (the seed decides
            // whether « k » is right) is a `morse` event without one, and no question.
            case "morse": (event["question"] as? Int).map { "question \($0)" } ?? ""
            case "practice": "answer \(event["question"] as? Int ?? 0)"
            case "notice" where event["code"] as? String == "practice.where": "où"
            default: ""
            }
        }.filter { !$0.isEmpty }
        #expect(order.prefix(4) == ["question 1", "answer 1", "où", "question 2"], "\(order)")
        let echo = Double(PracticePace.echoAllowanceMs) / 1000
        print("BESIDE practice: \(order); questions 1 and 2 came \(run.waits[2] ?? -1) s and \(run.waits[6] ?? -1) s after Enter")
        for step in [2, 6] {
            let wait = try #require(run.waits[step])
            #expect(wait >= echo && wait < echo + 2, "a question came \(wait) s after Enter (the key's echo: \(echo) s)")
        }
    }

    /// Issue 45, through the binary beside a (fake) Orca: a wrong answer's correction is not
    /// played at once, under the screen reader's echo of Enter and its reading of the verdict
    /// (0.43 to 0.55 s of overlap beside the real Orca 43, scripts/orca-pace.sh): its tones come
    /// after the echo (`PracticePace.echoAllowanceMs`), and the verdict is printed once they
    /// have been heard at the output, so the screen reader reads it after them.
    @Test(.requires(.pulseAudio))
    func besideOrcaAWrongAnswersCorrectionComesAfterTheEchoAndItsVerdictAfterIt() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--braille", "off"],
                                         environment: env(["PULSE_SERVER": pulse.server].merging(orca.environment) { $1 }), steps: [
            .type("entraînement\r", until: "dès la première"),
            .type("\r", until: "\"question\":1"),
            // The first Koch lesson asks K and M: E is wrong whatever the seed drew.
            .type("e\r", until: "\"code\":\"practice\""),
            .type("stop\r", pause: 1),
            .type("quitter\r", pause: 1),
        ])
        #expect(run.status == 0, "\(run.output)")
        let order = run.events.map { event -> String in
            switch event["type"] as? String {
            case "morse": (event["question"] as? Int).map { "question \($0)" } ?? "correction"
            case "practice": "answer"
            case "notice" where event["code"] as? String == "practice": "verdict"
            default: ""
            }
        }.filter { !$0.isEmpty }
        #expect(Array(order.suffix(from: order.firstIndex(of: "question 1") ?? 0).prefix(4))
                == ["question 1", "answer", "correction", "verdict"], "\(order)")
        let verdict = try #require(run.waits[2])
        let echo = Double(PracticePace.echoAllowanceMs) / 1000
        print("BESIDE correction: \(order); the verdict printed \(verdict) s after the wrong answer's Enter")
        // The echo's allowance, then the correction's two characters (K or M, and E) at least.
        #expect(verdict >= echo + 0.3 && verdict < echo + 6, "the verdict came \(verdict) s after Enter (echo: \(echo) s)")
        // The correction's tones print no line of their own (« ♪ K, puis E » was read by Orca 43
        // over them): the verdict names both characters.
        let correction = try #require(run.events("morse").first { $0["question"] == nil }, "\(run.events("morse"))")
        #expect(!Self.screenLines(run.output).contains { $0.hasPrefix("♪") && $0.contains(", puis") },
                "\(Self.screenLines(run.output)), correction \(correction)")
    }
}
