// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 28, the runtime peers and unbounded input, through the real binary: a speech-dispatcher
/// that hangs, closes or dies; a hostile BrlAPI server; a gigabyte on standard input; a flood of
/// display keys; resource limits (docs/hardening-devices.md lists each attack with its command).
@Suite(.serialized) struct DeviceHardeningTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Words of libspeechd or of the system that must never be spoken inside a French notice.
    static let rawWords = ["speech-dispatcher unreachable", "refused:", "did not answer", "closed the connection",
                           "spd_", "Connection", "error", "Error", "socket"]

    // MARK: 1. speech-dispatcher that hangs or closes at start

    /// A socket that accepts and never answers, or answers every 5 s, used to freeze the reader
    /// before its first word; one that closed in the handshake or mid-reply lost every utterance
    /// without a word (or hung). Now: one French notice at start within the 2 s deadline, espeak-ng
    /// takes over (here without a sound device), and commands are answered.
    @Test(arguments: ["silent", "slow", "close-handshake", "close-mid-reply"])
    func aHostileSpeechDispatcherAtStartIsSaidOnceAndSpeechFallsBack(_ mode: String) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let server = try HostileSpeechd(mode: mode, folder: home.root)
        for backend in ["auto", "speechd"] {
            let start = Date()
            let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off", "--speech-backend", backend],
                                             input: "suivant\nétat\nquitter\n",
                                             environment: home.environment.merging(["SPEECHD_ADDRESS": server.address,
                                                                                    "PULSE_SERVER": "unix:/nonexistent/pulse"]) { $1 },
                                             timeout: 30)
            let elapsed = Date().timeIntervalSince(start)
            #expect(out.status == 0, "\(mode) \(backend): \(out.stderr)")
            #expect(elapsed < 12, "\(mode) \(backend): took \(elapsed) s")
            let notices = out.events("notice").compactMap { $0["message"] as? String }
            let said = notices.filter { $0.hasPrefix("speech-dispatcher ne répond pas (") }
            #expect(said.count == 1, "\(mode) \(backend): \(notices)")
            #expect(said.first?.hasSuffix("la lecture continue avec espeak-ng.") == true, "\(mode) \(backend): \(said)")
            for notice in notices {
                #expect(!Self.rawWords.contains { notice.contains($0) }, "raw words in « \(notice) »")
            }
            #expect(out.events("focus").contains { $0["label"] as? String == "Accessibilité, non sélectionné" }, "\(mode) \(backend)")
            #expect(out.events("status").count == 1, "\(mode) \(backend): état answered")
        }
        #expect(server.accepted >= 1, "the reader did reach the hostile server")
    }

    /// libspeechd's own English paragraph (« Error: Can't connect to unix socket… Autospawn failed…
    /// Mismatch in socket names… », 560 characters) used to be said inside the French notice. Now
    /// the reason is said in French, with `--speech auto` and in the error of `--speech on`.
    @Test func libspeechdsOwnWordsStayOutOfWhatIsSaid() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let environment = home.environment.merging(["SPEECHD_ADDRESS": "unix_socket:\(home.root.path)/absent/speechd.sock",
                                                    "PULSE_SERVER": "unix:/nonexistent/pulse"]) { $1 }
        let auto = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off", "--speech-backend", "speechd"],
                                          input: "quitter\n", environment: environment)
        #expect(auto.status == 0)
        let notices = auto.events("notice").compactMap { $0["message"] as? String }
        #expect(notices.contains("speech-dispatcher ne répond pas (aucun service à cette adresse) : la lecture continue avec espeak-ng."),
                "\(notices)")
        for notice in notices { #expect(!Self.rawWords.contains { notice.contains($0) }, "raw words in « \(notice) »") }
        let on = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off", "--speech", "on", "--speech-backend", "speechd"],
                                        input: "quitter\n", environment: environment)
        #expect(on.status == 69)
        #expect(on.stderr == "lecteur: La parole par speech-dispatcher a été demandée mais speech-dispatcher ne répond pas (aucun service à cette adresse).\n",
                "\(on.stderr)")
    }

    // MARK: 1. speech-dispatcher stopped or killed mid-session

    /// The real private speech-dispatcher, stopped with SIGSTOP or killed with SIGKILL in the middle
    /// of a session: the reader used to stop answering (SIGSTOP) or to keep reporting queued
    /// speech and take 30 s to quit (SIGKILL). Now it says so once, goes on with espeak-ng, `état`
    /// reports the voice that speaks, and `quitter` ends at once.
    @Test(.requires(.pulseAudio, .speechDispatcher), arguments: [SIGSTOP, SIGKILL])
    func aSpeechDispatcherStoppedOrKilledMidSessionIsSaidOnceAndQuitIsImmediate(_ signal: Int32) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let speechd = try PrivateSpeechDispatcher(pulse: pulse)
        let daemon = try #require(Int32(String(contentsOf: speechd.directory.appendingPathComponent("speechd.pid"), encoding: .utf8)
                                            .trimmingCharacters(in: .whitespacesAndNewlines)))
        defer {
            kill(daemon, SIGCONT)
            speechd.stop()
        }
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--braille", "off", "--speech", "on", "--speech-backend", "speechd"],
                                            environment: home.environment.merging(["PULSE_SERVER": pulse.server,
                                                                                   "SPEECHD_ADDRESS": speechd.address]) { $1 })
        defer { reader.kill() }
        _ = try reader.next("focus")
        reader.send("suivant")
        _ = try reader.next("focus") { $0["label"] as? String == "Accessibilité, non sélectionné" }
        kill(daemon, signal)
        reader.send("suivant")
        _ = try reader.next("focus", timeout: 5) { $0["label"] as? String == "Bureautique, non sélectionné" }
        let lost = try reader.next("notice", timeout: 5) { $0["code"] as? String == "speechd.lost" }
        let message = lost["message"] as? String ?? ""
        #expect(message.hasPrefix("speech-dispatcher ne répond plus ("), "\(lost)")
        #expect(message.hasSuffix("la lecture continue avec espeak-ng."), "\(lost)")
        #expect(!Self.rawWords.contains { message.contains($0) }, "raw words in « \(message) »")
        #expect((lost["detail"] as? String)?.isEmpty == false, "libspeechd's words are kept for the transcript")
        // Commands keep being answered, and `état` reports the voice that speaks now: once
        // silenced, nothing pending (before, the dead daemon's messages stayed queued for ever).
        // espeak-ng may still be ending the utterance it was cut in: asked again, up to 5 times.
        var pending: [Int] = []
        for _ in 0..<5 {
            reader.send("stop")
            _ = try reader.next("notice", timeout: 5) { $0["code"] as? String == "stop" }
            usleep(300_000)
            reader.send("état")
            pending.append(try reader.next("status", timeout: 5)["speech_pending"] as? Int ?? -1)
            if pending.last == 0 { break }
        }
        #expect(pending.last == 0, "speech_pending after stop: \(pending)")
        // `régler débit` applies to the voice that took over: the same help queued at 80 and
        // at 450 words a minute differs about fivefold in length.
        var queued: [Int] = []
        for rate in ["80", "450"] {
            reader.send("régler débit \(rate)")
            reader.send("stop")
            _ = try reader.next("notice", timeout: 5) { $0["code"] as? String == "stop" }
            reader.send("aide")
            usleep(2_500_000)
            reader.send("état")
            queued.append(try reader.next("status", timeout: 5)["sound_queued_ms"] as? Int ?? 0)
            reader.send("stop")
            _ = try reader.next("notice", timeout: 5) { $0["code"] as? String == "stop" }
        }
        #expect(queued[0] > 2 * queued[1], "help queued at 80 and 450: \(queued) ms")
        reader.send("stop")
        _ = try reader.next("notice", timeout: 5) { $0["code"] as? String == "stop" }
        let quitting = Date()
        reader.send("quitter")
        #expect(reader.finish() == 0)
        let quitTime = Date().timeIntervalSince(quitting)
        #expect(quitTime < 1.5, "quitter took \(quitTime) s")
        #expect(reader.seen("notice").filter { $0["code"] as? String == "speechd.lost" }.count == 1, "said once")
    }

    // MARK: 2. A hostile BrlAPI server

    /// A server announcing 4294967295 × 4294967295 cells crashed the reader (SIGILL, an overflow);
    /// 2147483648 × 1 made it allocate gigabytes at every reconnection. Now the size is refused
    /// before anything is allocated, said once in French, and the reader goes on and retries.
    @Test(arguments: ["4294967295x4294967295", "2147483648x1", "257x1", "40x65"])
    func aDisplaySizeNoRealDisplayHasIsRefused(_ size: String) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let log = home.root.appendingPathComponent("brlapi.log")
        let server = try hostileBrlAPI("size:\(size)", log: log)
        let host = "127.0.0.1:\(server.port)"
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "auto", "--brlapi-host", host],
                                            environment: home.environment)
        defer { reader.kill() }
        let notice = try reader.next("notice", timeout: 15) { $0["code"] as? String == "braille.implausibleSize" }
        let parts = size.split(separator: "x")
        #expect(notice["message"] as? String == "Pas de plage braille : le serveur sur \(host) annonce \(parts[0]) × \(parts[1]) cellules, ce qu'aucune plage réelle n'a (au plus 256 × 64). Ce n'est sans doute pas brltty. La lecture continue sans braille ; nouvelle tentative en arrière-plan.",
                "\(notice)")
        // It retries (each time refused, nothing allocated), and answers meanwhile.
        let deadline = TestDeadline(seconds: 15)
        while !deadline.hasPassed, Self.lines(log, "packet s") < 3 { usleep(100_000) }
        #expect(Self.lines(log, "packet s") >= 3, "the reader asked the size again")
        reader.send("suivant")
        _ = try reader.next("focus", timeout: 10) { $0["label"] as? String == "Accessibilité, non sélectionné" }
        #expect(Self.residentKiB(reader.pid) < 200_000, "resident memory \(Self.residentKiB(reader.pid)) KiB")
        reader.send("état")
        let status = try reader.next("status", timeout: 10)
        #expect(status["braille"] as? String == "waiting", "\(status)")
        #expect(reader.seen("notice").filter { $0["code"] as? String == "braille.implausibleSize" }.count == 1, "said once")
        reader.send("quitter")
        #expect(reader.finish() == 0)
    }

    // MARK: 4. A flood of display keys

    /// 32 000 line-down keys a second from the display: typed commands waited seconds behind
    /// them and memory grew by hundreds of megabytes. Now keys wait in a lane of 32, and a typed
    /// `état` is answered at once while the flood goes on, in constant memory.
    @Test func aFloodOfDisplayKeysDelaysNoTypedCommandAndGrowsNoMemory() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let server = try hostileBrlAPI("flood:32000", log: home.root.appendingPathComponent("brlapi.log"))
        let reader = try CountingLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "auto",
                                          "--brlapi-host", "127.0.0.1:\(server.port)"], environment: home.environment)
        defer { reader.kill() }
        #expect(reader.waitForLines(500, timeout: 20), "the display's keys reach the reader")
        let startMemory = Self.residentKiB(reader.pid)
        var slowest = 0.0
        for _ in 0..<5 {
            let before = reader.count("\"type\":\"status\"")
            let asked = Date()
            reader.send("état")
            while reader.count("\"type\":\"status\"") == before, Date().timeIntervalSince(asked) < 20 { usleep(1_000) }
            slowest = max(slowest, Date().timeIntervalSince(asked))
            usleep(500_000)
        }
        let endMemory = Self.residentKiB(reader.pid)
        // The answer's speed under the flood is printed for the README, not judged (a wall-clock
        // bound under a second fails on a loaded machine); a reader the flood starves fails here.
        print("BENCH état answered under a flood of 32 000 display keys: slowest of 5 in \(String(format: "%.3f", slowest)) s")
        #expect(slowest < 5, "hang guard: the slowest état took \(slowest) s under the flood")
        #expect(endMemory - startMemory < 30_000, "memory grew from \(startMemory) to \(endMemory) KiB")
        reader.send("quitter")
        #expect(reader.finish(timeout: 10) == 0)
    }

    // MARK: 3. One gigabyte on one line

    /// One 1 GiB line on standard input took 387 s and 8.4 GB before anything was answered. Now
    /// the line is cut at 64 KiB with a French message, the rest skipped in bounded chunks, and
    /// the next command answered, with the reader's peak resident memory (VmHWM) far below the line.
    @Test func aGigabyteLineIsSkippedWithAMessageInBoundedMemory() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let feeder = Process()
        feeder.executableURL = URL(fileURLWithPath: "/bin/bash")
        feeder.arguments = ["-c", "head -c 1073741824 /dev/zero | tr '\\0' a; printf '\\nsuivant\\nquitter\\n'"]
        let line = Pipe(), stdout = Pipe(), stderr = Pipe()
        feeder.standardOutput = line
        let reader = Process()
        reader.executableURL = LecteurProcess.binary
        reader.arguments = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]
        reader.environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
            .merging(["SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "LANG": "C.UTF-8"]) { $1 }
        reader.standardInput = line
        reader.standardOutput = stdout
        reader.standardError = stderr
        let start = Date()
        try reader.run()
        try feeder.run()
        try? line.fileHandleForReading.close()
        try? line.fileHandleForWriting.close()
        let collector = PipeCollector(stdout: stdout, stderr: stderr)
        var peak = 0
        while reader.isRunning && Date().timeIntervalSince(start) < 120 {
            peak = max(peak, Self.statusKiB(reader.processIdentifier, "VmHWM:"))
            usleep(50_000)
        }
        if reader.isRunning { reader.terminate() }
        reader.waitUntilExit()
        feeder.waitUntilExit()
        let elapsed = Date().timeIntervalSince(start)
        let (out, err) = collector.finish()
        let output = LecteurProcess.Output(status: reader.terminationStatus, stdout: out, stderr: err)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(elapsed < 60, "took \(elapsed) s")
        #expect(peak > 0 && peak < 300_000, "peak resident memory \(peak) KiB")
        let errors = output.events("error")
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?["message"] as? String
                == "Ligne trop longue : plus de 65536 octets. Elle est ignorée jusqu'à son retour à la ligne ; tapez une commande plus courte.")
        #expect(output.events("focus").contains { $0["label"] as? String == "Accessibilité, non sélectionné" }, "the next command is answered")
    }

    // MARK: 5. Resource limits

    /// `ulimit -n 16` gave SIGILL in libdispatch (with devices), `ulimit -v 120000` a silent hang (the limit tried is 200 000 KiB now:
    /// the debug binary no longer even loads its libraries under 120 000).
    /// Now both end at once with a French message and status 71; a soft limit the hard one lets
    /// the reader raise is raised, and the reader runs.
    @Test(arguments: [("ulimit -n 16", "la limite (ulimit -n) est de 16"),
                      ("ulimit -v 200000", "la limite de mémoire virtuelle (ulimit -v) est de 195 Mio")])
    func aLimitTooLowEndsWithAFrenchMessage(_ limit: String, _ said: String) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let environment = home.environment.merging(["SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock",
                                                    "LANG": "C.UTF-8", "LECTEUR": LecteurProcess.binary.path]) { $1 }
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/bin/bash"),
                                             ["-c", "\(limit); exec \"$LECTEUR\" --transcript jsonl --braille off"],
                                             input: "suivant\nquitter\n",
                                             environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, timeout: 30)
        #expect(out.status == 71, "\(out.status): \(out.stderr)")
        #expect(out.stderr.hasPrefix("lecteur: Trop peu de") && out.stderr.contains(said), "\(out.stderr)")
        #expect(out.stdout.isEmpty)
        let soft = try LecteurProcess.execute(URL(fileURLWithPath: "/bin/bash"),
                                              ["-c", "ulimit -S -n 16; exec \"$LECTEUR\" --transcript jsonl --braille off"],
                                              input: "suivant\nquitter\n",
                                              environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, timeout: 30)
        #expect(soft.status == 0, "a soft limit is raised: \(soft.stderr)")
    }

    // MARK: helpers

    func hostileBrlAPI(_ mode: String, log: URL) throws -> PythonServer {
        let script = Self.testsFolder.appendingPathComponent("BrailleTestDisplay/unresponsive-brlapi-server.py").path
        let runner = "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        return try PythonServer(script: runner, arguments: [script, mode, log.path])
    }

    static func lines(_ log: URL, _ text: String) -> Int {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0 == text }.count
    }

    /// VmRSS of a running process, in KiB (0 if it cannot be read).
    static func residentKiB(_ pid: Int32) -> Int { statusKiB(pid, "VmRSS:") }

    /// A field of /proc/PID/status in KiB (VmRSS, VmHWM…), 0 if it cannot be read.
    static func statusKiB(_ pid: Int32, _ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
}

