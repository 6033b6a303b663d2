// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore

/// Every sentence is worded in LecteurCore (Locales + `Messages/`): the adapters, the app and the
/// command line report typed problems and call the core's functions, and never look a Locales key
/// up themselves. This reads the real source tree and fails on the first file that does.
@Suite struct WordsLiveInTheCoreTests {
    /// The modules that may not word anything. `Sources/LecteurAudit` and the audit command's
    /// files (`Sources/lecteur/Audit*.swift`) are checked by the audit's own test once its words
    /// have moved to the core.
    static let modules = ["LecteurApp", "lecteur", "LecteurSpeech", "LecteurBraille", "LecteurAudio",
                          "LecteurNetwork", "LecteurStorage",
                          // The app's rooms, walled off from it (issue 47, item 5).
                          "LecteurTerminal", "LecteurScreenReaderWatch", "LecteurStore", "LecteurDevices"]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// A Locales look-up on one line: the key type named (a parameter or a table of keys), a call
    /// of a string table with a key (`strings(.key…`), the table's raw accessors, or a key of
    /// L10n written as an implicit member (`help(.cliAbstract)`) where no other type of the
    /// sources has a member of that name (`.brailleConnected` is also a device event).
    struct Rules {
        let keyNames: Set<String>

        func lookup(in line: String) -> String? {
            let code = Self.withoutComment(line)
            if code.range(of: #"\bL10n\b"#, options: .regularExpression) != nil { return "names the L10n key type" }
            if code.range(of: #"\b[sS]trings\s*\(\s*\."#, options: .regularExpression) != nil { return "looks a key up in a string table" }
            if code.range(of: #"\.(template|pluralForms)\(\s*\."#, options: .regularExpression) != nil { return "reads a key's template" }
            for member in Self.implicitMembers(code) where keyNames.contains(member) {
                return "uses the Locales key .\(member)"
            }
            return nil
        }

        static func withoutComment(_ line: String) -> String {
            guard let slashes = line.range(of: "//") else { return line }
            return String(line[..<slashes.lowerBound])
        }

        /// `.name` not preceded by an expression (`x.name`, `f().name`): an implicit member.
        static func implicitMembers(_ code: String) -> [String] {
            guard let regex = try? NSRegularExpression(pattern: #"(?<![\w\)\]\?!>])\.([A-Za-z_]\w*)"#) else { return [] }
            return regex.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap {
                Range($0.range(at: 1), in: code).map { String(code[$0]) }
            }
        }
    }

    static func swiftFiles(under folder: URL) -> [URL] {
        let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// Names declared as enum cases anywhere in the sources but L10n.swift: a key of the same
    /// name written as `.name` is taken for that other member.
    static func declaredCases() throws -> Set<String> {
        var names: Set<String> = []
        let declaration = try NSRegularExpression(pattern: #"^\s*(?:indirect\s+)?case\s+([A-Za-z_].*)$"#)
        for file in swiftFiles(under: sources) where file.lastPathComponent != "L10n.swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let text = String(line)
                guard let match = declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                      let list = Range(match.range(at: 1), in: text) else { continue }
                // `case a, b(Int), c = "x"`: each name at the start of a comma-separated item.
                var depth = 0, item = ""
                for character in Rules.withoutComment(String(text[list])) + "," {
                    if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                    if character == ",", depth == 0 {
                        let name = item.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                        if !name.isEmpty { names.insert(String(name)) }
                        item = ""
                    } else {
                        item.append(character)
                    }
                }
            }
        }
        return names
    }

    static func rules() throws -> Rules {
        let keys = Set(L10n.allCases.map { String(describing: $0) })
        return Rules(keyNames: keys.subtracting(try declaredCases()))
    }

    @Test func noModuleOutsideTheCoreLooksAKeyUp() throws {
        let rules = try Self.rules()
        var checked = 0
        var found: [String] = []
        for module in Self.modules {
            let folder = Self.sources.appendingPathComponent(module)
            let files = Self.swiftFiles(under: folder).filter {
                !(module == "lecteur" && $0.lastPathComponent.hasPrefix("Audit"))
            }
            #expect(!files.isEmpty, "no Swift file under \(folder.path)")
            for file in files {
                checked += 1
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() {
                    if let why = rules.lookup(in: String(line)) {
                        found.append("\(module)/\(file.lastPathComponent):\(index + 1): \(why): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(checked > 50, "only \(checked) files read from \(Self.sources.path)")
        #expect(found.isEmpty, "words made outside LecteurCore:\n\(found.joined(separator: "\n"))")
    }

    /// The rules catch each kind of look-up, and leave member access and the core's calls alone.
    @Test func theRulesSeeEachKindOfLookUp() throws {
        let rules = try Self.rules()
        for line in ["let text = strings(.appPrompt)",
                     "fputs(CLIText.strings(.cliNoAudio, [:]))",
                     "func cli(_ key: L10n) -> String",
                     "let help = help(.cliAbstract)",
                     "if let t = strings.template(.appPrompt) {}"] {
            #expect(rules.lookup(in: line) != nil, "not seen: \(line)")
        }
        for line in ["post(.device(.brailleConnected))",
                     "formatter.dateFormat = \"yyyy\"",
                     "throw LecteurCLIError(CLIMessages.noAudio(strings))",
                     "let text = kind.text(session.reader.strings) // strings(.appPrompt) in a comment"] {
            #expect(rules.lookup(in: line) == nil, "taken for a look-up: \(line)")
        }
    }
}
