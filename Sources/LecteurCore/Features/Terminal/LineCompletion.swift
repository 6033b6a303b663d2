// SPDX-License-Identifier: GPL-3.0-or-later
/// What Tab offers on a terminal's command line: the end of the text before the cursor that a
/// completion replaces, and the candidates for it.
public struct Completion: Hashable, Sendable {
    /// How many characters before the cursor the chosen candidate replaces.
    public let replacing: Int
    /// Whole words (or whole category names), in the order offered.
    public let candidates: [String]

    public init(replacing: Int, candidates: [String]) {
        self.replacing = replacing
        self.candidates = candidates
    }

    /// The longest beginning every candidate shares (letters compared as typed), what Tab fills
    /// in when there are several.
    public var commonPrefix: String {
        guard var prefix = candidates.first else { return "" }
        for candidate in candidates.dropFirst() {
            prefix = String(zip(prefix, candidate).prefix { $0 == $1 }.map(\.0))
        }
        return prefix
    }
}

/// Completion of commands and of their arguments, from the reader's state: command names of the
/// interface's language, filter names of the loaded catalogue, settings and their values, tabs.
/// Pure, so it is tested without a terminal.
public struct LineCompletion: Sendable {
    public let parser: CommandParser
    public let strings: Strings

    public init(parser: CommandParser, strings: Strings) {
        self.parser = parser
        self.strings = strings
    }

    public func complete(_ beforeCursor: String, _ state: ReaderState) -> Completion {
        let text = beforeCursor.drop { $0 == " " }
        guard let space = text.firstIndex(of: " ") else {
            return Completion(replacing: text.count, candidates: commands(matching: String(text)))
        }
        let word = String(text[..<space])
        let rest = String(text[text.index(after: space)...].drop { $0 == " " })
        guard let spec = parser.spec(named: word) else { return Completion(replacing: rest.count, candidates: []) }
        switch spec.name {
        case "set":
            // A setting's name, then its value.
            guard let gap = rest.firstIndex(of: " ") else {
                return Completion(replacing: rest.count, candidates: matching(settingNames, rest))
            }
            let value = String(rest[rest.index(after: gap)...].drop { $0 == " " })
            let values = SettingKey(name: String(rest[..<gap])).map { settingValues($0, state) } ?? []
            return Completion(replacing: value.count, candidates: matching(values, value))
        case "practice":
            // `entraînement envoi ` goes on with sending's words.
            if let gap = rest.firstIndex(of: " "), ["envoi", "sending", "send"].contains(CommandParser.fold(String(rest[..<gap]))) {
                let value = String(rest[rest.index(after: gap)...].drop { $0 == " " })
                return Completion(replacing: value.count, candidates: matching(arguments(of: "send", state), value))
            }
            // `entraînement qso ` goes on with the QSO's language.
            if let gap = rest.firstIndex(of: " "), ["qso", "qsos"].contains(CommandParser.fold(String(rest[..<gap]))) {
                let value = String(rest[rest.index(after: gap)...].drop { $0 == " " })
                let languages = QSOLanguage.allCases.map { $0.word(localeCode: strings.localeCode) }
                return Completion(replacing: value.count, candidates: matching(languages, value))
            }
            return Completion(replacing: rest.count, candidates: matching(arguments(of: spec.name, state), rest))
        default:
            // Category names may hold spaces: the whole argument is completed.
            return Completion(replacing: rest.count, candidates: matching(arguments(of: spec.name, state), rest))
        }
    }

    /// One name per command that begins with what was typed, among those `aide` lists (the
    /// interface language's and the shared ones): « fil » is « filtre », not also « filtrer ».
    /// One-letter shortcuts are left out (nothing to complete there).
    func commands(matching typed: String) -> [String] {
        parser.allSpecs.compactMap { spec in
            matching(CommandLanguage.helpNames(spec.names, localeCode: strings.localeCode).filter { $0.count > 1 }, typed).first
        }
    }

    /// The name each setting is listed under, as it can be typed: « vitesse Farnsworth » is
    /// typed « farnsworth » (a space would start the value).
    var settingNames: [String] {
        SettingKey.allCases.compactMap { key in
            let listed = key.displayName(strings)
            let typed = SettingKey(name: listed) == key ? listed : String(listed.split(separator: " ").last ?? "").lowercased()
            return SettingKey(name: typed) == key ? typed : nil
        }
    }

    /// The words offered after a command: its declaration's (`CommandSpec.values`), then what
    /// depends on the state (the catalogue's categories, the commands `aide` takes).
    func arguments(of command: String, _ state: ReaderState) -> [String] {
        let declared = parser.allSpecs.first { $0.name == command }?.values(in: strings.localeCode) ?? []
        switch command {
        case "filter":
            guard case .loaded(let catalogue) = state.catalogue.status else { return [] }
            return catalogue.categories.map(\.name) + declared
        case "help": return commands(matching: "")
        default: return declared
        }
    }

    /// The choices `régler NOM` says: the reader's own settings', or what a device last reported.
    func settingValues(_ key: SettingKey, _ state: ReaderState) -> [String] {
        state.settings.reading(key, strings)?.choices ?? state.devices.deviceSettings[key]?.choices ?? []
    }

    /// Candidates that begin with what was typed, case and accents ignored, each once.
    func matching(_ names: [String], _ typed: String) -> [String] {
        let folded = FrenchCollation.fold(typed)
        var seen = Set<String>()
        return names.filter { FrenchCollation.fold($0).hasPrefix(folded) && seen.insert(FrenchCollation.fold($0)).inserted }
    }
}
