// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Test support (never shipped): a PulseAudio daemon of the test's own, with a `norewinds` null
/// sink named `cap` whose monitor records exactly what was played, driven through
/// scripts/pulse-test.sh. It can be killed as a crash would kill it and started again on the
/// same socket, which is how the reader's reconnection is tested.
public final class PrivatePulseServer: @unchecked Sendable {
    public static let script = BrlttyRig.root.appendingPathComponent("scripts/pulse-test.sh").path
    public static let sampleRate = 22_050

    public let directory: URL
    /// The `PULSE_SERVER` value of this daemon (`unix:DIR/native`).
    public let server: String

    /// Fails with what is missing (`Requirement.pulseAudio`) before trying anything.
    public init() throws {
        try Requirement.pulseAudio.require()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("lecteur-pulse-\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            let output = try BrlttyRig.run([Self.script, "start", directory.path], timeout: 20)
            server = output.trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            _ = try? BrlttyRig.run([Self.script, "stop", directory.path], timeout: 20)
            throw error
        }
        guard server.hasPrefix("unix:") else { throw BrlttyRig.RigError.badOutput(server) }
    }

    /// What a client of this daemon needs: its socket, and no latency override inherited from
    /// the test process (which sets one for its own streams).
    public var clientEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = server
        environment.removeValue(forKey: "PULSE_LATENCY_MSEC")
        return environment
    }

    /// SIGKILL, as a crash: clients see their connection drop, the socket stays behind.
    public func kill() throws { try BrlttyRig.run([Self.script, "kill", directory.path], timeout: 20) }

    /// Starts the daemon again on the same socket (after `kill`).
    public func restart() throws { try BrlttyRig.run([Self.script, "start", directory.path], timeout: 20) }

    public func stop() {
        _ = try? BrlttyRig.run([Self.script, "stop", directory.path], timeout: 20)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Records the sink's monitor for at most `seconds` (parec under `timeout -s KILL`, so it is
    /// bounded even if it ignores SIGTERM), waiting until parec is connected. `latencyMs` is the
    /// latency parec asks for; the null sink renders blocks that long (the shortest any client asks).
    public func record(seconds: Int, latencyMs: Int = 20) throws -> MonitorRecording {
        try MonitorRecording(server: server, seconds: seconds, latencyMs: latencyMs,
                             file: directory.appendingPathComponent("monitor-\(UUID().uuidString.prefix(6)).raw"))
    }
}

/// 16-bit mono samples of the null sink's monitor, written by parec straight to a file.
public final class MonitorRecording: @unchecked Sendable {
    private let parec: ChildProcess
    private let deadline: Date
    private let lock = NSLock()
    private var ended = false
    public let file: URL

    init(server: String, seconds: Int, latencyMs: Int, file: URL) throws {
        self.file = file
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = server
        environment.removeValue(forKey: "PULSE_LATENCY_MSEC")
        parec = try ChildProcess(Probe.path(of: "parec") ?? "/usr/bin/parec", ["-d", "cap.monitor", "--rate=\(PrivatePulseServer.sampleRate)", "--channels=1",
                                                    "--format=s16le", "--latency-msec=\(latencyMs)", "--raw"],
                                 environment: environment, stdout: file.path)
        deadline = Date().addingTimeInterval(TimeInterval(seconds))
        // The monitor sends silence continuously: the first bytes mean parec is connected.
        let connected = Date().addingTimeInterval(5)
        while sampleCount == 0 && Date() < connected { usleep(20_000) }
        guard sampleCount > 0 else { stop(); throw BrlttyRig.RigError.timeout("parec recorded nothing") }
    }

    public var sampleCount: Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0) / 2
    }

    /// Waits until the monitor has recorded `seconds` more than it had when called, polling with
    /// a deadline (`timeout`, wall clock): what the sink played before the call has then reached
    /// the recording, however late parec writes it on a loaded machine, where a fixed sleep gave
    /// it only as long as the sleep (issue 51). Returns whether the recording got that far.
    @discardableResult
    public func waitForRecorded(seconds: Double, timeout: TimeInterval = 10) -> Bool {
        let target = sampleCount + Int(seconds * Double(PrivatePulseServer.sampleRate))
        let deadline = TestDeadline(seconds: timeout)
        while sampleCount < target {
            guard !deadline.hasPassed else { return false }
            usleep(10_000)
        }
        return true
    }

    /// Seconds since the recording started, as the monitor counts them.
    public var elapsed: Double { Double(sampleCount) / Double(PrivatePulseServer.sampleRate) }

    /// Everything recorded so far; with `untilEnd`, first waits for the recording's time to be
    /// up (or for `stop()`).
    public func samples(untilEnd: Bool = true) -> [Int16] {
        if untilEnd {
            let left = deadline.timeIntervalSinceNow
            if left > 0 { usleep(UInt32(left * 1_000_000)) }
            stop()
        }
        let data = (try? Data(contentsOf: file)) ?? Data()
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)).map { Int16(littleEndian: $0) } }
    }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return }
        ended = true
        parec.kill()
    }

    deinit { stop() }

    /// Seconds of sound (10 ms windows louder than a whisper) between `from` and `to` seconds.
    public static func soundSeconds(_ samples: [Int16], from: Double = 0, to: Double = .infinity) -> Double {
        let rate = Double(PrivatePulseServer.sampleRate)
        let window = 220
        var loud = 0
        var i = Int(from * rate)
        let end = min(samples.count, to == .infinity ? samples.count : Int(to * rate))
        while i + window <= end {
            var sum = 0.0
            for s in samples[i..<i + window] { sum += Double(s) * Double(s) }
            if (sum / Double(window)).squareRoot() > 200 { loud += 1 }
            i += window
        }
        return Double(loud) * Double(window) / rate
    }
}
