// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Test support (never shipped): a child process started with posix_spawn and reaped with
/// waitpid. Foundation's Process left paplay as a zombie here (isRunning never turned false) and
/// its waitUntilExit hung after a SIGKILL, so tests that kill their children manage pids themselves.
public struct ChildProcess: Sendable {
    public let pid: pid_t

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public init(_ path: String, _ arguments: [String], environment: [String: String], stdout: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the test process: a recorder that inherited the write end of a reader's
        // standard input would keep that reader from ever seeing the end of its input.
        // (glibc's closefrom action is not visible to Swift; the open descriptors are listed instead.)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
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
    public func wait(seconds: Double) -> Int32? {
        let deadline = TestDeadline(seconds: seconds)
        var status: Int32 = 0
        while !deadline.hasPassed {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            if r < 0 { return nil }
            usleep(10_000)
        }
        Foundation.kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    /// Ends it at once (recorders have nothing to flush: their output goes straight to a file).
    public func kill() {
        Foundation.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    public func stop(seconds: Double = 5) {
        Foundation.kill(pid, SIGTERM)
        wait(seconds: seconds)
    }
}

