// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// GNOME's « screen reader » switch as the session bus shows it: the accessibility bus
/// launcher's `org.a11y.Status.ScreenReaderEnabled` property, read with `busctl --user` (the
/// session bus of `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`). It is a signal, not
/// a decision: the core keeps « the switch without an Orca process is not Orca ». It never
/// starts the launcher: a desktop without one says nothing. `busctl get-property` ignores
/// `--auto-start=no` (it started `at-spi-bus-launcher` on a bus where it was activatable but not
/// running, and again each time it was killed: issue 50, item 4), so the property is read with
/// `busctl call … org.freedesktop.DBus.Properties Get`, which honours it.
///
/// A bus peer can block (a launcher stopped with SIGSTOP, a daemon swapping): the call has
/// busctl's own one-second timeout, and the child is killed if it is not done by `deadline`,
/// so a watch never waits on the bus longer than that.
public struct ScreenReaderSwitch: Sendable {
    /// busctl on PATH; nil: the switch is never read (no systemd tools on this machine).
    public let busctl: String?
    let deadline: Duration
    /// busctl's environment (`DBUS_SESSION_BUS_ADDRESS`, `XDG_RUNTIME_DIR`): the reader's.
    let environment: [String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, deadline: Duration = .seconds(2)) {
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        busctl = paths.map { "\($0)/busctl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        self.deadline = deadline
        self.environment = environment.map { "\($0.key)=\($0.value)" }
    }

    /// True or false as the bus says; nil when it could not say (no session bus, no launcher,
    /// no answer by the deadline).
    public func read() -> Bool? {
        guard let busctl else { return nil }
        let arguments = [busctl, "--user", "--timeout=1", "--auto-start=no", "call", "org.a11y.Bus", "/org/a11y/bus",
                         "org.freedesktop.DBus.Properties", "Get", "ss", "org.a11y.Status", "ScreenReaderEnabled"]
        guard let output = Self.run(arguments, environment: environment, deadline: deadline) else { return nil }
        return Self.parse(output)
    }

    /// busctl's answer: `v b true` or `v b false` (the variant `Get` returns).
    static func parse(_ output: String) -> Bool? {
        switch output.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "v b true": true
        case "v b false": false
        default: nil
        }
    }

    /// Runs the program, its standard output read until it ends or `deadline` passes (then it
    /// is killed); nil when it failed, was killed, or exited other than 0.
    private static func run(_ arguments: [String], environment: [String], deadline: Duration) -> String? {
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        defer { close(pipe[0]) }
        let spawned = spawnChild(arguments, environment: environment, output: pipe[1], errorOutput: nil, closing: pipe)
        close(pipe[1])
        guard let pid = spawned else { return nil }
        var output: [UInt8] = []
        let end = ContinuousClock.now + deadline
        var killed = false
        reading: while true {
            let left = ContinuousClock.now.duration(to: end)
            guard left > .zero else {
                kill(pid, SIGKILL)
                killed = true
                break
            }
            let ms = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 1000))
            var poller = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, max(ms, 1))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let got = Glibc.read(pipe[0], &chunk, chunk.count)
            if got < 0, errno == EINTR { continue }
            guard got > 0, output.count < 4096 else { break reading }
            output += chunk[..<got]
        }
        if !killed, output.count >= 4096 { kill(pid, SIGKILL); killed = true }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard !killed, status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
