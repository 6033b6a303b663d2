// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore

/// Issue 23: every sentence the audit writes is made in its words' room, `LecteurAudit/Messages`
/// (in the core's `Messages/Audit` until issue 47 moved it beside the audit, which alone uses it).
/// The rest of the audit's module and the CLI's audit files may name a rule's help, explanation
/// and fix keys in its `AuditRuleInfo` (`help: .auditRule…Help`), but never look a string up themselves.
@Suite struct WordsLiveInTheCoreAuditTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The case names of every string key (`auditQuote`, `catalogueDecoding`…).
    static let keyNames = Set(L10n.allCases.map { String(describing: $0) })

    /// The places in `source` that look a string up: a key named anywhere but as a rule's
    /// metadata, a call of a string table (`strings(…)`, `shipped(rule.help)` is caught by its
    /// key), or the CLI's `cli(…)` helper. Comment lines are skipped.
    static func lookups(in source: String) -> [String] {
        let metadata = ["help: ", "description: ", "fix: "]
        let key = try! NSRegularExpression(pattern: "\\.([a-z][A-Za-z0-9]*)\\b")
        let call = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_])(strings|cli)\\s*\\((?!\\s*\\)|\\s*locale:)")
        var found: [String] = []
        for (n, line) in source.components(separatedBy: "\n").enumerated() {
            guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
            let text = line as NSString
            let whole = NSRange(location: 0, length: text.length)
            for match in key.matches(in: line, range: whole) {
                let name = text.substring(with: match.range(at: 1))
                guard keyNames.contains(name) else { continue }
                let before = text.substring(to: match.range.location)
                if metadata.contains(where: { before.hasSuffix($0) }) { continue }
                found.append("line \(n + 1): .\(name)")
            }
            for match in call.matches(in: line, range: whole) {
                found.append("line \(n + 1): \(text.substring(with: match.range))")
            }
        }
        return found
    }

    static func auditSources() throws -> [URL] {
        let files = FileManager.default
        var urls: [URL] = []
        let audit = root.appendingPathComponent("Sources/LecteurAudit")
        let walker = try #require(files.enumerator(at: audit, includingPropertiesForKeys: nil))
        let words = audit.appendingPathComponent("Messages").path + "/"
        for case let url as URL in walker where url.pathExtension == "swift" && !url.path.hasPrefix(words) { urls.append(url) }
        let cli = root.appendingPathComponent("Sources/lecteur")
        for name in try files.contentsOfDirectory(atPath: cli.path).sorted() where name.hasPrefix("Audit") && name.hasSuffix(".swift") {
            urls.append(cli.appendingPathComponent(name))
        }
        return urls
    }

    @Test func theAuditAndItsCommandLookNoStringUp() throws {
        let files = try Self.auditSources()
        // The walk found the audit's folders and both CLI audit files, not an empty directory.
        #expect(files.count > 30)
        #expect(files.contains { $0.lastPathComponent == "AuditCatalogue.swift" })
        #expect(files.contains { $0.path.hasSuffix("Rules/SpeechRules.swift") })
        for url in files {
            let found = Self.lookups(in: try String(contentsOf: url, encoding: .utf8))
            #expect(found.isEmpty, "\(url.path.replacingOccurrences(of: Self.root.path + "/", with: "")) looks strings up: \(found)")
        }
    }

    /// The check sees each kind of look-up, and lets a rule's metadata and table loading be.
    @Test func theCheckSeesALookup() {
        #expect(Self.lookups(in: "return .violation(context.strings(.auditRuleHintRepeatsLabelFinding, \"hint\", hint))").count == 2)
        #expect(Self.lookups(in: "AuditMarkup.json(strings(info.help), into: &out)").count == 1)
        #expect(Self.lookups(in: "throw LecteurCLIError(shipped(.auditCliBadStrings, [\"path\": shown]))").count == 1)
        #expect(Self.lookups(in: "fputs(cli(.cliError, [\"message\": message]) + \"\\n\", StandardStream.error)").count == 2)
        #expect(Self.lookups(in: "let title = L10n.auditReportTitle").count == 1)
        #expect(Self.lookups(in: "help: .auditRuleLabelMissingHelp, description: .auditRuleLabelMissingDescription,").isEmpty)
        #expect(Self.lookups(in: "fix: .auditRuleLabelMissingFix)").isEmpty)
        #expect(Self.lookups(in: "let strings = try auditStrings()\nAuditResources.strings(locale: \"fr\")").isEmpty)
        #expect(Self.lookups(in: "// strings(.auditQuote) in a comment").isEmpty)
        #expect(Self.lookups(in: "line(words.ruleFix(rule.fix))").isEmpty)
    }
}
