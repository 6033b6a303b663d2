// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport

/// Runs the real `lecteur` binary built next to the test bundle, feeding it a script on
/// standard input, with a deadline so a hang fails the test instead of stalling CI.
struct LecteurProcess {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Standard output as bytes, for a command that writes a WAV there (`--output -`).
        var stdoutBytes = Data()

        /// The JSON Lines transcript, one dictionary per event.
        var events: [[String: Any]] {
            stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }

        func events(_ type: String) -> [[String: Any]] { events.filter { $0["type"] as? String == type } }

        /// The notices and errors (the silent `stop` aside) that no braille message shows: each
        /// must be followed by a `braille` event of kind `message` starting with its text.
        var messagesNotBrailled: [String] {
            let all = events
            var missing: [String] = []
            for (i, event) in all.enumerated() {
                guard ["notice", "error"].contains(event["type"] as? String), event["code"] as? String != "stop",
                      let message = event["message"] as? String else { continue }
                // A notice with a shorter form on the display names it in its event (`braille`).
                let brailled = event["braille"] as? String ?? message
                let flat = brailled.split(whereSeparator: \.isNewline).joined(separator: " ")
                // A question comes first on its line, what was said before it after it in
                // brackets (« Question 2 ⠒⠒ (Juste : K.) »).
                let shown = all[(i + 1)...].contains { later in
                    guard later["type"] as? String == "braille" && later["kind"] as? String == "message",
                          let text = later["text"] as? String else { return false }
                    return text.hasPrefix(flat) || (text.hasPrefix("Question ") && text.contains(" (" + flat))
                }
                if !shown { missing.append(message) }
            }
            return missing
        }
    }

    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["LECTEUR_BIN"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lecteur")
    }

    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:],
                    timeout: TimeInterval = 60) throws -> Output {
        try execute(binary, arguments, input: input, environment: childEnvironment(environment), timeout: timeout)
    }

    /// The reader's whole environment, built from what the test means rather than copied from the
    /// test process: under scripts/test.sh, a CI runner or a developer's desktop session the child
    /// sees the same thing. It gets a home of its own, French (the reference language), Paris time,
    /// and no sound server, speech-dispatcher, braille display, session bus or screen reader
    /// unless the test names one in `overrides` (which win), and a practice seed (`PracticeSeed`).
    static func childEnvironment(_ overrides: [String: String]) -> [String: String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-home-\(UUID().uuidString)").path
        var env = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": home,
            "TMPDIR": FileManager.default.temporaryDirectory.path,
            "TZ": "Europe/Paris",
            // The language comes from the environment: tests get French unless they ask otherwise.
            "LANG": "C.UTF-8",
            "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
            "XDG_CONFIG_DIRS": home + "/etc-xdg", "XDG_RUNTIME_DIR": home + "/runtime",
            "PULSE_SERVER": noSoundServer,
            "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock",
            "BRLAPI_HOST": noBrailleServer,
            "DBUS_SESSION_BUS_ADDRESS": "",
            // The screen-reader probes read an empty /sys and /proc, not the machine's.
            "LECTEUR_PROBE_ROOT": home + "/probe-root",
            // Every practice is seeded and its seed printed, so a failure replays.
            PracticeSeed.name: PracticeSeed.seed(for: overrides),
        ]
        // A sanitizer build of the reader (scripts/sanitizers.sh) reports as the run asked.
        for name in ["ASAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"] {
            env[name] = ProcessInfo.processInfo.environment[name]
        }
        return env.merging(overrides) { $1 }
    }

    /// A PulseAudio socket nothing listens on: no sound device unless a test starts one.
    static let noSoundServer = "unix:/nonexistent/lecteur-test/native"
    /// A BrlAPI host number no brltty of the tests listens on (scripts/brltty-test.sh hands out 5 to 89).
    static let noBrailleServer = ":4"

    /// Any program, fed `input`, both outputs drained while it runs; past `timeout` it is
    /// terminated and `TimedOut` thrown.
    static func execute(_ program: URL, _ arguments: [String], input: String, environment: [String: String]? = nil,
                        timeout: TimeInterval) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let collector = PipeCollector(stdout: stdout, stderr: stderr)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let deadline = TestDeadline(seconds: timeout)
        while process.isRunning && !deadline.hasPassed { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw TimedOut(arguments: [program.lastPathComponent] + arguments)
        }
        process.waitUntilExit()
        let (out, err) = collector.finish()
        return Output(status: process.terminationStatus, stdout: out, stderr: err, stdoutBytes: collector.outBytes)
    }

    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        var description: String { "\(arguments.joined(separator: " ")) did not finish in time" }
    }
}

/// Drains both pipes while the process runs, so a chatty child never blocks on a full pipe.
final class PipeCollector: @unchecked Sendable {
    private var out = Data(), err = Data()
    private let lock = NSLock()
    private let group = DispatchGroup()

    init(stdout: Pipe, stderr: Pipe) {
        for (pipe, isOut) in [(stdout, true), (stderr, false)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                self.lock.lock()
                if isOut { self.out = data } else { self.err = data }
                self.lock.unlock()
                self.group.leave()
            }
        }
    }

    /// Standard output as it came, once `finish()` has returned.
    var outBytes: Data {
        lock.lock()
        defer { lock.unlock() }
        return out
    }

    func finish() -> (String, String) {
        group.wait()
        lock.lock()
        defer { lock.unlock() }
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