/// Tests/SpeechTestService/hostile-speechd-server.py on a unix socket of the test's folder.
final class HostileSpeechd {
    let address: String
    private let log: URL
    private let process = Process()
    private let input = Pipe()

    init(mode: String, folder: URL) throws {
        let socket = folder.appendingPathComponent("speechd.sock").path
        log = folder.appendingPathComponent("speechd.log")
        address = "unix_socket:\(socket)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", DeviceHardeningTests.testsFolder.appendingPathComponent("SpeechTestService/hostile-speechd-server.py").path,
                             mode, socket, log.path]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ready = try output.fileHandleForReading.read(upToCount: 6) ?? Data()
        guard ready == Data("READY\n".utf8) else { process.terminate(); throw CatalogueServer.StartFailed() }
    }

    var accepted: Int { DeviceHardeningTests.lines(log, "accept") }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// The reader under a flood: its transcript is far too fast to parse line by line, so only the
/// lines and a few markers are counted as they pass.
final class CountingLecteur: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var tail = Data()
    private var lineCount = 0
    private var counts: [String: Int] = [:]
    private let markers = ["\"type\":\"status\""]

    init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = LecteurProcess.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SPEECHD_ADDRESS"] = "unix_socket:/nonexistent/speechd.sock"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            // Markers are counted in whole lines only: the unfinished last line waits for the next read.
            var chunk = self.tail + data
            if let last = chunk.lastIndex(of: 0x0A) {
                let whole = chunk[chunk.startIndex...last]
                self.lineCount += whole.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                let text = String(decoding: whole, as: UTF8.self)
                for marker in self.markers {
                    self.counts[marker, default: 0] += text.components(separatedBy: marker).count - 1
                }
                chunk = Data(chunk[chunk.index(after: last)...])
            }
            self.tail = chunk
            self.lock.unlock()
        }
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// A reader that died (the point of some of these tests) must fail the test, not kill the
    /// test runner with SIGPIPE: the write's error is ignored and the expectations that follow fail.
    func send(_ line: String) { try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8)) }

    func count(_ marker: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        return counts[marker] ?? 0
    }

    func waitForLines(_ count: Int, timeout: TimeInterval) -> Bool {
        let deadline = TestDeadline(seconds: timeout)
        while !deadline.hasPassed {
            lock.lock()
            let seen = lineCount
            lock.unlock()
            if seen >= count { return true }
            usleep(20_000)
        }
        return false
    }

    func finish(timeout: TimeInterval) -> Int32? {
        try? input.fileHandleForWriting.close()
        let deadline = TestDeadline(seconds: timeout)
        while process.isRunning && !deadline.hasPassed { usleep(10_000) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
