// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Test support (never shipped): a speech-dispatcher of the test's own (scripts/speechd-test.sh),
/// its espeak-ng module playing into a private PulseAudio, so what the reader sends through
/// speech-dispatcher is recorded at that server's null sink.
public final class PrivateSpeechDispatcher: @unchecked Sendable {
    public static let script = BrlttyRig.root.appendingPathComponent("scripts/speechd-test.sh").path

    public let directory: URL
    /// The `SPEECHD_ADDRESS` value (`unix_socket:DIR/speechd.sock`).
    public let address: String

    /// Fails with what is missing (`Requirement.speechDispatcher`) before trying anything.
    /// `logLevel` 5 logs each message with its client and priority (`log`).
    public init(pulse: PrivatePulseServer, logLevel: Int? = nil) throws {
        try Requirement.speechDispatcher.require()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("lecteur-speechd-\(getpid())-\(UUID().uuidString.prefix(8))")
        let level = logLevel.map { "SPEECHD_LOG_LEVEL=\($0) " } ?? ""
        let command = "\(level)PULSE_SERVER='\(pulse.server)' exec '\(Self.script)' start '\(directory.path)'"
        do {
            address = try BrlttyRig.run(["-c", command], timeout: 20).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            _ = try? BrlttyRig.run([Self.script, "stop", directory.path], timeout: 20)
            throw error
        }
        guard address.hasPrefix("unix_socket:") else { throw BrlttyRig.RigError.badOutput(address) }
    }

    /// What the daemon logged so far.
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("log/speech-dispatcher.log"), encoding: .utf8)) ?? ""
    }

    public func stop() {
        _ = try? BrlttyRig.run([Self.script, "stop", directory.path], timeout: 20)
        try? FileManager.default.removeItem(at: directory)
    }
}
