// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The findings an auditor has accepted, by fingerprint: `--write-baseline` records them,
/// `--baseline` reports them as known and lets `--fail-on` gate only on new ones. The file is
/// JSON sorted by fingerprint (one finding per line), so it diffs well in a repository.
public struct AuditBaseline: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let fingerprint: String
        public let rule: String
        public let kind: String
        public let path: String
        public let element: String
    }

    public let entries: [Entry]
    /// Largest `--baseline` file read, in bytes: a finding takes about 200 bytes, so this is
    /// some 80 000 findings, far more than any catalogue worth gating on has.
    public static let fileLimit = 16 << 20
    private let fingerprints: Set<String>

    public init(entries: [Entry]) {
        self.entries = entries.sorted { $0.fingerprint < $1.fingerprint }
        self.fingerprints = Set(entries.map(\.fingerprint))
    }

    public static func == (a: AuditBaseline, b: AuditBaseline) -> Bool { a.entries == b.entries }

    public func contains(_ fingerprint: String) -> Bool { fingerprints.contains(fingerprint) }

    public struct Comparison: Sendable, Equatable {
        public let known: Int
        public let new: Int
        /// In the baseline, not found any more.
        public let fixed: Int
    }

    public enum ReadError: Error { case unreadable }

    public static func read(_ data: Data) throws -> AuditBaseline {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["version"] as? Int == 1, let findings = object["findings"] as? [[String: Any]]
        else { throw ReadError.unreadable }
        var entries: [Entry] = []
        for finding in findings {
            guard let fingerprint = finding["fingerprint"] as? String, fingerprint.count == 32,
                  fingerprint.allSatisfy(\.isHexDigit) else { throw ReadError.unreadable }
            entries.append(Entry(fingerprint: fingerprint, rule: finding["rule"] as? String ?? "",
                                 kind: finding["kind"] as? String ?? "", path: finding["path"] as? String ?? "",
                                 element: finding["element"] as? String ?? ""))
        }
        return AuditBaseline(entries: entries)
    }

    public func serialized() -> String {
        var out = "{\n  \"version\": 1,\n  \"tool\": \"lecteur audit\",\n  \"findings\": ["
        for (i, entry) in entries.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += "{\"fingerprint\": \"\(entry.fingerprint)\", \"rule\": "
            AuditMarkup.json(entry.rule, into: &out)
            out += ", \"kind\": "
            AuditMarkup.json(entry.kind, into: &out)
            out += ", \"path\": "
            AuditMarkup.json(entry.path, into: &out)
            out += ", \"element\": "
            AuditMarkup.json(entry.element, into: &out)
            out += "}"
        }
        out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }
}
