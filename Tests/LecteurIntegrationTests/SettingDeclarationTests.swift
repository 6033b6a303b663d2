// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Every setting is declared once (`SettingDeclaration`, issue 46 item 1) and every surface says
/// the same, through the binary, in both languages: the « Réglages » screen's « Pour changer : … »
/// runs as printed with a valid value, `aide régler` lists every setting, and the defaults the
/// manual gives (`--experimental-dump-settings`) are the ones the binary uses.
@Suite struct SettingDeclarationTests {
    struct Declared: Decodable {
        let name: String
        let title: String
        let names: [String]
        let key: String
        let `default`: String
        let example: String
        let minimum: Double?
        let maximum: Double?
        let unit: String?
        let also: [Double]
        let note: String?
        let help: String
    }

    struct Language: Sendable, CustomStringConvertible {
        let code: String
        let set: String
        let next: String
        let help: String
        let quit: String
        /// The screen's hint with the name in it: the part before and after.
        let hint: (before: String, after: String)
        var description: String { code }
    }

    static let languages = [
        Language(code: "fr", set: "régler", next: "suivant", help: "aide", quit: "quitter",
                 hint: ("Pour changer : régler ", " suivi de la valeur")),
        Language(code: "en", set: "set", next: "next", help: "help", quit: "quit",
                 hint: ("To change it: set ", " followed by the value")),
    ]

