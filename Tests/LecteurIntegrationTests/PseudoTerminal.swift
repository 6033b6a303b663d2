// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The real `lecteur` on a pseudo-terminal, played as a person types: Python's `pty` writes the
/// bytes of each step with real delays, waits until the reader has answered (a text in its
/// output) and reads everything it writes. The terminal's settings (`stty -g`) are taken just
/// before the reader starts and just after it ends, to prove it leaves them as it found them.
struct PseudoTerminal {
    struct Step {
        let bytes: [UInt8]
        /// Wait until this text appears in what the reader writes after the step (20 s at most).
        let until: String?
        /// Or, without `until`, this long.
        let pause: Double
        /// Sent to the reader instead of bytes.
        var signal: Int32?
        /// Note how many samples the sound recording held just before the bytes are written.
        var mark = false
        /// Bytes written at these times (seconds from the step's start), each to the millisecond
        /// (the driver sleeps to each deadline and spins its last 2 ms): a hand keying Morse.
        var schedule: [(at: Double, bytes: [UInt8])] = []
        /// A program run (not waited for) as the step starts, before its bytes: something
        /// happening on the machine meanwhile (a screen reader starting).
        var command: [String]?

        /// Runs `command`, then waits for `until`; `Run.waits` says how long that took.
        static func run(_ command: [String], until: String) -> Step {
            Step(bytes: [], until: until, pause: 0, command: command)
        }

        static func timed(_ schedule: [(at: Double, bytes: [UInt8])], until: String) -> Step {
            Step(bytes: [], until: until, pause: 0, schedule: schedule)
        }

        static func type(_ text: String, until: String? = nil, pause: Double = 0.3) -> Step {
            Step(bytes: Array(text.utf8), until: until, pause: pause)
        }

        /// A key whose moment is noted against the recording of the sound server (`Run.marks`).
        static func marked(_ text: String, pause: Double) -> Step {
            Step(bytes: Array(text.utf8), until: nil, pause: pause, mark: true)
        }

        static func signal(_ signo: Int32) -> Step {
            Step(bytes: [], until: nil, pause: 0.2, signal: signo)
        }
    }

    struct Run {
        let output: String
        let status: Int32?
        let sttyBefore: String
        let sttyAfter: String
        /// For each marked step, the recording's length in samples just before its key was sent.
        let marks: [Int]
        /// For each step, the seconds from its first byte written to its `until` text read (or
        /// to the end of its pause).
        var elapsed: [Double] = []
        /// For each signal step, the reader's process state after it (`T` when stopped).
        var states: [String] = []
        /// For each step, the seconds from its start until its `until` text appeared (nil: it
        /// did not, or the step has none).
        var waits: [Double?] = []
        /// Seconds from the last step's first byte to the reader's end, polled every 5 ms
        /// (nil: it did not end within 20 s).
        var ended: Double?
        /// For each SIGTSTP step, once the reader was stopped (5 s at most): its state, what it
        /// had written until then, and the terminal's local modes (`c_lflag`) it left.
        var stops: [(state: String, output: String, lflag: Int)] = []

        /// The transcript's JSON Lines events among the terminal's echo and redraws.
        var events: [[String: Any]] {
            // A terminal ends lines with "\r\n", one Character in Swift.
            output.split(whereSeparator: \.isNewline).compactMap { line in
                guard let start = line.range(of: "{\"type\"") else { return nil }
                let json = line[start.lowerBound...].trimmingCharacters(in: .whitespacesAndNewlines)
                return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
            }
        }

        func events(_ type: String, code: String? = nil) -> [[String: Any]] {
            events.filter { $0["type"] as? String == type && (code == nil || $0["code"] as? String == code) }
        }
    }

