// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 25 through the binary on a pseudo-terminal, as a person types: line editing, history
/// (also across two runs), Tab completion, Ctrl-C, Ctrl-D, `q` asking first, single-key mode,
/// and the terminal left as it was found.
@Suite struct TerminalKeyboardSessionTests {
    static let up = "\u{1B}[A", down = "\u{1B}[B", left = "\u{1B}[D", end = "\u{1B}[F", escape = "\u{1B}"
    static let arguments = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    static func messages(_ run: PseudoTerminal.Run, _ type: String, code: String? = nil) -> [String] {
        run.events(type, code: code).compactMap { $0["message"] as? String }
    }

    @Test func linesAreEditedRecalledCompletedAndInterrupted() throws {
        let home = ReaderHome()
        defer { home.remove() }
        // Longer than the kernel's 4 095-byte line: the word after the spaces must still arrive.
        let long = "chercher" + String(repeating: " ", count: 4200) + "radio\r"
        let run = try PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
            .type("suivan"), .type(Self.left + Self.left), .type("X"), .type(Self.end), .type("\r", until: "\"error\""),
            .type(long, until: "\"focus\""),
            .type("fil\t", until: "\"speech\""), .type("bur\t", until: "\"speech\""), .type("\r", until: "\"filter\""),
            .type(Self.up, pause: 0.5), .type("\r", until: "\"filter\""),
            // « é » erased by one Backspace: a character, not a byte.
            .type("abc"), .type("\u{03}", until: "\"stop\""), .type("oùé"), .type("\u{7F}"), .type("\r", until: "\"where\""),
            // Words echoed as they end, in the reader's voice; then erased.
            .type("régler écho mots\r", until: "\"setting\""), .type("Chut ", until: "\"speech\""),
            .type(String(repeating: "\u{7F}", count: 5)),
            .type("\u{04}", until: "goodbye"),
        ])
        #expect(run.status == 0, "Ctrl-D leaves with status 0: \(run.output.suffix(400))")
        #expect(run.events("speech").contains { $0["text"] as? String == "Chut" && $0["interrupt"] as? Bool == true })
        #expect(Self.messages(run, "notice", code: "welcome").count == 1)
        let errors = Self.messages(run, "error")
        #expect(errors.first?.contains("« suivXan »") == true, "← ← X then End gives the edited line: \(errors)")
        let radio = run.events("focus").first { ($0["label"] as? String)?.hasPrefix("Radio") == true }
        #expect(radio != nil, "a line of 4 200 bytes is read whole")
        let completed = run.events("speech").compactMap { $0["text"] as? String }
        #expect(completed.contains("filtre") && completed.contains("Bureautique"), "\(completed)")
        let filters = Self.messages(run, "notice", code: "filter")
        #expect(filters.filter { $0.hasPrefix("Bureautique") }.count == 2, "Tab completed, then ↑ recalled it: \(filters)")
        #expect(Self.messages(run, "notice", code: "stop") == ["Silence."], "\(run.output.suffix(600).debugDescription)")
        #expect(Self.messages(run, "error").count == 1, "Ctrl-C emptied « abc »: « où » alone followed")
        #expect(Self.messages(run, "notice", code: "where").count == 1)
        #expect(Self.messages(run, "notice", code: "goodbye") == ["Au revoir."])
        #expect(!run.sttyBefore.isEmpty && run.sttyBefore == run.sttyAfter, "terminal restored: \(run.sttyBefore) → \(run.sttyAfter)")
    }

    @Test func historyIsKeptAcrossSessionsAndQAsksFirst() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let first = try PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
            .type("onglet morse\r", until: "\"focus\""), .type("quitter\r", until: "goodbye"),
        ])
        #expect(first.status == 0)
        let history = home.root.appendingPathComponent("state/lecteur/history")
        let mode = try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the history is the user's only")
        let second = try PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
            // ↑ ↑: « quitter », then « onglet morse » from the first run.
            .type(Self.up, pause: 0.4), .type(Self.up, pause: 0.4), .type("\r", until: "\"screen\":\"morse\""),
            .type("q\r", until: "quit.confirm"), .type("n\r", until: "quit.cancelled"),
            .type("où\r", until: "\"where\""),
            .type("q\r", until: "quit.confirm"), .type("o\r", until: "goodbye"),
        ])
        #expect(second.status == 0, "\(second.output.suffix(400))")
        #expect(second.events("focus").contains { $0["screen"] as? String == "morse" }, "recalled from the first run")
        #expect(Self.messages(second, "notice", code: "quit.confirm").count == 2)
        #expect(Self.messages(second, "notice", code: "where").count == 1, "after « n » the reader still answers")
        #expect(second.sttyBefore == second.sttyAfter)
    }

    @Test func singleKeysNavigateAndQAsksFirst() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let run = try PseudoTerminal.run(Self.arguments + ["--input", "keys"], environment: home.environment, steps: [
            .type(Self.down, until: "\"focus\""), .type(Self.down, until: "\"focus\""),
            .type("f", until: "\"focus\""), .type("\r", until: "\"focus\""), .type(Self.escape, until: "\"focus\""),
            .type("q", until: "quit.confirm"), .type("n", until: "quit.cancelled"),
            // Back to typed lines from the `:` command line, at once.
            .type(":", until: "\"speech\""), .type("régler clavier lignes\r", until: "\"setting\""),
            .type("où\r", until: "\"where\""),
            .type("q\r", until: "quit.confirm"), .type("o\r", until: "goodbye"),
        ])
        #expect(run.status == 0, "\(run.output.suffix(400))")
        #expect(Self.messages(run, "notice", code: "quit.confirm").count == 2)
        #expect(Self.messages(run, "notice", code: "quit.cancelled").count == 1)
        #expect(Self.messages(run, "notice", code: "where").count == 1, "lines mode after « régler clavier lignes »")
        let focus = run.events("focus")
        let moves = focus.dropFirst().map { "\($0["screen"] ?? "")#\($0["index"] ?? "")" }
        // ↓ ↓ from « Toutes » (1): 2, 3; f: the first formation; Enter: its detail; Escape: back to it.
        #expect(moves.count == 5, "\(moves)")
        #expect(Array(moves.prefix(2)) == ["formations#2", "formations#3"], "\(moves)")
        #expect(moves.count == 5 && moves[3].hasPrefix("detail") && moves[4] == moves[2], "\(moves)")
        #expect(Self.messages(run, "notice", code: "goodbye") == ["Au revoir."])
        #expect(!run.sttyBefore.isEmpty && run.sttyBefore == run.sttyAfter, "raw mode undone: \(run.sttyBefore) → \(run.sttyAfter)")
    }

    @Test func fromAPipeNothingChangesAndKeysModeSaysWhy() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let piped = try LecteurProcess.run(Self.arguments, input: "où\nq\nsuivant\n", environment: home.environment)
        #expect(piped.status == 0)
        let codes = piped.events("notice").compactMap { $0["code"] as? String }
        #expect(!codes.contains("welcome") && !codes.contains("goodbye") && !codes.contains("quit.confirm"), "\(codes)")
        #expect(piped.events("focus").count == 1, "`q` quit at once: « suivant » was never read")
        let keys = try LecteurProcess.run(Self.arguments + ["--input", "keys"], input: "où\n", environment: home.environment)
        let notices = keys.events("notice").compactMap { $0["message"] as? String }
        #expect(notices.first == "Le mode touches demande un terminal : l'entrée n'en est pas un, les commandes sont lues ligne par ligne.")
        #expect(keys.events("notice").contains { $0["code"] as? String == "where" }, "lines are read")
    }

    @Test func aSignalInSingleKeyModeRestoresTheTerminal() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let run = try PseudoTerminal.run(Self.arguments + ["--input", "keys"], environment: home.environment, steps: [
            .type(Self.down, until: "\"focus\""), .signal(SIGTERM),
        ])
        #expect(run.status == 128 + SIGTERM, "\(run.output.suffix(300))")
        #expect(!run.sttyBefore.isEmpty && run.sttyBefore == run.sttyAfter, "raw mode undone: \(run.sttyBefore) → \(run.sttyAfter)")
    }
}

