// SPDX-License-Identifier: GPL-3.0-or-later
import CLecteurSpawn
import Foundation
import Synchronization

/// GNOME's switch followed by subscription rather than asked every second: one long-lived
/// `busctl --user --json=short monitor` child, matched to the launcher's `PropertiesChanged` on
/// `/org/a11y/bus` and to the launcher's name changing owner, read line by line (one JSON
/// message a line). busctl monitors with `BecomeMonitor`, which starts no service: a desktop
/// without the launcher says nothing, as `ScreenReaderSwitch.read` (`--auto-start=no`).
///
/// The value is read once each time the child is subscribed (a change before then is not lost)
/// and again when the launcher changes owner (a restarted launcher sends no signal for the value
/// it starts with). The child runs on a thread of its own and every wait has a deadline, so the
/// reader is never held: `poll` wakes at least every `tick` to see whether it was stopped. A
/// child that ends (the bus restarted, monitoring refused) is started again after a back-off
/// that doubles to `longestBackOff`, and starts over once a child has lived that long.
final class ScreenReaderSwitchMonitor: Sendable {
    private let bus: ScreenReaderSwitch
    private let tick: Duration = .milliseconds(250)
    static let firstBackOff: Duration = .milliseconds(500)
    static let longestBackOff: Duration = .seconds(30)
    /// The child running (its pid), and whether `stop` was called.
    private let running = Mutex<(pid: pid_t?, stopped: Bool)>((nil, false))

    init(bus: ScreenReaderSwitch) {
        self.bus = bus
    }

    /// Follows the switch until `stop`: `report` gets the value as the bus says it (nil when it
    /// could not say), from the monitor's thread, possibly the same value twice.
    func start(_ report: @escaping @Sendable (Bool?) -> Void) {
        guard let busctl = bus.busctl else { return }
        let thread = Thread { [self] in follow(busctl, report) }
        thread.name = "lecteur.screen-reader-switch"
        thread.start()
    }

    func stop() {
        running.withLock { running in
            running.stopped = true
            if let pid = running.pid { kill(pid, SIGKILL) }
        }
    }

    private var stopped: Bool { running.withLock { $0.stopped } }

    /// The busctl child following the bus now, if one is.
    var childPID: pid_t? { running.withLock { $0.pid } }

    private func follow(_ busctl: String, _ report: @Sendable (Bool?) -> Void) {
        var backOff = Self.firstBackOff
        while !stopped {
            let began = ContinuousClock.now
            watch(busctl, report)
            if ContinuousClock.now - began >= Self.longestBackOff { backOff = Self.firstBackOff }
            sleep(backOff)
            backOff = min(backOff * 2, Self.longestBackOff)
        }
    }

    /// Sleeps `duration` in ticks, ending early when stopped.
    private func sleep(_ duration: Duration) {
        let end = ContinuousClock.now + duration
        while !stopped {
            let left = ContinuousClock.now.duration(to: end)
            guard left > .zero else { return }
            let slice = min(tick, left)
            Thread.sleep(forTimeInterval: Double(slice.components.seconds) + Double(slice.components.attoseconds) / 1e18)
        }
    }

    /// One child's life: spawned, subscribed, the value read, then its lines until it ends or
    /// `stop` kills it.
    private func watch(_ busctl: String, _ report: @Sendable (Bool?) -> Void) {
        let arguments = [busctl, "--user", "--json=short", "monitor",
                         "--match=type='signal',path='/org/a11y/bus',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'",
                         "--match=type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.a11y.Bus'"]
        guard let child = ChildProcess(arguments, environment: bus.environment) else { return }
        defer { child.reap() }
        let admitted = running.withLock { running -> Bool in
            guard !running.stopped else { return false }
            running.pid = child.pid
            return true
        }
        defer { running.withLock { $0.pid = nil } }
        guard admitted else { kill(child.pid, SIGKILL); return }
        // busctl says « Monitoring bus message stream. » on standard error once it is a
        // monitor: what changes after that is on its standard output.
        guard child.waitForError(deadline: .seconds(2), stopped: { self.stopped }) else {
            kill(child.pid, SIGKILL)
            return
        }
        report(bus.read())
        var lastRead = ContinuousClock.now
        var lines = LineBuffer()
        var budget = Budget()
        var readWanted = false
        while !stopped {
            guard let chunk = child.readOutput(waiting: tick) else { break }
            var latest: Bool?
            for line in lines.append(chunk) where Self.mayMatter(line) {
                // Past the budget the lines are dropped unread, and the value read from the bus
                // once instead: what they said is then known anyway.
                guard budget.take() else { readWanted = true; continue }
                switch Self.parse(line) {
                case .value(let value): latest = value
                case .readAgain: readWanted = true
                case .unrelated: break
                }
            }
            // One report for a chunk's values: the last is the switch now.
            if let latest { report(latest) }
            // At most one read per `readInterval`, however many signals asked for it: 2 000
            // invalidations were 2 001 busctl runs back to back (issue 50, item 5).
            if readWanted, ContinuousClock.now - lastRead >= Self.readInterval {
                readWanted = false
                report(bus.read())
                lastRead = ContinuousClock.now
            }
        }
        kill(child.pid, SIGKILL)
    }

