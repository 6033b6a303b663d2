// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport

/// The shared private PulseAudio (scripts/pulse-test.sh), with what the Morse tests do on it:
/// play a WAV file with paplay and keep what the sink's monitor heard.
final class PrivatePulseAudio {
    private let daemon: PrivatePulseServer
    var server: String { daemon.server }

    init() throws { daemon = try PrivatePulseServer() }

    var environment: [String: String] {
        ["HOME": daemon.directory.path, "PULSE_SERVER": server, "PATH": "/usr/bin:/bin"]
    }

    /// Plays `wav` with paplay on the null sink and returns what its monitor recorded.
    func playAndCapture(_ wav: URL) throws -> [Int16] {
        let recording = try daemon.record(seconds: 120)
        let player = try ChildProcess("/usr/bin/paplay", ["-d", "cap", wav.path], environment: environment)
        guard player.wait(seconds: 60) == 0 else { throw ChildProcess.Failure(description: "paplay failed or hung") }
        // paplay drained the stream before it left; the monitor trails the sink by its latency.
        recording.waitForRecorded(seconds: 0.3)
        recording.stop()
        return recording.samples(untilEnd: false)
    }

    func stop() { daemon.stop() }

    deinit { stop() }
}
