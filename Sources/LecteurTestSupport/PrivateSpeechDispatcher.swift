// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Test support (never shipped): a speech-dispatcher of the test's own (scripts/speechd-test.sh),
/// its espeak-ng module playing into a private PulseAudio, so what the reader sends through
/// speech-dispatcher is recorded at that server's null sink.
public final class PrivateSpeechDispatcher: @unchecked Sendable {
    public static let script = BrlttyRig.root.appendingPathComponent("scripts/speechd-test.sh").path

    public static var available: Bool { scriptSucceeds([script, "available"]) }

    /// Runs a quick check script to its end (no pipes: nothing to drain, no handler to race).
    public static func scriptSucceeds(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    public let directory: URL
    /// The `SPEECHD_ADDRESS` value (`unix_socket:DIR/speechd.sock`).
    public let address: String

    public init(pulse: PrivatePulseServer) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("lecteur-speechd-\(getpid())-\(UUID().uuidString.prefix(8))")
        let command = "PULSE_SERVER='\(pulse.server)' exec '\(Self.script)' start '\(directory.path)'"
        do {
            address = try BrlttyRig.run(["-c", command], timeout: 20).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            _ = try? BrlttyRig.run([Self.script, "stop", directory.path], timeout: 20)
            throw error
        }
        guard address.hasPrefix("unix_socket:") else { throw BrlttyRig.RigError.badOutput(address) }
    }

    public func stop() {
        _ = try? BrlttyRig.run([Self.script, "stop", directory.path], timeout: 20)
        try? FileManager.default.removeItem(at: directory)
    }
}