    /// The least time between two reads of the value that signals asked for.
    static let readInterval: Duration = .seconds(1)

    /// Lines parsed per `Budget.window`: a person flips the switch a few times a minute; a
    /// hostile busctl (or any client of the user's bus) sending 200 000 lines cost 7.4 s of CPU
    /// when each was parsed.
    struct Budget {
        static let window: Duration = .seconds(1)
        static let lines = 20
        private var started = ContinuousClock.now
        private var used = 0

        mutating func take() -> Bool {
            let now = ContinuousClock.now
            if now - started >= Self.window { started = now; used = 0 }
            guard used < Self.lines else { return false }
            used += 1
            return true
        }
    }

    /// Cheap test before the JSON parse (memmem): only lines that name the launcher or the
    /// property can matter.
    static func mayMatter(_ line: [UInt8]) -> Bool {
        line.withUnsafeBytes { haystack in
            launcherPrefix.withUnsafeBytes { needle in
                lecteur_contains(haystack.baseAddress, haystack.count, needle.baseAddress, needle.count) != 0
            }
        }
    }

    private static let launcherPrefix = Array("org.a11y.".utf8)

    enum Message: Equatable {
        /// The launcher said the switch's new value.
        case value(Bool)
        /// The value is to be read again: the launcher changed owner, or invalidated it.
        case readAgain
        case unrelated
    }

    /// One line of `busctl --json=short monitor`.
    static func parse(_ line: [UInt8]) -> Message {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
              object["type"] as? String == "signal",
              let payload = object["payload"] as? [String: Any], let data = payload["data"] as? [Any] else { return .unrelated }
        switch object["member"] as? String {
        case "NameOwnerChanged":
            return data.first as? String == "org.a11y.Bus" ? .readAgain : .unrelated
        case "PropertiesChanged":
            guard object["path"] as? String == "/org/a11y/bus", data.count >= 2, data[0] as? String == "org.a11y.Status" else {
                return .unrelated
            }
            if let changed = data[1] as? [String: Any], let property = changed["ScreenReaderEnabled"] as? [String: Any],
               property["type"] as? String == "b", let value = property["data"] as? Bool {
                return .value(value)
            }
            if data.count >= 3, let invalidated = data[2] as? [String], invalidated.contains("ScreenReaderEnabled") {
                return .readAgain
            }
            return .unrelated
        default:
            return .unrelated
        }
    }
}

/// Bytes cut into lines; a line longer than `limit` is dropped whole (no message of interest
/// is that long).
struct LineBuffer {
    private var pending: [UInt8] = []
    private var overflowed = false
    static let limit = 65_536

    /// Cut at each newline found (`memchr`), copied a piece at a time rather than a byte: a
    /// flood of lines costs little.
    mutating func append(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                let found: UnsafeMutableRawPointer? = memchr(base + start, 0x0A, buffer.count - start)
                let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? buffer.count
                let room = Self.limit - pending.count
                if end - start > room {
                    pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: room))
                    overflowed = true
                } else {
                    pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
                }
                guard found != nil else { break }
                if !overflowed { lines.append(pending) }
                pending.removeAll(keepingCapacity: true)
                overflowed = false
                start = end + 1
            }
        }
        return lines
    }
}

/// A child with its standard output and error on pipes, standard input on /dev/null.
private struct ChildProcess {
    let pid: pid_t
    let output: Int32
    let error: Int32

    init?(_ arguments: [String], environment: [String]) {
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { return nil }
        guard pipe(&err) == 0 else { close(out[0]); close(out[1]); return nil }
        let spawned = spawnChild(arguments, environment: environment, output: out[1], errorOutput: err[1], closing: out + err)
        close(out[1])
        close(err[1])
        guard let pid = spawned else { close(out[0]); close(err[0]); return nil }
        self.pid = pid
        output = out[0]
        error = err[0]
    }

    /// Waits for anything on standard error, at most `deadline`; false when the child ended or
    /// said nothing by then.
    func waitForError(deadline: Duration, stopped: () -> Bool) -> Bool {
        let end = ContinuousClock.now + deadline
        while !stopped(), ContinuousClock.now < end {
            var poller = pollfd(fd: error, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 512)
            return Glibc.read(error, &chunk, chunk.count) > 0
        }
        return false
    }

    /// What standard output has within `waiting`: empty when nothing came, nil once it ended.
    /// Standard error is read and dropped meanwhile, so a talkative child never blocks on it.
    func readOutput(waiting: Duration) -> [UInt8]? {
        let ms = Int32(waiting.components.seconds * 1000 + waiting.components.attoseconds / 1_000_000_000_000_000)
        var pollers = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: error, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&pollers, 2, max(ms, 1))
        if ready < 0 { return errno == EINTR ? [] : nil }
        guard ready > 0 else { return [] }
        if pollers[1].revents & Int16(POLLIN) != 0 {
            var dropped = [UInt8](repeating: 0, count: 512)
            _ = Glibc.read(error, &dropped, dropped.count)
        }
        guard pollers[0].revents != 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let got = Glibc.read(output, &chunk, chunk.count)
        if got < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        guard got > 0 else { return nil }
        return Array(chunk[..<got])
    }

    /// Closes the pipes and waits for the child, killed first by the caller.
    func reap() {
        close(output)
        close(error)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
}
