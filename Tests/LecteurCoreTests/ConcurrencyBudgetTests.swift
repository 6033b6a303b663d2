// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Concurrency the compiler checks: every target is in Swift 6 language mode, and what it cannot
/// check is counted here, from the source tree itself. `LecteurCore` has no `@unchecked Sendable`
/// and no `nonisolated(unsafe)`; no target has `nonisolated(unsafe)` (a global is a `Mutex` or an
/// `Atomic`); a target may keep one `@unchecked Sendable` type per C library it wraps, for that
/// library's handle, with the reason in the comment just above it. Only the audit's engine
/// (`Sources/LecteurAudit/Engine/`) is allowed its own locks, behind the audit's wall.
@Suite struct ConcurrencyBudgetTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The folder that keeps its locks (the audit's parallel engine).
    static let exempt = "LecteurAudit/Engine/"

    /// The `@unchecked Sendable` types allowed, by target: each wraps one C library's handle.
    static let allowed: [String: [String: String]] = [
        "LecteurAudio": ["DeviceHandle": "pcaudiolib (PulseAudio, ALSA)"],
        "LecteurSpeech": ["SpeechdConnection": "libspeechd (speech-dispatcher)"],
        "LecteurNetwork": ["CurlMultiHandle": "libcurl"],
    ]

    struct Finding: CustomStringConvertible {
        let target: String
        let file: String
        let line: Int
        let type: String?
        let text: String
        /// The comment block just above the line.
        let comment: [String]

        var description: String { "\(file):\(line): \(text)" }
    }

    /// Every line of `Sources/` (outside the exempt folder) whose code says `marker`.
    static func findings(of marker: String) throws -> [Finding] {
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix(exempt) }
            .sorted()
        var found: [Finding] = []
        for path in files {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                // The code of the line, not a comment that names the marker.
                let code = line.components(separatedBy: "//").first ?? ""
                guard code.contains(marker) else { continue }
                var comment: [String] = []
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    comment.insert(lines[above].trimmingCharacters(in: .whitespaces), at: 0)
                    above -= 1
                }
                found.append(Finding(target: String(path.prefix { $0 != "/" }), file: "Sources/\(path)",
                                     line: index + 1, type: declaredType(code),
                                     text: line.trimmingCharacters(in: .whitespaces), comment: comment))
            }
        }
        return found
    }

    /// The name a declaration line introduces (`final class SpeechWorker: …` → SpeechWorker).
    static func declaredType(_ code: String) -> String? {
        let words = code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
        guard let keyword = words.firstIndex(where: { ["class", "struct", "enum", "actor", "extension"].contains($0) }),
              keyword + 1 < words.count else { return nil }
        return words[keyword + 1]
    }

    @Test func theScanSeesTheSourceTree() throws {
        // A wrong root would make every other test here pass on nothing.
        let core = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.appendingPathComponent("LecteurCore").path)
        #expect(core.filter { $0.hasSuffix(".swift") }.count > 50)
        let unchecked = try Self.findings(of: "@unchecked Sendable")
        for (target, types) in Self.allowed {
            for type in types.keys {
                #expect(unchecked.contains { $0.target == target && $0.type == type }, "\(target).\(type) is not found by the scan")
            }
        }
    }

    @Test func noTargetHasNonisolatedUnsafe() throws {
        let found = try Self.findings(of: "nonisolated(unsafe)")
        #expect(found.isEmpty, "a global or static is a Mutex or an Atomic:\n\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test func theCoreHasNoUncheckedSendable() throws {
        let found = try Self.findings(of: "@unchecked Sendable").filter { $0.target == "LecteurCore" }
        #expect(found.isEmpty, "the pure core is checked:\n\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test func uncheckedSendableOnlyForOneCHandlePerLibrary() throws {
        let found = try Self.findings(of: "@unchecked Sendable")
        let extra = found.filter { finding in
            guard let type = finding.type else { return true }
            return Self.allowed[finding.target]?[type] == nil
        }
        #expect(extra.isEmpty, "checked instead (Mutex, Atomic, an actor, a Sendable value):\n\(extra.map(\.description).joined(separator: "\n"))")
        for (target, types) in Self.allowed {
            let declared = Set(found.filter { $0.target == target }.compactMap(\.type))
            #expect(declared.count <= types.count, "\(target): \(declared.sorted())")
        }
    }

    @Test func everyUncheckedSendableSaysWhy() throws {
        let silent = try Self.findings(of: "@unchecked Sendable").filter { finding in
            !finding.comment.contains { $0.localizedCaseInsensitiveContains("unchecked because") }
        }
        let listed = silent.map(\.description).joined(separator: "\n")
        #expect(silent.isEmpty, "say just above it which C handle it guards and how (\"Unchecked because…\"):\n\(listed)")
    }
}