    static let driver = #"""
    import json, os, pty, select, subprocess, sys, termios, time
    spec = json.load(open(sys.argv[1]))
    prefix = spec["prefix"]
    env = spec["env"]
    pid, fd = pty.fork()
    if pid == 0:
        if spec["rows"]:
            # The terminal's size, set before the reader starts (a window of N rows).
            import fcntl, struct, termios
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", spec["rows"], spec["columns"], 0, 0))
        script = 'stty -g > "$0.before"; "$@"; s=$?; stty -g > "$0.after"; exit $s'
        os.execve("/bin/sh", ["sh", "-c", script, prefix] + spec["argv"], env)
    out = b""
    marks = []
    elapsed = []
    states = []
    waits = []
    stops = []
    def pump(seconds, token=None, since=0):
        global out
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if token is not None and token in out[since:]:
                return True
            r, _, _ = select.select([fd], [], [], 0.02)
            if r:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    time.sleep(0.02)
        return token is not None and token in out[since:]
    pump(20, spec["ready"].encode())
    for step in spec["steps"]:
        since = len(out)
        if step["signal"]:
            # The reader is the shell's only child.
            child = int(open("/proc/%d/task/%d/children" % (pid, pid)).read().split()[0])
            os.kill(child, step["signal"])
        if step["mark"]:
            marks.append(os.path.getsize(spec["monitor"]) // 2)
        t0 = time.monotonic()
        if step["command"]:
            subprocess.Popen(step["command"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for at, hexbytes in step["schedule"]:
            while True:
                left = t0 + at - time.monotonic()
                if left <= 0:
                    break
                if left > 0.002:
                    r, _, _ = select.select([fd], [], [], left - 0.002)
                    if r:
                        try:
                            out += os.read(fd, 65536)
                        except OSError:
                            pass
            os.write(fd, bytes.fromhex(hexbytes))
        data = bytes.fromhex(step["hex"])
        for i in range(0, len(data), 512):
            os.write(fd, data[i:i + 512])
            pump(0.01)
        if step["until"] is not None:
            found = pump(20, step["until"].encode(), since)
            waits.append(time.monotonic() - t0 if found else None)
        else:
            waits.append(None)
            pump(step["pause"])
        elapsed.append(time.monotonic() - t0)
        if step["signal"]:
            # The reader's state after the signal (`T`: stopped), from /proc.
            def state():
                try:
                    return open("/proc/%d/stat" % child).read().rsplit(")", 1)[1].split()[0]
                except OSError:
                    return ""
            if step["signal"] == 20:
                # SIGTSTP: once the whole reader is stopped (5 s at most), what it wrote until then
                # and the terminal's local modes as it left them for the shell.
                end = time.monotonic() + 5
                while state() != "T" and time.monotonic() < end:
                    pump(0.02)
                pump(0.2)
                stops.append({"state": state(), "output": len(out), "lflag": termios.tcgetattr(fd)[3]})
            states.append(state())
    status = None
    ended = None
    end = time.monotonic() + 20
    while time.monotonic() < end:
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(raw)
            ended = time.monotonic() - t0 if spec["steps"] else None
            break
        pump(0.005)
    if status is None:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    pump(0.2)
    def read(path):
        try:
            return open(path).read().strip()
        except OSError:
            return ""
    print(json.dumps({"output": out.decode("utf-8", "replace"), "status": status,
                      "before": read(prefix + ".before"), "after": read(prefix + ".after"), "marks": marks,
                      "elapsed": elapsed, "states": states, "waits": waits, "ended": ended,
                      "stops": [dict(st, output=out[:st["output"]].decode("utf-8", "replace")) for st in stops]}))
    """#

    /// Runs `lecteur ARGUMENTS` on a new pseudo-terminal with `environment`, plays `steps` once
    /// `ready` has appeared in its output, and waits (20 s at most) for it to end.
    /// `rows` × `columns`: the terminal's size, set before the reader starts (nil: the
    /// pseudo-terminal's own, 0 × 0).
    static func run(_ arguments: [String], environment: [String: String], ready: String = "\"focus\"",
                    monitor: URL? = nil, rows: Int? = nil, columns: Int = 80, steps: [Step]) throws -> Run {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-pty-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: prefix + ".before")
            try? FileManager.default.removeItem(atPath: prefix + ".after")
            try? FileManager.default.removeItem(atPath: prefix + ".spec")
        }
        // The reader's environment as every integration test builds it, on an xterm-like terminal.
        var env = LecteurProcess.childEnvironment(environment)
        env["TERM"] = "xterm-256color"
        let spec: [String: Any] = [
            "prefix": prefix, "env": env, "ready": ready, "monitor": monitor?.path ?? "",
            "rows": rows ?? 0, "columns": columns,
            "argv": [LecteurProcess.binary.path] + arguments,
            "steps": steps.map { step -> [String: Any] in
                ["hex": step.bytes.map { String(format: "%02x", $0) }.joined(),
                 "until": step.until as Any? ?? NSNull(), "pause": step.pause, "signal": step.signal ?? 0,
                 "mark": step.mark, "command": step.command as Any? ?? NSNull(),
                 "schedule": step.schedule.map { [$0.at, $0.bytes.map { String(format: "%02x", $0) }.joined()] as [Any] }]
            },
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // In a file, not an argument: a step of 200 000 bytes is past the kernel's 128 KiB per argument.
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: prefix + ".spec"))
        process.arguments = ["python3", "-c", driver, prefix + ".spec"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw LecteurProcess.TimedOut(arguments: arguments)
        }
        return Run(output: report["output"] as? String ?? "", status: (report["status"] as? Int).map(Int32.init),
                   sttyBefore: report["before"] as? String ?? "", sttyAfter: report["after"] as? String ?? "",
                   marks: report["marks"] as? [Int] ?? [], elapsed: report["elapsed"] as? [Double] ?? [],
                   states: report["states"] as? [String] ?? [],
                   waits: (report["waits"] as? [Any] ?? []).map { $0 as? Double },
                   ended: report["ended"] as? Double,
                   stops: (report["stops"] as? [[String: Any]] ?? []).map {
                       ($0["state"] as? String ?? "", $0["output"] as? String ?? "", $0["lflag"] as? Int ?? 0)
                   })
    }
}
