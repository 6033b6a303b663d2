// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Where the audit tests keep their goldens, fixtures and tools: in the source tree, next to
/// this file (the test target excludes them from the build).
enum AuditFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static func golden(_ name: String) -> URL { directory.appendingPathComponent("Golden").appendingPathComponent(name) }
    static func fixture(_ name: String) -> URL { directory.appendingPathComponent("Fixtures").appendingPathComponent(name) }
    static func tool(_ name: String) -> URL { directory.appendingPathComponent("AuditTools").appendingPathComponent(name) }

    /// Compares with a golden file, never writing it (see `Golden`).
    static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        Golden.expect(actual, matches: golden(name), sourceLocation: sourceLocation)
    }

    /// Runs an external tool with a deadline; nil when it is not installed.
    static func run(_ tool: String, _ arguments: [String], input: String? = nil, timeout: TimeInterval = 120) throws
        -> LecteurProcess.Output? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let path = paths.map({ "\($0)/\(tool)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        // Chromium and fish write their profiles under HOME: a home of the run's own, removed
        // after (issue 50, item 11: they were left in the developer's).
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-audit-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ProcessInfo.processInfo.environment.merging(
            ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config", "XDG_DATA_HOME": home.path + "/.local/share",
             "XDG_CACHE_HOME": home.path + "/.cache", "XDG_STATE_HOME": home.path + "/.local/state",
             "DBUS_SESSION_BUS_ADDRESS": ""]) { $1 }
        return try LecteurProcess.execute(URL(fileURLWithPath: path), arguments, input: input ?? "", environment: environment,
                                          timeout: timeout)
    }
}
