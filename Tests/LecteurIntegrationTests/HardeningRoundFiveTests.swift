// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 50 (hardening round five), through the real binary: each test is one attack of the
/// issue, re-run as written (docs/hardening-round5.md lists them with their commands).
@Suite(.serialized) struct HardeningRoundFiveTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    // MARK: 1. Numbers

    /// `régler rampe 9223372036854775808` ended the reader with SIGILL (status 132): the refusal
    /// quoted the value through `Int(_:)`. Now the French refusal, and the reader goes on.
    @Test func aHugeRampIsRefusedNotACrash() throws {
        let out = try LecteurProcess.run(["--speech", "off"], input: "régler rampe 9223372036854775808\nquitter\n", timeout: 30)
        #expect(out.status == 0, "status \(out.status): \(out.stderr)")
        #expect(out.stdout.contains("Rampe invalide\u{202F}: «\u{202F}9223372036854775808\u{202F}». Choisissez une valeur de 0 à 20 millisecondes."), "\(out.stdout)")
    }

    /// Every setting a user can set, given every extreme number (past Int's range, tiny,
    /// negative, NaN, infinities, Unicode digits), in one session: each answered, no trap.
    @Test func everySettingTakesEveryExtremeNumberWithoutACrash() throws {
        let names = ["verbosite", "position", "message-braille", "defilement-braille", "ponctuation", "alphabet", "debit",
                     "hauteur", "volume", "voix", "table-braille", "vitesse", "farnsworth", "tonalite", "volume-morse",
                     "rampe", "echo", "koch", "koch-temps", "question-braille", "vitesse-envoi", "manipulateur",
                     "ordre-koch", "longueur-groupes", "bruit", "brouillage", "fading", "parasites", "flutter", "pause-reflexe", "temps-reflexe",
                     "temps-reflexe-toucher", "rythme-questions", "wordsworth", "vitesse-reflexe"]
        let values = ["9223372036854775808", "-9223372036854775809", "+9223372036854775807", "-9223372036854775808",
                      String(repeating: "9", count: 330), "0," + String(repeating: "0", count: 330) + "1",
                      "99999999999999999999,5", "-0", "-5", "nan", "inf", "-inf", "1e309", "٣٠", "３０", "𝟗𝟗",
                      "9223372036854775808 ms", "1..9223372036854775808"]
        var script = ""
        for name in names { for value in values { script += "régler \(name) \(value)\n" } }
        script += "aller 9223372036854775808\naller 99999999999999999999\nmorse copie 9223372036854775808\n"
        script += "qso 9223372036854775808\nquitter\n"
        let out = try LecteurProcess.run(quiet, input: script, timeout: 120)
        #expect(out.status == 0, "status \(out.status): \(out.stderr.suffix(2000))")
        let answers = out.events.filter { ["notice", "error"].contains($0["type"] as? String) && $0["code"] as? String == "setting" }
        // Every `régler` is answered (the voice and the table by the devices' absence, in their own words).
        #expect(answers.count >= (names.count - 3) * values.count, "\(answers.count) answers")
    }

    // MARK: 2, 3 and 7. A crash, a suspend, the bus child

    /// A reader on a pseudo-terminal in single-key mode under `--speech auto` (focus reports
    /// on, a bus monitor child), the kitty flags pushed.
    static let keysAuto = ["--transcript", "jsonl", "--speech", "auto", "--braille", "off", "--input", "keys"]
    static let down = "\u{1B}[B"

    static func occurrences(_ text: String, in output: String) -> Int { output.components(separatedBy: text).count - 1 }

    /// Whether the last `on` in `output` is followed by an `off`.
    static func turnedOff(_ on: String, _ off: String, in output: String) -> Bool {
        guard let lastOn = output.range(of: on, options: .backwards) else { return false }
        return output[lastOn.upperBound...].contains(off)
    }

    /// SIGSEGV (as a trap's SIGILL would) left the terminal raw, the kitty flags pushed and focus
    /// reports on. Now the fatal signal's handler gives it back (bytes and termios, async-signal-
    /// safe), then the signal ends the process as before (status 139, Swift's backtracer off here
    /// so that it does not wait on the terminal).
    @Test(arguments: [SIGSEGV, SIGILL, SIGABRT])
    func aFatalSignalGivesTheTerminalBack(_ signo: Int32) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let bus = try FakeBusctl()
        defer { bus.remove() }
        let run = try PseudoTerminal.run(Self.keysAuto, environment: home.environment.merging(bus.environment) { $1 }
                                            .merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }, steps: [
            .type("\u{1B}[?0u", pause: 0.5), .type(Self.down, until: "\"focus\""),
            .signal(signo), .type("", pause: 0.5),
        ])
        #expect(run.status == 128 + signo, "\(String(describing: run.status)): \(run.output.suffix(300).debugDescription)")
        #expect(Self.occurrences("\u{1B}[>2u", in: run.output) == 1, "\(run.output.debugDescription)")
        #expect(Self.turnedOff("\u{1B}[>2u", "\u{1B}[<u", in: run.output), "the kitty flags popped: \(run.output.suffix(300).debugDescription)")
        #expect(Self.turnedOff("\u{1B}[?1004h", "\u{1B}[?1004l", in: run.output), "focus reports off")
        #expect(!run.sttyBefore.isEmpty && run.sttyBefore == run.sttyAfter, "the terminal's modes as found")
    }

    /// The reader killed by a fatal signal: its `busctl monitor` child goes with it (a parent-
    /// death signal); it was left running, orphaned.
    @Test(arguments: [SIGSEGV, SIGKILL])
    func aReaderThatDiesLeavesNoBusChild(_ signo: Int32) throws {
        let bus = try FakeBusctl()
        defer { bus.remove() }
        let reader = Process()
        reader.executableURL = LecteurProcess.binary
        reader.arguments = ["--transcript", "jsonl", "--speech", "auto", "--braille", "off"]
        reader.environment = LecteurProcess.childEnvironment(bus.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 })
        let input = Pipe()
        reader.standardInput = input
        reader.standardOutput = FileHandle.nullDevice
        reader.standardError = FileHandle.nullDevice
        try reader.run()
        defer { if reader.isRunning { kill(reader.processIdentifier, SIGKILL) }; try? input.fileHandleForWriting.close() }
        let monitor = try #require(bus.waitForMonitor(timeout: 20), "no busctl monitor started")
        defer { kill(monitor, SIGKILL) }
        kill(reader.processIdentifier, signo)
        reader.waitUntilExit()
        #expect(FakeBusctl.waitUntilGone(monitor, timeout: 5), "busctl monitor \(monitor) outlived the reader")
    }

    /// SIGTSTP: once the whole reader is stopped, the terminal is as the shell expects (canonical,
    /// echo, the kitty flags popped, focus reports off); SIGCONT takes it again.
    @Test func suspendStopsTheWholeReaderWithTheTerminalGivenBack() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let bus = try FakeBusctl()
        defer { bus.remove() }
        let run = try PseudoTerminal.run(Self.keysAuto, environment: home.environment.merging(bus.environment) { $1 }, steps: [
            .type("\u{1B}[?0u", pause: 0.5), .type(Self.down, until: "\"focus\""),
            .signal(SIGTSTP), .signal(SIGCONT), .type("", pause: 0.3),
            .type(Self.down, until: "\"focus\""),
            .type("\u{04}", until: "goodbye"),
        ])
        #expect(run.status == 0, "\(run.output.suffix(400).debugDescription)")
        let stop = try #require(run.stops.first)
        #expect(stop.state == "T")
        #expect(Self.turnedOff("\u{1B}[>2u", "\u{1B}[<u", in: stop.output), "flags popped before the stop: \(stop.output.suffix(200).debugDescription)")
        #expect(Self.turnedOff("\u{1B}[?1004h", "\u{1B}[?1004l", in: stop.output), "focus reports off before the stop")
        #expect(stop.lflag & Int(ICANON) != 0 && stop.lflag & Int(ECHO) != 0, "canonical with echo while stopped: \(stop.lflag)")
        let after = String(run.output.dropFirst(stop.output.count))
        #expect(after.contains("\u{1B}[>2u") && after.contains("\u{1B}[?1004h"), "taken again after SIGCONT")
        let moves = run.events("focus").dropFirst().compactMap { $0["index"] as? Int }
        #expect(moves == [2, 3], "raw again after SIGCONT: \(moves)")
        #expect(run.sttyBefore == run.sttyAfter)
    }

    // MARK: 4. The probes

    /// A process whose argv[0] is `brltty` (`exec -a`), run as `user` (nil: this one) with
    /// `arguments`, and a private probe root whose /proc shows it alone; `files` are put in the
    /// root (its /etc/brltty.conf, a file `-f` names).
    final class FakeBrltty {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-fake-brltty-\(UUID().uuidString)").path
        let process = Process()
        init(user: uid_t? = nil, arguments: [String] = [], files: (String) throws -> Void = { _ in }) throws {
            try FileManager.default.createDirectory(atPath: root + "/proc", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
            try files(root)
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            let command = "exec -a brltty /usr/bin/python3 -c 'import time; time.sleep(600)' \(quoted)"
            if let user {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
                process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "/bin/bash", "-c", command]
            } else {
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = ["-c", command]
            }
            try process.run()
            // Once exec'd (its command line says brltty), shown in the root.
            let end = Date().addingTimeInterval(10)
            while Date() < end, !((try? String(contentsOfFile: "/proc/\(process.processIdentifier)/cmdline", encoding: .utf8))?
                .hasPrefix("brltty\0") ?? false) { usleep(10_000) }
            try FileManager.default.createSymbolicLink(atPath: root + "/proc/\(process.processIdentifier)",
                                                       withDestinationPath: "/proc/\(process.processIdentifier)")
        }
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: root)
        }
        /// Whether a reader under `--speech auto` that sees only this process says brltty speaks.
        func saidToSpeak() throws -> Bool {
            let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off", "--speech", "auto"], input: "quitter\n",
                                             environment: ["LECTEUR_PROBE_ROOT": root], timeout: 20)
            #expect(out.status == 0, "\(out.stderr)")
            return out.stdout.contains("La parole de brltty")
        }
    }

    /// The probes read only this user's processes, a bounded prefix of their command line and
    /// of the configuration file they name, never waiting on it: another user's fake brltty made
    /// every reader think brltty spoke; `-f` naming a FIFO held start-up for good, and one naming
    /// 300 MB read it whole.
    @Test func theProbesReadOnlyThisUsersBoundedPrefixes() throws {
        let conf: (String) throws -> Void = { root in try "speech-driver es\n".writeWhole(toFile: root + "/etc/brltty.conf") }
        // The control: this user's brltty, speaking by its configuration file, is found.
        let mine = try FakeBrltty(files: conf)
        defer { mine.stop() }
        #expect(try mine.saidToSpeak(), "the probe finds this user's brltty")
        if getuid() == 0 {
            let theirs = try FakeBrltty(user: 65534, files: conf)
            defer { theirs.stop() }
            #expect(try !theirs.saidToSpeak(), "another user's process is not this reader's brltty")
        }
        let fifo = try FakeBrltty(arguments: ["-f", "/fifo.conf"]) { root in _ = mkfifo(root + "/fifo.conf", 0o600) }
        defer { fifo.stop() }
        #expect(try !fifo.saidToSpeak(), "a FIFO is not read")
        let huge = try FakeBrltty(arguments: ["-f", "/huge.conf"]) { root in
            // 300 MB, sparse: the speech driver at its start, then zeros.
            try "speech-driver es\n".writeWhole(toFile: root + "/huge.conf")
            truncate(root + "/huge.conf", 300_000_000)
        }
        defer { huge.stop() }
        #expect(try !huge.saidToSpeak(), "a configuration file of 300 MB is not read")
        // Arguments past the first 4 KiB of the command line are not read (2 MB each loaded the reader).
        let long = try FakeBrltty(arguments: [String(repeating: "x", count: 8192), "-s", "es"])
        defer { long.stop() }
        #expect(try !long.saidToSpeak(), "only a prefix of the command line is read")
    }

    // MARK: 4 and 5. The bus

    /// A reader under `--speech auto` with standard input held open, its environment `extra`.
    final class WaitingReader {
        let process = Process()
        let input = Pipe()
        init(_ extra: [String: String]) throws {
            process.executableURL = LecteurProcess.binary
            process.arguments = ["--transcript", "jsonl", "--speech", "auto", "--braille", "off"]
            process.environment = LecteurProcess.childEnvironment(extra)
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }
        /// CPU seconds used so far (user and system), from /proc.
        var cpuSeconds: Double {
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                  let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 13,
                  let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
        /// Ends at the end of its input; killed past 20 s.
        func quit() {
            try? input.fileHandleForWriting.close()
            let end = Date().addingTimeInterval(20)
            while process.isRunning, Date() < end { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// On a session bus where the accessibility bus launcher is activatable but not running, the
    /// watch's read of the switch started it (`busctl get-property` ignores `--auto-start=no`).
    /// The real busctl, logged by a wrapper first on PATH: once a read has ended, the launcher
    /// still has no owner.
    @Test(.requires(.sessionBus)) func theWatchDoesNotStartTheAccessibilityBus() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        #expect(try !Self.hasOwner(bus, "org.a11y.Bus"), "the launcher runs before the reader")
        let spy = try FakeBusctl(wrapping: "/usr/bin/busctl")
        defer { spy.remove() }
        let reader = try WaitingReader(spy.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 })
        defer { reader.quit() }
        let end = Date().addingTimeInterval(20)
        while !spy.calls.contains(where: { $0.hasPrefix("end ") && !$0.contains("monitor") }), Date() < end { usleep(50_000) }
        #expect(spy.calls.contains { $0.hasPrefix("end ") && !$0.contains("monitor") }, "no read ended: \(spy.calls)")
        #expect(try !Self.hasOwner(bus, "org.a11y.Bus"), "the read started the launcher: \(spy.calls)")
    }

    static func hasOwner(_ bus: PrivateSessionBus, _ name: String) throws -> Bool {
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/dbus-send"),
                                             ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                              "org.freedesktop.DBus.NameHasOwner", "string:\(name)"],
                                             input: "", environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 10)
        return out.stdout.contains("boolean true")
    }

    static let invalidated = #"{"type":"signal","sender":":1.9","path":"/org/a11y/bus","interface":"org.freedesktop.DBus.Properties","member":"PropertiesChanged","payload":{"type":"sa{sv}as","data":["org.a11y.Status",{},["ScreenReaderEnabled"]]}}"#
    static func value(_ on: Bool) -> String {
        #"{"type":"signal","sender":":1.9","path":"/org/a11y/bus","interface":"org.freedesktop.DBus.Properties","member":"PropertiesChanged","payload":{"type":"sa{sv}as","data":["org.a11y.Status",{"ScreenReaderEnabled":{"type":"b","data":"# + "\(on)" + "}},[]]}}"
    }

    /// 2 000 invalidation signals gave 2 001 reads (busctl runs) back to back: now at most one a
    /// second, plus the first.
    @Test func aFloodOfInvalidationsIsReadAtMostOnceASecond() throws {
        let bus = try FakeBusctl(flood: "i=0; while [ $i -lt 2000 ]; do echo '\(Self.invalidated)'; i=$((i+1)); done")
        defer { bus.remove() }
        let reader = try WaitingReader(bus.environment)
        defer { reader.quit() }
        _ = try #require(bus.waitForMonitor(timeout: 20))
        let started = Date()
        #expect(bus.waitForFlood(timeout: 20))
        // The read the flood asked for, once its second has passed.
        let end = Date().addingTimeInterval(10)
        while bus.reads < 2, Date() < end { usleep(20_000) }
        let reads = bus.reads, seconds = Date().timeIntervalSince(started)
        print("2 000 invalidations: \(reads) reads in \(String(format: "%.1f", seconds)) s")
        #expect(reads >= 2, "the value is read again")
        #expect(Double(reads) <= 2 + seconds.rounded(.up), "\(reads) reads in \(seconds) s")
    }

    /// A hostile busctl sending 200 000 on/off lines cost 7.4 s of CPU: now the lines past the
    /// budget are skipped unparsed. The figure is the reader's CPU time from /proc.
    @Test func aFloodOfValuesCostsLittleCPU() throws {
        // 1 000 lines, on and off, written 200 times.
        let lines = String(repeating: Self.value(true) + "\n" + Self.value(false) + "\n", count: 500)
        let bus = try FakeBusctl(flood: #"for i in $(seq 200); do cat "$dir/lines"; done"#, lines: lines)
        defer { bus.remove() }
        let reader = try WaitingReader(bus.environment)
        defer { reader.quit() }
        _ = try #require(bus.waitForMonitor(timeout: 20))
        let before = reader.cpuSeconds
        #expect(bus.waitForFlood(timeout: 60))
        // The pipe's last 64 KiB read too: the next read of the value ends after them.
        let reads = bus.reads
        let end = Date().addingTimeInterval(10)
        while bus.reads <= reads, Date() < end { usleep(20_000) }
        let cpu = reader.cpuSeconds - before
        print(String(format: "200 000 on/off lines: %.2f s of CPU", cpu))
        #expect(cpu < 1.5, "\(cpu) s of CPU")
    }

    // MARK: 6. Bracketed paste

    /// Beside Orca, a pasted `ESC [ O` was taken for the terminal losing the focus: the next
    /// background event was spoken over the screen reader. Bracketed paste is on with focus
    /// reports, and a report inside a paste is pasted text.
    @Test(.requires(.pulseAudio, .speechDispatcher)) func aPastedFocusReportIsNotTheTerminals() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let speechd = try PrivateSpeechDispatcher(pulse: pulse, logLevel: 5)
        defer { speechd.stop() }
        let home = ReaderHome()
        defer { home.remove() }
        let environment = home.environment.merging(["PULSE_SERVER": pulse.server, "SPEECHD_ADDRESS": speechd.address,
                                                    "DBUS_SESSION_BUS_ADDRESS": ""]) { $1 }
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--braille", "off"],
                                         environment: environment.merging(orca.environment) { $1 }, steps: [
            .type("suivant\r", until: "\"focus\""),
            // Pasted: the marks around a focus report's bytes.
            .type("\u{1B}[200~\u{1B}[O\u{1B}[201~", pause: 0.3),
            .type("actualiser\r", until: "\"loaded\""),
            // The terminal's own report still counts: the next reload is said.
            .type("\u{1B}[O", pause: 0.3),
            .type("actualiser\r", until: "\"loaded\""),
            .type("quitter\r"),
        ])
        #expect(run.status == 0, "\(run.output.suffix(400))")
        #expect(run.output.contains("\u{1B}[?2004h") && run.output.contains("\u{1B}[?2004l"), "bracketed paste on, and off at the end")
        // Both reloads done (the marks changed nothing in the line), besides the load at start.
        #expect(run.events("notice", code: "loaded").count == 3, "\(run.output.suffix(600))")
        let spoken = run.events("speech").compactMap { $0["text"] as? String }
        #expect(spoken.count == 1, "only the reload after the terminal's own report: \(spoken)")
    }

    // MARK: 8. A data folder that cannot be written

    /// `progrès` said « Aucune réponse enregistrée » over stored answers once the data folder
    /// could not be written: the database is now read in place (immutable), nothing written.
    /// `checkpointed`: the answers moved into the database file and its -wal and -shm files gone
    /// (SQLite cannot then open it read-only in that folder but as immutable); else as the
    /// reader leaves them, the answers in the -wal file.
    @Test(.requires(ReadOnlyFolder.requirement), arguments: [false, true])
    func aReadOnlyDataFolderStillShowsTheProgress(checkpointed: Bool) throws {
        let home = ReaderHome()
        defer { home.remove() }
        _ = try LecteurProcess.run(quiet, input: "entraînement\nK\nM\nK\nM\nstop\n",
                                   environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "26"]) { $1 })
        let folder = home.database.deletingLastPathComponent()
        if checkpointed {
            let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1]); c.execute("pragma wal_checkpoint(TRUNCATE)"); c.close()
                """, home.database.path], input: "", timeout: 20)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(!FileManager.default.fileExists(atPath: home.database.path + "-wal"))
        }
        let before = home.snapshot(folder)
        let readOnly = try ReadOnlyFolder(folder)
        defer { readOnly.restore() }
        let out = try LecteurProcess.run(quiet, input: "progrès\nstatistiques\nquitter\n", environment: home.environment)
        #expect(out.status == 0, "\(out.stderr)")
        let notices = out.events("notice").map { $0["message"] as? String ?? "" }
        #expect(notices.contains("La base de données « \(home.database.path) » est en lecture seule : votre progression est lue, mais les exercices ne seront pas enregistrés pendant cette session."), "\(notices)")
        #expect(!notices.contains { $0.hasPrefix("Aucune réponse enregistrée") }, "\(notices)")
        let progress = out.events("focus").first { $0["screen"] as? String == "progress" }
        #expect((progress?["label"] as? String)?.contains("4 réponses") == true, "\(String(describing: progress))")
        readOnly.restore()
        // SQLite's shared-memory index (-shm) is rewritten by any reader (it is rebuilt from the
        // -wal file); the database and the -wal are as they were, and no file came or went.
        let after = home.snapshot(folder)
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after.filter { !$0.key.hasSuffix("-shm") } == before.filter { !$0.key.hasSuffix("-shm") },
                "the database and its -wal unchanged")
    }

    // MARK: 9. The same script, the same output

    /// `printf 'régler\ntout lire\nquitter\n' | lecteur --speech off --braille off` printed 7
    /// or 15 lines across identical runs: without a voice the reading's steps were posted for
    /// later, and `quitter` cut it wherever it had got to. Twenty runs, one output, the whole
    /// screen read.
    @Test func aScriptGivesTheSameOutputEveryRun() throws {
        var outputs: [String: Int] = [:]
        for _ in 0..<20 {
            let out = try LecteurProcess.run(["--speech", "off", "--braille", "off"], input: "régler\ntout lire\nquitter\n", timeout: 30)
            #expect(out.status == 0, "\(out.stderr)")
            outputs[out.stdout, default: 0] += 1
        }
        #expect(outputs.count == 1, "\(outputs.count) different outputs: \(outputs.map { "\($0.value)× \($0.key.split(separator: "\n").count) lines" })")
        let lines = outputs.keys.first?.split(separator: "\n") ?? []
        #expect(lines.last == "Fin de l'écran.", "\(lines)")
        #expect(lines.count > 7, "the whole screen read: \(lines)")
    }

    // MARK: 10. No test hook

    /// `LECTEUR_ORCA_PROCESS=bash` made the reader take the user's own shell for Orca and go
    /// silent. A process of this user named `bash`, shown to the reader: not Orca, whatever the
    /// variable says. (The installed binary holds neither variable: PackageTests.)
    @Test func noVariableTurnsAnotherProcessIntoOrca() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-not-orca-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("root/proc"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: folder.path + "/bash")
        let shell = Process()
        shell.executableURL = folder.appendingPathComponent("bash")
        shell.arguments = ["600"]
        try shell.run()
        defer { kill(shell.processIdentifier, SIGKILL); shell.waitUntilExit() }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/root/proc/\(shell.processIdentifier)",
                                                   withDestinationPath: "/proc/\(shell.processIdentifier)")
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off", "--speech", "auto"], input: "suivant\nquitter\n",
                                         environment: ["LECTEUR_PROBE_ROOT": folder.path + "/root", "LECTEUR_ORCA_PROCESS": "bash"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!out.stdout.contains("Orca est actif"), "\(out.stdout.prefix(1500))")
    }

    // MARK: 11. The suite's home

    /// scripts/test-home.sh, as scripts/test.sh sources it: the suite's HOME and XDG folders are
    /// its own, a write into the real home fails the run naming the path, and a write into the
    /// private one does not.
    @Test func theSuiteRunsInAHomeOfItsOwnAndFailsWhenTheRealOneChanged() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-test-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let real = scratch.appendingPathComponent("real home")
        try FileManager.default.createDirectory(at: real.appendingPathComponent(".config"), withIntermediateDirectories: true)
        let script = Self.sourceRoot.appendingPathComponent("scripts/test-home.sh").path
        func run(_ body: String) throws -> LecteurProcess.Output {
            try LecteurProcess.execute(URL(fileURLWithPath: "/bin/bash"), ["-c", """
                set -eu; source "$1"; private_home_begin "$2/work"
                [ "$HOME" = "$2/work/home" ] && [ "$XDG_CONFIG_HOME" = "$HOME/.config" ] && [ "$XDG_DATA_HOME" = "$HOME/.local/share" ] || exit 3
                [ "$XDG_CACHE_HOME" = "$HOME/.cache" ] && [ "$XDG_STATE_HOME" = "$HOME/.local/state" ] && [ -z "${DBUS_SESSION_BUS_ADDRESS+x}" ] || exit 3
                \(body)
                private_home_check "$2/work"
                """, "_", script, scratch.path], input: "",
                environment: ["HOME": real.path, "PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"], timeout: 30)
        }
        let clean = try run(#"mkdir -p "$XDG_CONFIG_HOME/dconf" && echo x > "$XDG_CONFIG_HOME/dconf/user""#)
        #expect(clean.status == 0, "\(clean.stderr)")
        try FileManager.default.removeItem(at: scratch.appendingPathComponent("work"))
        let leaked = try run(#"mkdir -p "$2/real home/.config/dconf" && echo x > "$2/real home/.config/dconf/user""#)
        #expect(leaked.status == 1)
        #expect(leaked.stderr.contains("  \(real.path)/.config/dconf/user\n"), "\(leaked.stderr)")
    }

    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// A `busctl` first on PATH: `monitor` says it monitors and waits (its pid noted); the switch
/// reads answer « false »; every call is noted. `flood`: what `monitor` writes on its
/// standard output once monitoring (a hostile busctl).
final class FakeBusctl {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-busctl-\(UUID().uuidString)")
    var environment: [String: String] {
        ["PATH": directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
         "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + directory.path + "/no-bus"]
    }

    /// `wrapping`: the real busctl, each run noted at its start and its end (`end STATUS ARGS`).
    init(wrapping real: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("busctl")
        try """
            #!/bin/sh
            dir=$(dirname "$0")
            echo "start $*" >> "$dir/calls"
            for a; do case $a in monitor) echo $$ >> "$dir/monitor.pids"; exec \(real) "$@";; esac; done
            \(real) "$@"; s=$?
            echo "end $s $*" >> "$dir/calls"
            exit $s
            """.writeWhole(to: script)
        chmod(script.path, 0o755)
    }

    /// `lines`: a file the flood may write (`$dir/lines`).
    init(flood: String = "", lines: String = "") throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try lines.writeWhole(to: directory.appendingPathComponent("lines"))
        let script = directory.appendingPathComponent("busctl")
        try """
            #!/bin/sh
            dir=$(dirname "$0")
            echo "$*" >> "$dir/calls"
            for a; do case $a in monitor)
                echo $$ >> "$dir/monitor.pids"
                echo "Monitoring bus message stream." >&2
                \(flood)
                echo done > "$dir/flooded"
                exec sleep 1000;;
            NameHasOwner) echo "b true"; exit 0;;
            Get) echo "v b false"; exit 0;;
            esac; done
            echo "b false"
            """.writeWhole(to: script)
        chmod(script.path, 0o755)
    }

    var calls: [String] {
        ((try? String(contentsOf: directory.appendingPathComponent("calls"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// The reads of the switch so far (not the monitor).
    var reads: Int { calls.filter { $0.contains(" Get ") || $0.contains("get-property") }.count }

    /// Whether the monitor wrote its whole flood within `timeout`.
    func waitForFlood(timeout: TimeInterval) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("flooded").path) { return true }
            usleep(20_000)
        }
        return false
    }

    /// The first monitor's pid, once started (nil past `timeout`).
    func waitForMonitor(timeout: TimeInterval) -> pid_t? {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if let text = try? String(contentsOf: directory.appendingPathComponent("monitor.pids"), encoding: .utf8),
               let first = text.split(separator: "\n").first, let pid = pid_t(first) { return pid }
            usleep(20_000)
        }
        return nil
    }

    /// Gone, or a zombie (dead, waiting for a parent that does not reap it).
    static func waitUntilGone(_ pid: pid_t, timeout: TimeInterval) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        repeat {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
            usleep(20_000)
        } while Date() < end
        return false
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
