import Foundation

/// A child process started with posix_spawn and reaped with waitpid: Foundation's Process left
/// paplay as a zombie here (isRunning never turned false), so the tests manage pids themselves.
struct Child {
    let pid: pid_t

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(_ path: String, _ arguments: [String], environment: [String: String], stdout: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // Test threads may block signals and spawned children inherit the mask: without a clean
        // one, parec ignored SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw Failure(description: "\(path): \(String(cString: strerror(rc)))") }
        self.pid = pid
    }

    /// The exit status, or nil if still running after `seconds` (then it is killed).
    @discardableResult
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            if r < 0 { return nil }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    func stop(seconds: Double = 5) {
        kill(pid, SIGTERM)
        wait(seconds: seconds)
    }
}

/// A PulseAudio daemon of the test's own, in a temporary folder, with a null sink whose
/// monitor records exactly what is played. Stopped by its pid when the test is done.
final class PrivatePulseAudio {
    let directory: URL
    private var daemon: Child?
    var server: String { "unix:\(directory.path)/native" }

    init(rate: Int = 22050) throws {
        directory = try temporaryDirectory("pulse")
        daemon = try Child("/usr/bin/pulseaudio", [
            "--daemonize=no", "--exit-idle-time=-1", "--system=false", "-n", "--use-pid-file=no", "--disable-shm=yes",
            "--load=module-native-protocol-unix auth-anonymous=1 socket=\(directory.path)/native",
            // norewinds: without it the monitor loses the start of a new stream.
            "--load=module-null-sink sink_name=cap rate=\(rate) norewinds=1",
        ], environment: environment)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("native").path) {
            guard Date() < deadline else { stop(); throw Child.Failure(description: "pulseaudio did not start") }
            usleep(20_000)
        }
    }

    var environment: [String: String] {
        ["HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "PULSE_RUNTIME_PATH": directory.path,
         "PULSE_STATE_PATH": directory.path, "PULSE_SERVER": server, "PATH": "/usr/bin:/bin"]
    }

    /// Plays `wav` with paplay on the null sink and returns what its monitor recorded.
    func playAndCapture(_ wav: URL, rate: Int = 22050) throws -> [Int16] {
        let raw = directory.appendingPathComponent("capture-\(UUID().uuidString.prefix(6)).raw")
        let recorder = try Child("/usr/bin/parec", ["-d", "cap.monitor", "--rate=\(rate)", "--channels=1", "--format=s16le"],
                                 environment: environment, stdout: raw.path)
        defer { recorder.stop() }
        usleep(300_000)
        let player = try Child("/usr/bin/paplay", ["-d", "cap", wav.path], environment: environment)
        guard player.wait(seconds: 60) == 0 else { throw Child.Failure(description: "paplay failed or hung") }
        usleep(300_000)
        recorder.stop()
        let data = try Data(contentsOf: raw)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)).map { Int16(littleEndian: $0) } }
    }

    func stop() {
        daemon?.stop()
        daemon = nil
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