/// « Speech interrupt for typed characters »: a key typed on the command line silences the
/// reader at the sound server. The delay is measured at the null sink's monitor (from the
/// recording's length when the key was written to the last loud 10 ms after it) and printed;
/// the bound is only a hang guard (a machine shared by many builds has no tight wall clock).
@Suite(.serialized) struct TypedKeySilenceTests {
    /// Lines mode: `aide` and Return, then a letter typed (erased after). Keys mode: `?` (the
    /// help), then `x`, a key bound to nothing: it only silences.
    @Test(.requires(.pulseAudio), arguments: ["lines", "keys"]) func aKeySilencesSpeechAtTheSink(mode: String) throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let home = ReaderHome()
        defer { home.remove() }
        // Three rounds: the first from a fresh start, the others after a silence (the help said
        // again and cut again), each judged alone; the median and the largest delay are printed
        // (issue 51: five rounds, 0 to 30 ms in fresh-clone runs 4 and 5, took 12 s more).
        let rounds = 3
        let recording = try pulse.record(seconds: 12 + rounds * 3)
        var steps: [PseudoTerminal.Step] = []
        for _ in 0..<rounds {
            // The whole help is well over 30 s of speech; a key 1.5 s into it.
            steps += mode == "lines" ? [.type("aide\r", pause: 1.5), .marked("x", pause: 1.3), .type("\u{7F}", pause: 0.2)]
                                     : [.type("?", pause: 1.5), .marked("x", pause: 1.5)]
        }
        steps.append(mode == "lines" ? .type("quitter\r", until: "goodbye") : .type("\u{04}", until: "goodbye"))
        var environment = home.environment
        environment["PULSE_SERVER"] = pulse.server
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--speech", "on", "--braille", "off", "--input", mode],
                                         environment: environment, monitor: recording.file, steps: steps)
        let samples = recording.samples(untilEnd: false)
        recording.stop()
        #expect(run.status == 0, "\(run.output.suffix(300))")
        #expect(run.marks.count == rounds)
        let rate = Double(PrivatePulseServer.sampleRate)
        var delays: [Double] = []
        for mark in run.marks {
            let at = Double(mark) / rate
            let before = MonitorRecording.soundSeconds(samples, from: at - 1, to: at)
            #expect(before > 0.3, "the help was being spoken when the key came: \(before) s")
            // The last loud 10 ms window within the second after the key.
            let window = 220
            var last = mark
            var i = mark
            while i + window <= min(samples.count, mark + Int(rate)) {
                if MonitorRecording.soundSeconds(Array(samples[i..<i + window])) > 0 { last = i + window }
                i += window
            }
            delays.append(Double(last - mark) / rate * 1000)
            let after = MonitorRecording.soundSeconds(samples, from: at + 1, to: at + 1.3)
            #expect(after == 0, "silent after the key: \(after) s of sound")
        }
        let sorted = delays.sorted()
        print(String(format: "KEY SILENCE at the sink (%@ mode): %@ ms (median %.0f, max %.0f)", mode,
                     delays.map { String(format: "%.0f", $0) }.joined(separator: ", "), sorted[sorted.count / 2], sorted.last ?? 0))
        // A hang guard, not a target: the figure is what the test prints.
        #expect((sorted.last ?? 1000) < 1000)
    }
}
