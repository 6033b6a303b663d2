// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Test support (never shipped): a private brltty (Virtual driver) and the project's test display, driven through
/// scripts/brltty-test.sh. Everything lives in a temp dir; `stop()` is idempotent.
public final class BrlttyRig: @unchecked Sendable {
    public struct DisplayEvent: Decodable, Sendable {
        public let t: UInt64
        public let event: String
        public let dots: String?
        public let unicode: String?
        public let text: String?
        public let line: String?
    }

    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    public static let script = root.appendingPathComponent("scripts/brltty-test.sh").path

    public let dir: String
    public let host: String
    public let log: String
    public let control: String

    private init(env: [String: String]) throws {
        guard let dir = env["BRAILLE_TEST_DIR"], let host = env["BRLAPI_HOST"],
              let log = env["BRAILLE_DISPLAY_LOG"], let control = env["BRAILLE_DISPLAY_CONTROL"] else {
            throw RigError.badOutput("\(env)")
        }
        self.dir = dir
        self.host = host
        self.log = log
        self.control = control
    }

    public enum RigError: Error { case failed(String), badOutput(String), timeout(String) }

    /// Fails with what is missing (`Requirement.brltty`) before trying anything.
    /// With `serverLog`, brltty logs its BrlAPI server at debug level to `brlttyLog` (which tty
    /// each client took).
    public static func start(cells: Int = 40, auth: String = "none", serverLog: Bool = false) throws -> BrlttyRig {
        try Requirement.brltty.require()
        // The rig names the directory so it can clean up even when the start itself fails.
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("lecteur-brltty-\(getpid())-\(UUID().uuidString.prefix(8))").path
        let output: String
        do {
            output = try run([script, "start", "--dir", dir, "--cells", "\(cells)", "--auth", auth],
                             environment: serverLog ? ["BRLTTY_TEST_LOG_LEVEL": "debug,server"] : [:])
        } catch {
            _ = try? run([script, "stop", dir])
            throw error
        }
        var env: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { env[parts[0]] = parts[1] }
        }
        return try BrlttyRig(env: env)
    }

    /// brltty's own log (see `start(serverLog:)`).
    public var brlttyLog: String { dir + "/brltty.log" }

    public func stopBrltty() throws { _ = try Self.run([Self.script, "stop-brltty", dir]) }
    /// SIGKILL, as a crash: no goodbye to the display or to BrlAPI clients.
    public func killBrltty() throws { _ = try Self.run([Self.script, "kill-brltty", dir]) }
    public func startBrltty() throws { _ = try Self.run([Self.script, "start-brltty", dir]) }
    public func stop() {
        _ = try? Self.run([Self.script, "stop", dir])
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// Sends a key line (`LnDn`, `Route 3`…) through the display's control FIFO.
    public func send(_ line: String) throws {
        let fd = open(control, O_WRONLY | O_NONBLOCK)
        guard fd >= 0 else { throw RigError.failed("cannot open \(control): errno \(errno)") }
        defer { close(fd) }
        let bytes = Array((line + "\n").utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw RigError.failed("short write to FIFO") }
    }

    /// Sends a key line and waits until the test display has written it to brltty. The display
    /// writes a line only once brltty has read the one before (brltty 6.5's Virtual driver holds
    /// the second of two lines read together), so keys sent this way go at brltty's own pace,
    /// none waiting behind another, with no fixed sleep.
    public func sendTaken(_ line: String, timeout: TimeInterval = 10) throws {
        let before = events().count
        try send(line)
        let deadline = TestDeadline(seconds: timeout)
        while !events().dropFirst(before).contains(where: { ($0.event == "sent" || $0.event == "dropped") && $0.line == line }) {
            guard !deadline.hasPassed else { throw RigError.timeout("the test display did not write « \(line) » to brltty within \(timeout) s") }
            usleep(2_000)
        }
    }

    private let readLock = NSLock()
    private var readOffset: UInt64 = 0
    private var partial = Data()
    private var cached: [DisplayEvent] = []

    /// Every event logged so far; reads only what was appended since the last call (the log is
    /// polled every few ms while waiting, and must not steal the CPU from what is being measured).
    public func events() -> [DisplayEvent] {
        readLock.lock(); defer { readLock.unlock() }
        guard let handle = FileHandle(forReadingAtPath: log) else { return cached }
        defer { try? handle.close() }
        try? handle.seek(toOffset: readOffset)
        let data = handle.readDataToEndOfFile()
        readOffset += UInt64(data.count)
        partial.append(data)
        let decoder = JSONDecoder()
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            let line = partial[partial.startIndex..<newline]
            partial = Data(partial[partial.index(after: newline)...])
            if let event = try? decoder.decode(DisplayEvent.self, from: Data(line)) { cached.append(event) }
        }
        return cached
    }

    public func brailleEvents() -> [DisplayEvent] { events().filter { $0.event == "braille" } }

    /// Waits (polling the log every 2 ms) for a braille event after index `after` that satisfies
    /// `predicate`; returns it, or nil at the timeout.
    public func waitForBraille(after: Int = 0, timeout: TimeInterval = 5,
                        _ predicate: (DisplayEvent) -> Bool = { _ in true }) -> DisplayEvent? {
        let deadline = TestDeadline(seconds: timeout)
        repeat {
            let found = brailleEvents().dropFirst(after).first(where: predicate)
            if let found { return found }
            usleep(2_000)
        } while !deadline.hasPassed
        return nil
    }

    /// Waits for any display event of that kind after `after` events.
    public func waitForEvent(_ kind: String, after: Int, timeout: TimeInterval = 10) -> DisplayEvent? {
        let deadline = TestDeadline(seconds: timeout)
        repeat {
            if let found = events().dropFirst(after).first(where: { $0.event == kind }) { return found }
            usleep(5_000)
        } while !deadline.hasPassed
        return nil
    }

    @discardableResult
    public static func run(_ arguments: [String], timeout: TimeInterval = 30, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // The handler is set before the start: set after, a script that ended first (a fast
        // `pulse-test.sh start` while this thread waited for a core) never signals, and the wait
        // runs to its timeout (fresh-clone run 43: « timeout » for a start).
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            // Whether the script was still running tells a hang from a lost end.
            let running = process.isRunning
            process.terminate()
            throw RigError.timeout(arguments.joined(separator: " ") + (running ? " (still running)" : " (ended, its end not seen)"))
        }
        let output = String(data: out.fileHandleForReading.readDataToEndOfFile(), encoding: .utf8) ?? ""
        let errors = String(data: err.fileHandleForReading.readDataToEndOfFile(), encoding: .utf8) ?? ""
        guard process.terminationStatus == 0 else { throw RigError.failed("\(arguments): \(errors)") }
        return output
    }
}

/// CLOCK_MONOTONIC in ns: the test display stamps its events with the same clock.
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Collects values delivered on another thread, and waits for them.
public final class Inbox<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [T] = []

    public init() {}

    public func put(_ item: T) {
        condition.lock(); items.append(item); condition.broadcast(); condition.unlock()
    }

    public var all: [T] {
        condition.lock(); defer { condition.unlock() }
        return items
    }

    /// Waits for the first item after index `after` matching `predicate`.
    public func wait(after: Int = 0, timeout: TimeInterval = 5, _ predicate: (T) -> Bool = { _ in true }) -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock(); defer { condition.unlock() }
        while true {
            if let found = items.dropFirst(after).first(where: predicate) { return found }
            if !condition.wait(until: deadline) { return items.dropFirst(after).first(where: predicate) }
        }
    }
}
