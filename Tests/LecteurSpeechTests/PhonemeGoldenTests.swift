// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales
import LecteurSpeech
import LecteurTestSupport
import Testing

/// Issue 14: everything the reader says in French, as espeak-ng (voice fr) will pronounce it,
/// against reviewed expectations in `Tests/Phonemes/fr.golden.txt`.
///
/// The texts: every element of every screen (the list under every filter, every detail, the
/// Morse list, every symbol card, loading and error states) of the built-in catalogue and of
/// `Tests/Phonemes/stress-catalogue.json` (French writing that synthesisers get wrong), the
/// « où » answer of each screen, and every string of the French catalogue that can be spoken
/// (notices, errors, settings, practice, help…) filled with sample values, each plural form once.
/// Each goes through the spoken-text builder, then espeak-ng's phoneme transcription.
///
/// After a reviewed change of wording or lexicon: `scripts/update-goldens.sh`, then read the diff of
/// the golden file before committing it.
@Suite(.serialized) struct PhonemeGoldenTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Phonemes")
    static let golden = folder.appendingPathComponent("fr.golden.txt")

    struct Entry {
        let id: String
        let text: String
        let spoken: String
        let phonemes: String
    }

    @Test func everySpokenTextMatchesTheReviewedPhonemes() throws {
        let builder = try Fixtures.frenchBuilder()
        let texts = try Self.corpus(Fixtures.french)
        var entries: [Entry] = []
        for (id, text) in texts {
            let spoken = builder.build(text)
            let phonemes = try SpeechSynthesis.phonemes(spoken, voice: "fr")
            entries.append(Entry(id: id, text: text, spoken: spoken, phonemes: phonemes))
        }
        let rendered = Self.render(entries)
        Golden.expect(rendered, matches: Self.golden, summary: { expected in
            let old = Self.blocks(expected), new = Self.blocks(rendered)
            let changed = new.filter { old[$0.key] != $0.value }.keys.sorted()
            let gone = old.keys.filter { new[$0] == nil }.sorted()
            return "\(changed.count) changed or new, \(gone.count) gone. First: \((changed + gone).prefix(8).joined(separator: ", "))"
        })
        // The figure README reports.
        print("PHONEMES checked \(entries.count) distinct spoken texts")
        #expect(entries.count > 500)
    }

    /// What a reviewer checked once, held here too so that a regenerated golden cannot silently
    /// accept the old faults: none of the spoken texts keeps a form espeak-ng misreads.
    @Test func noSpokenTextKeepsAKnownTrap() throws {
        let builder = try Fixtures.frenchBuilder()
        for (id, text) in try Self.corpus(Fixtures.french) {
            let spoken = builder.build(text)
            for trap in ["n°", "(s)", "€", "°", "½", "#", "km/h", "1/2", "M. ", "p. ", "env.", "IA", " vs ", "C++", "Koch", "ᵉ"] {
                #expect(!spoken.contains(trap), "\(id): « \(spoken) » keeps « \(trap) »")
            }
            #expect(spoken.range(of: #"\b\d+(e|er|re|ème)\b"#, options: .regularExpression) == nil, "\(id): ordinal in « \(spoken) »")
            #expect(spoken.range(of: #"\b[IVX]{2,}e\b"#, options: .regularExpression) == nil, "\(id): Roman ordinal in « \(spoken) »")
            #expect(spoken.range(of: #"« [!#?.,:;/] »"#, options: .regularExpression) == nil, "\(id): unnamed sign in « \(spoken) »")
        }
    }

    /// Issue 14's cases, heard as a French speaker expects (espeak-ng's phonemes, reviewed).
    @Test(arguments: [
        ("Formation n° 6", "fOrmasj'O~ nymer'o s'is"),
        ("2e session", "dYzj'Em sEsj'O~"),
        ("XXe siècle", "vE~tj'Em sj'Ekl"),
        ("1/2 journée", "d@m'iZurn'e"),
        ("M. Dupont", "m@sj'Y dyp'O~"),
        ("Koch", "k'Ok"),
        ("Entraînement Koch, 2 symboles : K, M. Écoutez.", "A~trEnm'A~ k'Ok\nd'Y sE~b'ol\nk'a\n_!'Em\nekut'e"),
        ("1 formation chargée.", "'W~ fOrmasj'O~ SarZ'e"),
        ("Prix : 2 250,50 €", "pr'i\ndY mil dYsA~ sE~k'A~t Yr'o sE~k'A~t"),
    ])
    func issueCasesSoundRight(_ text: String, _ phonemes: String) throws {
        let builder = try Fixtures.frenchBuilder()
        #expect(try SpeechSynthesis.phonemes(builder.build(text), voice: "fr") == phonemes)
    }

    /// The library's transcription is `espeak-ng -v fr -x -q`'s: a sample of the corpus through the command.
    @Test func theCommandLineAgreesOnASample() throws {
        let builder = try Fixtures.frenchBuilder()
        let corpus = try Self.corpus(Fixtures.french)
        var checked = 0
        for (index, (id, text)) in corpus.enumerated() where index % 25 == 0 {
            let spoken = builder.build(text)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["espeak-ng", "-v", "fr", "-x", "-q", spoken]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let cli = String(decoding: data, as: UTF8.self).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
            // The command line may put a stress mark on a clause's first word that the library, which
            // reads the text in one go, leaves off (« _!'u » against « _!u » for « ou » after a
            // comma): the phonemes themselves must be the same.
            func phonemes(_ text: String) -> String { text.filter { $0 != "'" && $0 != "," } }
            #expect(phonemes(cli) == phonemes(try SpeechSynthesis.phonemes(spoken, voice: "fr")), "\(id)")
            checked += 1
        }
        #expect(checked >= 20)
    }

    // MARK: the corpus

    /// (id, text) pairs in a stable order, each text once (the first id that produced it).
    static func corpus(_ strings: Strings) throws -> [(String, String)] {
        var seen = Set<String>()
        var out: [(String, String)] = []
        func add(_ id: String, _ text: String) {
            guard !text.isEmpty, seen.insert(text).inserted else { return }
            out.append((id, text))
        }
        let paris = TimeZone(identifier: "Europe/Paris")!
        let screens = ScreenBuilder(strings: strings, timeZone: paris)
        let composer = SpeechGenerator(strings: strings)
        func walk(_ prefix: String, _ screen: Screen) {
            for element in screen.elements {
                add("\(prefix)/\(element.id)", composer.compose(element, verbosity: .full))
                add("\(prefix)/\(element.id)#brief", composer.compose(element, verbosity: .brief))
            }
            add("\(prefix)#où", screen.elements.isEmpty
                ? strings(.positionEmpty, ["screen": screen.title])
                : strings(.whereScreen, ["screen": screen.title,
                                         "position": strings(.positionElement, ["index": "1", "count": String(screen.elements.count)])]))
        }
        let stressData = try Data(contentsOf: folder.appendingPathComponent("stress-catalogue.json"))
        let catalogues = [("builtin", BuiltInCatalogue.load()), ("stress", try CatalogueDecoder.decode(stressData).catalogue)]
        for (name, catalogue) in catalogues {
            walk("\(name)/formations", screens.formationsScreen(.loaded(catalogue), filter: nil))
            for category in catalogue.categories {
                walk("\(name)/formations[\(category.name)]", screens.formationsScreen(.loaded(catalogue), filter: category.key))
            }
            for formation in catalogue.formations {
                walk("\(name)/detail/\(formation.id)", screens.detailScreen(formation))
            }
        }
        walk("loading", screens.formationsScreen(.loading, filter: nil))
        walk("error", screens.formationsScreen(.failed(.fetch(.network)), filter: nil))
        walk("morse", screens.morseScreen(progress: [:]))
        let sample = ["41": SymbolProgress(attempts: 1, correct: 1), "42": SymbolProgress(attempts: 5, correct: 4)]
        walk("morse+progress", screens.morseScreen(progress: sample))
        for symbol in MorseAlphabet.standard.symbols {
            walk("symbol/\(symbol.id)", screens.symbolScreen(symbol, progress: nil))
        }
        // Every string that can be spoken, with sample values; each plural form once.
        let table = try #require(LocaleResources.table(locale: "fr"))
        for key in L10n.allCases where isSpoken(key.rawValue) {
            guard let template = table[key.rawValue] else { continue }
            var args: [String: String] = [:]
            for name in Strings.placeholders(in: template) {
                args[name] = sampleOverrides[key.rawValue]?[name] ?? samples[name] ?? "3"
            }
            // A key for one of something is used with a count of 1.
            if key.rawValue.hasSuffix(".one") { args["count"] = "1" }
            add("string/\(key.rawValue)", strings(key, args))
            for (category, form) in strings.pluralForms(key) {
                let selector = table[key.rawValue + "|by"] ?? "count"
                var formArgs = args
                formArgs[selector] = category == .one ? "1" : "1000000"
                add("string/\(key.rawValue)|\(category.rawValue)", Strings.fill(form, formArgs))
            }
        }
        // The review cursor's words (issue 25): character names, both spelling alphabets, a spelled
        // word, a description, and one sentence read at each punctuation level.
        let characters = try CharacterLexicon.decode(try #require(LocaleResources.data(locale: "fr", file: "lexique-caracteres.json")))
        let lexicon = try PronunciationLexicon.decode(try #require(LocaleResources.data(locale: "fr", file: "lexique.json")))
        let namer = CharacterNamer(lexicon: characters, symbols: lexicon.symbols)
        let separator = strings(.speechSeparator)
        for character in "aAeéÉèêëàâçÇîïôùûüyœæß7 «»…–—’·•{}^`²½×" {
            add("review/character/U+\(String(character.unicodeScalars.first!.value, radix: 16))", namer.name(character))
        }
        for alphabet in characters.phonetic.keys.sorted() {
            add("review/phonetic/\(alphabet)", namer.spellPhonetically("abcdefghijklmnopqrstuvwxyzÉ", alphabet: alphabet, separator: separator))
        }
        add("review/spell", namer.spell("l'IA", separator: separator))
        add("review/describe", namer.describe("É", separator: separator))
        let punctuation = PunctuationReader(characters: characters, symbols: lexicon.symbols, abbreviations: lexicon.abbreviations.keys)
        for level in PunctuationLevel.allCases {
            add("punctuation/\(level.rawValue)", punctuation.read("Prix : 300 €/jour, l'IA (C++) & « n° 6 »... #1 ! [x] {y} = z ?", level: level))
        }
        return out
    }

    /// Report, CLI-help and braille-only strings are never handed to the speech engine.
    static func isSpoken(_ key: String) -> Bool {
        !["audit.", "cli.", "braille.role.", "app.prompt", "number.", "price.format", "date.", "month.",
          "number.decimalSeparator", "braille.selected", "braille.notSelected", "speech.separator", "speech.pause",
          "catalogue.field.", "system.error.", "verbosity."].contains { key.hasPrefix($0) }
    }

    /// Plausible values, as the reader fills them (a French user's path, a real category…).
    static let samples: [String: String] = [
        "age": "il y a 3 heures", "amount": "1490", "answer": "E", "argument": "cuisine", "attempts": "5",
        "candidates": "Bureautique, IA Générative", "category": "IA Générative", "cause": "connexion impossible",
        "cells": "40", "cents": "50", "character": "À", "characters": "« ! », « # »", "choices": "text, jsonl, none",
        "code": "503", "column": "7", "columns": "40", "command": "filtre", "correct": "4", "count": "14",
        "current": "fr", "date": "15 février 2026", "day": "15", "delay": "2 secondes", "description": "élément suivant",
        "detail": "service absent", "duration": "2 jours", "elapsed": "10 secondes", "farnsworth": "15", "field": "prix",
        "file": "fr-bfu-g2.ctb", "hex": "200B", "hint": "Appuyez pour voir les détails de cette formation",
        "host": "localhost:0", "id": "6", "index": "3", "key": "morse.wpm", "level": "Débutant", "limit": "64 Mo",
        "line": "12", "locale": "de", "max": "60", "message": "Erreur de connexion.", "min": "5", "month": "février",
        "movedTo": "lecteur.sqlite.endommagée", "name": "IA Générative", "names": "débit, hauteur, volume, voix",
        "next": "2", "offset": "120", "option": "--transcript", "path": "catalogue.json", "pattern": "point, trait",
        "pending": "2", "percent": "80", "position": "6", "price": "1490 euros", "progress": "réussite 80 %, 5 essais",
        "queued": "0,4", "ramp": "5", "reason": "lecture seule", "screen": "Formations", "seconds": "12",
        "setting": "vitesse", "suggestion": "filtre", "symbols": "K, M", "title": "Starter Pack - IA Générative",
        "topic": "voler", "total": "4", "url": "ftp:exemple", "usage": "un nom de catégorie, ou « toutes »",
        "value": "25", "voice": "klingon", "wpm": "20", "written": "6", "year": "2026",
    ]

    /// Where a placeholder carries something else in one string.
    static let sampleOverrides: [String: [String: String]] = [
        "catalogue.decodingAt": ["detail": "ligne 12, colonne 7"],
        "help.usage": ["names": "suivant, s", "description": "élément suivant"],
        "setting.verbosity": ["value": "complète"],
        "setting.badVerbosity": ["value": "courte"],
        "morse.practice.intro.koch": ["symbols": "K, M, R, S, U, A, P, T, L, O, W, I, ., N, J, E, F, 0, Y, ,, V, G, 5, /, Q, 9, Z, H, 3, 8, B, ?, 4"],
        "morse.practice.right": ["character": "?"],
        "braille.table.changed": ["name": "braille abrégé"],
        "braille.table.unknown": ["name": "grade3"],
        "speech.setting.changed": ["setting": "Débit", "value": "180"],
        // `aide régler` lists the declared settings, not a sample.
        "help.set": ["settings": SettingDeclaration.names(localeCode: "fr").joined(separator: ", ")],
        "manual.toml.command": ["command": "vitesse"],
        "morse.wav.progress": ["written": "3", "total": "12"],
    ]

    // MARK: the golden file

    static func render(_ entries: [Entry]) -> String {
        var out = """
        # Phonèmes de tout ce que Lecteur dit en français (espeak-ng -v fr -x -q), relus.
        # Pour chaque texte : son identifiant, le texte composé, le texte remis à espeak-ng quand le
        # lexique l'a réécrit, puis les phonèmes (une ligne par proposition, séparées par « | »).
        # \(entries.count) textes.

        """
        for entry in entries {
            out += "## \(entry.id)\n"
            out += "texte    : \(entry.text.replacingOccurrences(of: "\n", with: " ⏎ "))\n"
            if entry.spoken != entry.text { out += "parole   : \(entry.spoken.replacingOccurrences(of: "\n", with: " ⏎ "))\n" }
            out += "phonèmes : \(entry.phonemes.replacingOccurrences(of: "\n", with: " | "))\n\n"
        }
        return out
    }

    static func blocks(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for block in text.components(separatedBy: "\n## ").dropFirst() {
            let id = block.prefix { $0 != "\n" }
            result[String(id)] = block
        }
        return result
    }
}