    static func home() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-decl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func run(_ script: String, _ language: Language, in home: URL) throws -> LecteurProcess.Output {
        try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "jsonl", "--locale", language.code],
                               input: script,
                               environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config",
                                             "XDG_DATA_HOME": home.path + "/data"])
    }

    static func declared(_ language: Language) throws -> [Declared] {
        let out = try LecteurProcess.run(["--experimental-dump-settings"], environment: ["LANGUAGE": language.code])
        #expect(out.status == 0, "\(out.stderr)")
        return try JSONDecoder().decode([Declared].self, from: Data(out.stdout.utf8))
    }

    static func messages(_ out: LecteurProcess.Output) -> [String] {
        (out.events("notice") + out.events("error")).compactMap { $0["message"] as? String }
    }

    @Test(arguments: languages)
    func everyChangeTheSettingsScreenGivesRunsAsPrinted(_ language: Language) throws {
        let declared = try Self.declared(language)
        #expect(declared.count == 37, "\(declared.map(\.name))")
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        // The screen, element by element.
        let script = "\(language.set)\n" + String(repeating: "\(language.next)\n", count: declared.count) + "\(language.quit)\n"
        let screen = try Self.run(script, language, in: home)
        #expect(screen.status == 0, "\(screen.stderr)")
        var hints: [String: String] = [:]
        for focus in screen.events("focus") where focus["screen"] as? String == "settings" {
            if let id = focus["id"] as? String, let hint = focus["hint"] as? String { hints[id] = hint }
        }
        #expect(hints.count == declared.count, "\(hints.keys.sorted())")
        // Each hint's command, typed as printed with the declaration's example value.
        var commands: [String] = []
        for hint in hints.values.sorted() {
            guard let start = hint.range(of: language.hint.before), let end = hint.range(of: language.hint.after),
                  start.upperBound <= end.lowerBound else {
                Issue.record("\(language): a hint without a command: \(hint)")
                continue
            }
            let name = String(hint[start.upperBound..<end.lowerBound])
            guard let declaration = declared.first(where: { $0.name == name }) else {
                Issue.record("\(language): « \(name) » is no declared name: \(hint)")
                continue
            }
            commands.append("\(language.set) \(name) \(declaration.example)")
        }
        #expect(commands.count == declared.count)
        let changed = try Self.run(commands.joined(separator: "\n") + "\n\(language.quit)\n", language, in: home)
        #expect(changed.status == 0, "\(changed.stderr)")
        let errors = changed.events("error").compactMap { $0["message"] as? String }
        #expect(errors.isEmpty, "\(language): \(errors)")
        let answers = changed.events("notice").filter { $0["code"] as? String == "setting" }
        #expect(answers.count == declared.count, "\(language): \(Self.messages(changed))")
        // One style for every answer, « Débit : 200. » as « Verbosité : brève. » (the voice's
        // answers were « débit : 200 »).
        for answer in answers.compactMap({ $0["message"] as? String }) {
            #expect(answer.first?.isUppercase == true && answer.hasSuffix("."), "\(language): \(answer)")
        }
    }

    /// The unit words the reader must say after a number, per language: the symbol where
    /// espeak-ng reads it as the word (« Hz », « % »), the word where it spells the symbol
    /// (« s » is read « ès », « mpm » letter by letter). Singular and plural, as CLDR agrees them.
    static let unitWords: [String: [String: [String]]] = [
        "fr": ["hertz": ["Hz"], "percent": ["%"], "seconds": ["seconde", "secondes"],
               "milliseconds": ["milliseconde", "millisecondes"], "wordsPerMinute": ["mot par minute", "mots par minute"]],
        "en": ["hertz": ["Hz"], "percent": ["%"], "seconds": ["second", "seconds"],
               "milliseconds": ["millisecond", "milliseconds"], "wordsPerMinute": ["word per minute", "words per minute"]],
    ]

    /// `régler tonalité` said « Tonalité : 600 ; de 200 à 2000. »: no unit, and a number French
    /// groups. Every setting whose numbers have a declared unit says it after its value and after
    /// its range, in the answer and on the « Réglages » screen, in both languages.
    @Test(arguments: languages)
    func everyNumberIsSaidWithItsUnit(_ language: Language) throws {
        let declared = try Self.declared(language)
        let withUnit = declared.filter { $0.unit != nil }
        #expect(withUnit.count >= 15, "\(language): \(declared.map { "\($0.name) \($0.unit ?? "-")" })")
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let script = declared.map { "\(language.set) \($0.name)" }.joined(separator: "\n") + "\n\(language.set)\n"
            + String(repeating: "\(language.next)\n", count: declared.count) + "\(language.quit)\n"
        let out = try Self.run(script, language, in: home)
        let answers = out.events("notice").filter { $0["code"] as? String == "setting" }.compactMap { $0["message"] as? String }
        #expect(answers.count == declared.count, "\(language): \(Self.messages(out))")
        var screen: [String: (label: String, hint: String)] = [:]
        for focus in out.events("focus") where focus["screen"] as? String == "settings" {
            if let label = focus["label"] as? String, let hint = focus["hint"] as? String, let id = focus["id"] as? String {
                screen[id] = (label, hint)
            }
        }
        let spaced = { (text: String) in text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ") }
        for (declaration, answer) in zip(declared, answers) {
            guard let unit = declaration.unit else { continue }
            let words = Self.unitWords[language.code]?[unit] ?? []
            #expect(!words.isEmpty, "\(language): no words for the unit \(unit)")
            // The range's end, then the unit (« à 2 000 Hz. », « to 5 seconds. »).
            let plain = spaced(answer)
            let endsWithUnit = words.contains { plain.hasSuffix(" \($0).") || plain.hasSuffix("\($0).") }
                || words.contains { plain.contains(" \($0),") || plain.contains(" \($0).") }
            #expect(endsWithUnit, "\(language): « \(declaration.name) » without its unit: \(answer)")
            // The value, when it is a number, followed by the unit too.
            let value = plain.components(separatedBy: language.code == "fr" ? " : " : ": ").dropFirst().first?
                .components(separatedBy: language.code == "fr" ? " ;" : ";").first ?? ""
            if value.first?.isNumber == true {
                #expect(words.contains { value.hasSuffix(" \($0)") || value.hasSuffix($0) }, "\(language): « \(declaration.name) »: \(answer)")
            }
        }
        // The screen's element says the same value as the answer, and its hint the same range.
        let tone = screen.first { $0.key.hasSuffix("morseTone") }?.value
        let pause = screen.first { $0.key.hasSuffix("reflexPause") }?.value
        if language.code == "fr" {
            #expect(answers.contains("Tonalité : 600 Hz ; de 200 à 2\u{202F}000 Hz."), "\(answers)")
            #expect(answers.contains("Pause-réflexe : 1,5 seconde ; de 0,5 à 5 secondes."), "\(answers)")
            #expect(answers.contains("Vitesse : 20 mots par minute ; de 5 à 80 mots par minute."), "\(answers)")
            #expect(tone?.label == "Tonalité : 600 Hz" && tone?.hint.contains("(de 200 à 2\u{202F}000 Hz)") == true, "\(String(describing: tone))")
            #expect(pause?.label == "Pause-réflexe : 1,5 seconde", "\(String(describing: pause))")
        } else {
            #expect(answers.contains("Tone: 600 Hz; from 200 to 2,000 Hz."), "\(answers)")
            #expect(answers.contains("Reflex-pause: 1.5 seconds; from 0.5 to 5 seconds."), "\(answers)")
            #expect(tone?.label == "Tone: 600 Hz" && tone?.hint.contains("(from 200 to 2,000 Hz)") == true, "\(String(describing: tone))")
            #expect(pause?.label == "Reflex-pause: 1.5 seconds", "\(String(describing: pause))")
        }
    }

    /// A number as the reader says it: grouped by three past 999 (« 2 000 » with U+202F in French,
    /// "2,000" in English), with the unit agreed (French: singular below 2, English: for 1 alone).
    static func said(_ value: Double, unit: String?, _ language: Language) -> String {
        var text = number(value, language)
        if let whole = Int(exactly: value), whole >= 1000 {
            let digits = Array(String(whole))
            text = ""
            for (i, digit) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { text += language.code == "fr" ? "\u{202F}" : "," }
                text.append(digit)
            }
        }
        guard let unit, let words = unitWords[language.code]?[unit] else { return text }
        if words.count == 1 { return language.code == "en" && unit == "percent" ? text + words[0] : text + " " + words[0] }
        let singular = language.code == "fr" ? value < 2 : value == 1
        return text + " " + (singular ? words[0] : words[1])
    }

    /// Every number outside a setting's declared range, above or below, is refused by one check
    /// with one sentence naming the setting, the value and the range with its unit: the refusals
    /// were each setting's own (« Vitesse invalide : 100. Choisissez entre 5 et 80 mots par
    /// minute. » beside « Pause de réflexe « 9 » impossible : un nombre de secondes… »).
    @Test(arguments: languages)
    func aValueOutOfRangeIsRefusedByTheDeclarationInOneSentence(_ language: Language) throws {
        let ranged = try Self.declared(language).filter { $0.minimum != nil && $0.maximum != nil }
        #expect(ranged.count >= 15)
        var typed: [(Declared, String)] = []
        for declaration in ranged {
            typed.append((declaration, Self.number(declaration.maximum! + 1, language)))
            let below = declaration.minimum! - 1
            if !declaration.also.contains(below) { typed.append((declaration, Self.number(below, language))) }
        }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let out = try Self.run(typed.map { "\(language.set) \($0.0.name) \($0.1)" }.joined(separator: "\n") + "\n\(language.quit)\n",
                               language, in: home)
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors.count == typed.count, "\(language): \(Self.messages(out))")
        for ((declaration, value), error) in zip(typed, errors) {
            let name = declaration.title
            let low = Self.said(declaration.minimum!, unit: nil, language)
            let high = Self.said(declaration.maximum!, unit: declaration.unit, language)
            let note = declaration.note.map { " (\($0))" } ?? ""
            let expected = language.code == "fr"
                ? "\(name) invalide : « \(value) ». Choisissez une valeur de \(low) à \(high)\(note)."
                : "\(name): “\(value)” is out of range. Choose a value from \(low) to \(high)\(note)."
            #expect(error == expected, "\(language): \(declaration.name) \(value)")
        }
    }

    /// A number as the language writes it: « 0,5 » in French, "0.5" in English.
    static func number(_ value: Double, _ language: Language) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        let text = String(value)
        return language.code == "fr" ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// A decimal is written as the interface's language writes it, in the answer, the reading and
    /// its range: « 1,5 » and « de 0,5 à 5 » in French, "1.5" and "from 0.5 to 5" in English (the
    /// English interface said « Reflex-pause: 1,5; from 0,5 to 5. », issue 46).
    @Test(arguments: languages)
    func decimalsAreWrittenTheLanguagesWay(_ language: Language) throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let name = language.code == "fr" ? "pause-réflexe" : "reflex-pause"
        let typed = Self.number(1.5, language)
        let out = try Self.run("\(language.set) \(name) \(typed)\n\(language.set) \(name)\n\(language.quit)\n", language, in: home)
        #expect(out.status == 0, "\(out.stderr)")
        let said = Self.messages(out).filter { $0.contains(typed) }
        #expect(said.count == 2, "\(language): \(Self.messages(out))")
        #expect(said.contains { $0.contains(Self.number(0.5, language)) }, "\(language): \(said)")
        let other = language.code == "fr" ? "." : ","
        for message in Self.messages(out) {
            let scalars = Array(message.unicodeScalars)
            let foreign = scalars.indices.dropFirst().dropLast().contains { i in
                String(scalars[i]) == other && CharacterSet.decimalDigits.contains(scalars[i - 1])
                    && CharacterSet.decimalDigits.contains(scalars[i + 1])
            }
            #expect(!foreign, "\(language): a number written the other language's way: \(message)")
        }
    }

    /// Past its declared range, every setting that takes numbers is refused, and the refusal
    /// names the declared range (the validators keep their own checks: this holds them to the
    /// declaration), in the language's way of writing numbers.
    @Test(arguments: languages)
    func aValuePastTheDeclaredRangeIsRefusedNamingIt(_ language: Language) throws {
        let ranged = try Self.declared(language).filter { $0.maximum != nil }
        #expect(ranged.count >= 15, "\(ranged.map(\.name))")
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let script = ranged.map { "\(language.set) \($0.name) \(Self.number($0.maximum! + 1, language))" }.joined(separator: "\n")
        let out = try Self.run(script + "\n\(language.quit)\n", language, in: home)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.events("notice").filter { $0["code"] as? String == "setting" }.isEmpty, "\(Self.messages(out))")
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors.count == ranged.count, "\(language): \(errors)")
        for (declaration, error) in zip(ranged, errors) {
            let low = Self.said(declaration.minimum!, unit: nil, language), high = Self.said(declaration.maximum!, unit: nil, language)
            // The numbers of the message, whole (« 80. » is 80, « 0 » is not found in « 80 »,
            // « 2 000 » is one number).
            let numbers = Set(error.split { !($0.isNumber || $0 == "," || $0 == "." || $0 == "\u{202F}") }
                .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ",.")) })
            #expect(numbers.contains(low) && numbers.contains(high),
                    "\(language): « \(declaration.name) » refused without its declared range \(low)–\(high): \(error)")
        }
        // Nothing refused was saved.
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("config/lecteur/lecteur.toml").path))
    }

    /// A value refused names the same choices as `régler NOM` says, word for word: the refusals
    /// listed their own (« plupart » for « la plupart », « otan » for « OTAN », French words in
    /// English).
    @Test(arguments: languages)
    func aRefusedValueListsTheChoicesTheSettingSays(_ language: Language) throws {
        let declared = try Self.declared(language)
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let shown = try Self.run(declared.map { "\(language.set) \($0.name)" }.joined(separator: "\n") + "\n\(language.quit)\n",
                                 language, in: home)
        let answers = shown.events("notice").filter { $0["code"] as? String == "setting" }.compactMap { $0["message"] as? String }
        #expect(answers.count == declared.count, "\(Self.messages(shown))")
        let marker = language.code == "fr" ? "au choix " : "one of "
        var listed: [(name: String, choices: [String])] = []
        for (declaration, answer) in zip(declared, answers) {
            guard let start = answer.range(of: marker) else { continue }
            let list = answer[start.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "."))
            listed.append((declaration.name, list.components(separatedBy: ", ")))
        }
        #expect(listed.count >= 8, "\(language): \(answers)")
        let refused = try Self.run(listed.map { "\(language.set) \($0.name) zzzq" }.joined(separator: "\n") + "\n\(language.quit)\n",
                                   language, in: home)
        let errors = refused.events("error").compactMap { $0["message"] as? String }
        #expect(errors.count == listed.count, "\(language): \(errors)")
        for (setting, error) in zip(listed, errors) {
            for choice in setting.choices {
                #expect(error.contains(choice), "\(language): « \(setting.name) » refused without « \(choice) »: \(error)")
            }
        }
    }

    @Test(arguments: languages)
    func theHelpOfSetListsEverySetting(_ language: Language) throws {
        let declared = try Self.declared(language)
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let out = try Self.run("\(language.help) \(language.set)\n\(language.quit)\n", language, in: home)
        let help = Self.messages(out).first { $0.contains(language.set) } ?? ""
        for declaration in declared {
            // Each name whole, between the list's separators.
            #expect(help.contains(" \(declaration.name),") || help.contains(" \(declaration.name) ;")
                    || help.contains(" \(declaration.name);"), "\(language): « \(declaration.name) » missing from \(help)")
        }
    }

    /// The declared defaults, written to the file, change nothing: every setting reads the same as
    /// in an empty home, and no value of the file is refused.
    @Test(arguments: languages)
    func theDeclaredDefaultsAreTheBinarys(_ language: Language) throws {
        let declared = try Self.declared(language)
        var tables: [String: [String]] = [:]
        for declaration in declared {
            let parts = declaration.key.split(separator: ".", maxSplits: 1).map(String.init)
            let value = Double(declaration.default) != nil ? declaration.default : "'\(declaration.default)'"
            tables[parts[0], default: []].append("\(parts[1]) = \(value)")
        }
        let toml = tables.keys.sorted().map { "[\($0)]\n" + tables[$0]!.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
        let script = declared.map { "\(language.set) \($0.name)" }.joined(separator: "\n") + "\n\(language.quit)\n"

        let empty = try Self.home()
        let filled = try Self.home()
        defer { try? FileManager.default.removeItem(at: empty); try? FileManager.default.removeItem(at: filled) }
        try FileManager.default.createDirectory(at: filled.appendingPathComponent("config/lecteur"), withIntermediateDirectories: true)
        try Data(toml.utf8).write(to: filled.appendingPathComponent("config/lecteur/lecteur.toml"))
        let before = try Self.run(script, language, in: empty)
        let after = try Self.run(script, language, in: filled)
        #expect(after.status == 0, "\(after.stderr)")
        let answers = { (out: LecteurProcess.Output) in
            out.events("notice").filter { $0["code"] as? String == "setting" }.compactMap { $0["message"] as? String }
        }
        #expect(answers(before).count == declared.count, "\(Self.messages(before))")
        #expect(answers(after) == answers(before))
        #expect(!Self.messages(after).contains { $0.contains("lecteur.toml") }, "\(language): \(Self.messages(after))\n\(toml)")
    }
}
