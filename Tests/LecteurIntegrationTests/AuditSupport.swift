// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Where the audit tests keep their goldens, fixtures and tools: in the source tree, next to
/// this file (the test target excludes them from the build).
enum AuditFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static func golden(_ name: String) -> URL { directory.appendingPathComponent("Golden").appendingPathComponent(name) }
    static func fixture(_ name: String) -> URL { directory.appendingPathComponent("Fixtures").appendingPathComponent(name) }
    static func tool(_ name: String) -> URL { directory.appendingPathComponent("AuditTools").appendingPathComponent(name) }

    /// Compares with a golden file; `LECTEUR_UPDATE_GOLDEN=1` rewrites it instead (then review the
    /// diff with git before committing).
    static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = golden(name)
        if ProcessInfo.processInfo.environment["LECTEUR_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try #require(try? String(contentsOf: url, encoding: .utf8),
                                    "missing golden \(name): run with LECTEUR_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        if expected == actual { return }
        let a = actual.components(separatedBy: "\n"), e = expected.components(separatedBy: "\n")
        let line = Array(zip(a, e)).firstIndex { $0 != $1 } ?? min(a.count, e.count)
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("actual-\(name)")
        try? Data(actual.utf8).write(to: saved)
        Issue.record("""
            \(name) differs from its golden at line \(line + 1) (actual saved to \(saved.path)):
              expected: \(line < e.count ? e[line] : "<end>")
              actual:   \(line < a.count ? a[line] : "<end>")
            """, sourceLocation: sourceLocation)
    }

    /// Runs an external tool with a deadline; nil when it is not installed.
    static func run(_ tool: String, _ arguments: [String], input: String? = nil, timeout: TimeInterval = 120) throws
        -> LecteurProcess.Output? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let path = paths.map({ "\($0)/\(tool)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        return try LecteurProcess.execute(URL(fileURLWithPath: path), arguments, input: input ?? "", timeout: timeout)
    }
}
