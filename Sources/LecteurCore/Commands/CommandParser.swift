// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

public enum CommandError: Hashable, Sendable {
    case unknown(word: String, suggestion: String?)
    case missingArgument(command: String, usage: L10n?)
    case unexpectedArgument(command: String)
    case badArgument(command: String, argument: String, usage: L10n?)
}

public enum ParsedLine: Hashable, Sendable {
    /// An empty line does nothing (documented in README and `aide`): a stray Return in a
    /// script must not open things.
    case empty
    case command(Command)
    case failure(CommandError)
}

/// Reads one line: a command word (English or French, case and accents ignored) and an argument.
public struct CommandParser: Sendable {
    private let specs: [CommandSpec]
    private let index: [String: Int]
    /// The language whose names a suggestion prefers (see `CommandLanguage`).
    public var localeCode = "fr"

    public init(specs: [CommandSpec] = CommandTable.specs) {
        self.specs = specs
        var index: [String: Int] = [:]
        for (i, spec) in specs.enumerated() {
            // The first command that has a name keeps it.
            for name in spec.names {
                let key = Self.fold(name)
                if index[key] == nil { index[key] = i }
            }
        }
        self.index = index
    }

    public static func fold(_ text: String) -> String {
        FrenchCollation.fold(text.trimmingCharacters(in: .whitespaces))
    }

    public func spec(named word: String) -> CommandSpec? {
        index[Self.fold(word)].map { specs[$0] }
    }

    public var allSpecs: [CommandSpec] { specs }

    public func parse(_ line: String) -> ParsedLine {
        var trimmed = TextSanitizer.clean(line).trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .empty }
        // « /texte » searches, as in less and vi.
        if trimmed.hasPrefix("/"), trimmed.count > 1 { trimmed = "/ " + trimmed.dropFirst() }
        let word: String, rest: String
        if let space = trimmed.firstIndex(of: " ") {
            word = String(trimmed[..<space])
            rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        } else {
            word = trimmed
            rest = ""
        }
        guard let spec = spec(named: word) else {
            return .failure(.unknown(word: word, suggestion: suggestion(for: word, argument: rest)))
        }
        let argument: String? = rest.isEmpty ? nil : rest
        switch (spec.argument, argument) {
        // Messages name the command as the user typed it (« filtre », not « filter »).
        case (.none, .some): return .failure(.unexpectedArgument(command: word))
        case (.required, nil): return .failure(.missingArgument(command: word, usage: spec.usage))
        default: break
        }
        guard let command = spec.build(argument) else {
            return .failure(.badArgument(command: word, argument: rest, usage: spec.usage))
        }
        return .command(command)
    }

    /// What to suggest for a mistyped command word followed by `argument`: the closest name,
    /// with the argument when that command takes it (« tou lire » → « tout lire », where « tout »
    /// alone would only lead to a second error). A long argument is left out: the message quotes
    /// what was typed, not a pasted page.
    func suggestion(for word: String, argument: String) -> String? {
        guard let name = suggestion(for: word) else { return nil }
        guard !argument.isEmpty, argument.count <= 40, let spec = spec(named: name), spec.argument != .none,
              spec.build(argument) != nil else { return name }
        return name + " " + argument
    }

    /// The closest command name of the user's language (or one both languages share): a name
    /// the typed word begins (« suiv » → « suivant », « prec » → « précédent »), else the closest
    /// by edit distance if it is close enough to be a typo. A single letter suggests nothing: it
    /// is as close to half the commands.
    public func suggestion(for word: String) -> String? {
        let folded = Self.fold(word)
        let length = folded.count
        guard length > 1 else { return nil }
        let candidates = specs.flatMap(\.names).filter { $0.count > 1 && CommandLanguage.belongs($0, to: localeCode) }
        if let prefixed = candidates.filter({ Self.fold($0).hasPrefix(folded) }).min(by: { $0.count < $1.count }) {
            return prefixed
        }
        // The beginning of the other language's name (« suiv » in English): that command, by
        // its name in the user's language (« next »), not the closest spelling (« quit »).
        let others = specs.filter { spec in spec.names.contains { $0.count > 1 && Self.fold($0).hasPrefix(folded) } }
        if others.count == 1, let own = others[0].names.first(where: { $0.count > 1 && CommandLanguage.belongs($0, to: localeCode) }) {
            return own
        }
        let limit = max(2, length / 3)
        var best: (name: String, distance: Int)?
        for name in candidates {
            let candidate = Self.fold(name)
            // The distance is at least the difference in length: a long paste is no typo, and
            // measuring it against every name would take seconds per line.
            guard abs(length - candidate.count) <= limit else { continue }
            let d = Self.editDistance(folded, candidate)
            if d <= limit, best == nil || d < best!.distance { best = (name, d) }
        }
        return best?.name
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1,
                                       previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
