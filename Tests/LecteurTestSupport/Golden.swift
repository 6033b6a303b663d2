// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Reviewed expected outputs kept in the source tree. A test compares with its golden and never
/// writes it: on a mismatch the actual output goes under `.build/golden-actual/` (same path as the
/// golden) and the test fails. `scripts/update-goldens.sh` copies those files over the goldens
/// and prints the diff for review (docs/testing.md).
public enum Golden {
    /// A text as a reader of a golden can see it: controls, separators and marks written as \u{…}.
    public static func visible(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            switch scalar.properties.generalCategory {
            // The ordinary space is the one separator a reader sees as it is.
            case .spaceSeparator where scalar == " ":
                return " "
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator,
                 .nonspacingMark, .enclosingMark, .unassigned, .privateUse, .surrogate:
                return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                return String(scalar)
            }
        }.joined()
    }

    public static let actualFolder = BrlttyRig.root.appendingPathComponent(".build/golden-actual")

    /// Where the actual output of a golden is written when it differs.
    public static func actualFile(for golden: URL) -> URL {
        let root = BrlttyRig.root.standardizedFileURL.path + "/"
        let path = golden.standardizedFileURL.path
        let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : golden.lastPathComponent
        return actualFolder.appendingPathComponent(relative)
    }

    /// Records an issue (first differing line, and where the actual output was written) unless
    /// `actual` is exactly the golden's content; a missing golden is a failure too.
    public static func expect(_ actual: String, matches golden: URL, summary: ((String) -> String)? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let saved = actualFile(for: golden)
        let expected = try? String(contentsOf: golden, encoding: .utf8)
        if expected == actual {
            try? FileManager.default.removeItem(at: saved)
            return
        }
        do {
            try FileManager.default.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: saved)
        } catch {
            Issue.record("could not write the actual output to \(saved.path): \(error)", sourceLocation: sourceLocation)
        }
        guard let expected else {
            Issue.record("missing golden \(golden.path) (actual output in \(saved.path); scripts/update-goldens.sh adds it)",
                         sourceLocation: sourceLocation)
            return
        }
        let a = actual.components(separatedBy: "\n"), e = expected.components(separatedBy: "\n")
        let line = Array(zip(a, e)).firstIndex { $0 != $1 } ?? min(a.count, e.count)
        Issue.record("""
            \(golden.lastPathComponent) differs from its golden at line \(line + 1) (actual output in \(saved.path); \
            after an intended change, scripts/update-goldens.sh copies it over and shows the diff):
              expected: \(line < e.count ? e[line] : "<end>")
              actual:   \(line < a.count ? a[line] : "<end>")
            \(summary?(expected) ?? "")
            """, sourceLocation: sourceLocation)
    }
}
