// SPDX-License-Identifier: GPL-3.0-or-later
/// A command typed on the reader's command line (or sent by a braille display key).
public enum Command: Hashable, Sendable {
    case next, previous, first, last, activate, back
    case repeatLast
    case whereAmI
    case tab(Tab)
    /// nil is "all": clear the filter.
    case filter(String?)
    case help(topic: String?)
    case quit
    case retry, refresh
    case morse(String)
    case practice(koch: Bool)
    /// `entraînement groupes|mots|indicatifs [N]`: a copying session.
    /// `language`: a QSO's, when one was named (`entraînement qso anglais`); nil: the interface's.
    case copyPractice(CopyKind, count: Int?, language: QSOLanguage? = nil)
    /// `entraînement envoi`, `envoi écho`, `envoi libre`: sending practice.
    case sendingPractice(SendingMode)
    /// `réflexe [passif|actif]`: a reflex (instant recognition) drill.
    case reflexDrill(ReflexMode)
    case set(name: String, value: String)
    /// `régler NOM` without a value: say the setting's value and what it may be.
    case showSetting(name: String)
    /// `régler` alone: the « Réglages » screen, every setting with its value.
    case settingsScreen
    case stop
    case history
    case status
    /// The next or previous formation (skipping chips and headings), or heading.
    case nextItem(ItemKind), previousItem(ItemKind)
    /// The Nth formation of the list (1-based), or the Nth element elsewhere.
    case go(Int)
    /// The next element whose label contains the text; nil searches the last text again.
    case find(String?)
    /// Reads from the focus to the end of the screen, the focus following the speech.
    case readAll
    /// Says the last notice or error again.
    case repeatMessage
    /// Says the Morse practice statistics (recent accuracy, answer times, confusions).
    case statistics
    /// `progrès`: accuracy and speed per day, from the stored answers.
    case progress
    /// `entraînement texte CHEMIN`: copy the user's own text file, a line at a time.
    case copyText(path: String)
    /// `q` on a terminal: asks « Quitter Lecteur ? » first (it sits under `a` on AZERTY).
    case askToQuit
    /// The review cursor inside the focused element: say the character, word or sentence under
    /// it, or move it to the next or previous one first.
    case review(ReviewUnit, ReviewStep)
    /// Spells the word under the review cursor, letter by letter or with a spelling alphabet.
    case spell(phonetic: Bool)
    /// Names the character under the review cursor and gives its code.
    case describeCharacter
}

/// What the review cursor reads.
public enum ReviewUnit: Hashable, Sendable {
    case character, word, sentence
}

/// Where the review cursor goes before reading.
public enum ReviewStep: Hashable, Sendable {
    case current, next, previous
}

/// What a jump skips to.
public enum ItemKind: Hashable, Sendable {
    case course, heading
    /// A category chip of the filter row.
    case chip
}

public enum ArgumentRule: Hashable, Sendable {
    case none, optional, required
}

/// One entry of the command table, its names declared once per language (as Orca's
/// `cmdnames.py`): the help, Tab, the typo suggestions and the manual pages all read them, so a
/// French user never meets an English name that slipped into a shared list.
public struct CommandSpec: Sendable {
    public let english: [String]
    public let french: [String]
    /// Names both languages use: one-letter shortcuts, « morse », « stop », « volume ».
    public let shared: [String]
    public let argument: ArgumentRule
    /// The words the argument may be, per language (what Tab offers after the name; the parser
    /// also takes the other language's). Empty when the argument is free text, a number or
    /// depends on the state (a catalogue's categories, a setting's values).
    public let frenchValues: [String]
    public let englishValues: [String]
    /// The whole numbers the argument may be (`aller 3`), nil when it is no number.
    public let range: ClosedRange<Int>?
    /// A valid argument when it is neither a listed word nor a number (`morse sos`).
    let sample: String?
    public let help: L10n
    public let usage: L10n?
    /// Builds the command from its argument; nil means the argument is not understood.
    let build: @Sendable (String?) -> Command?

    init(en english: [String] = [], fr french: [String] = [], shared: [String] = [], argument: ArgumentRule,
         values: (fr: [String], en: [String]) = ([], []), range: ClosedRange<Int>? = nil, example: String? = nil,
         help: L10n, usage: L10n?, build: @escaping @Sendable (String?) -> Command?) {
        self.english = english
        self.french = french
        self.shared = shared
        self.argument = argument
        self.frenchValues = values.fr
        self.englishValues = values.en
        self.range = range
        self.sample = example
        self.help = help
        self.usage = usage
        self.build = build
    }

    /// The argument words a user of `localeCode` is offered.
    public func values(in localeCode: String) -> [String] {
        localeCode == "fr" ? frenchValues : englishValues
    }

    /// A valid argument in `localeCode` (the first word offered, the range's first number, or
    /// the declared sample); nil for a command that takes none. What the declaration test types.
    public func example(in localeCode: String) -> String? {
        guard argument != .none else { return nil }
        return values(in: localeCode).first ?? range.map { String($0.lowerBound) } ?? sample
    }

    /// Every name the parser accepts, whatever the interface's language.
    public var names: [String] { english + french + shared }

    /// The name the code and the English help use.
    public var name: String { english.first ?? shared.first ?? french[0] }

    /// The names a user of `localeCode` reads: that language's own, then the shared ones.
    public func names(in localeCode: String) -> [String] {
        (localeCode == "en" ? english : localeCode == "fr" ? french : []) + shared
    }
}

public enum CommandTable {
    public static let specs: [CommandSpec] = [
        CommandSpec(en: ["next", "n"], fr: ["suivant", "s"], argument: .optional,
                    values: (["formation", "titre"], ["course", "heading"]), help: .helpNext, usage: .usageNextItem) { arg in
            arg.map { ItemKind(word: $0).map(Command.nextItem) } ?? .next
        },
        CommandSpec(en: ["previous", "prev"], fr: ["précédent"], shared: ["p"], argument: .optional,
                    values: (["formation", "titre"], ["course", "heading"]), help: .helpPrevious,
                    usage: .usageNextItem) { arg in
            arg.map { ItemKind(word: $0).map(Command.previousItem) } ?? .previous
        },
        // « formation suivante », « titre précédent »: the French word order.
        CommandSpec(en: ["course"], fr: ["formation"], argument: .required,
                    values: (["suivante", "précédente"], ["next", "previous"]), help: .helpCourse, usage: .usageCourse) { arg in
            Direction(word: arg ?? "").map { $0 == .forward ? .nextItem(.course) : .previousItem(.course) }
        },
        CommandSpec(en: ["heading"], fr: ["titre"], argument: .required,
                    values: (["suivant", "précédent"], ["next", "previous"]), help: .helpHeading, usage: .usageHeading) { arg in
            Direction(word: arg ?? "").map { $0 == .forward ? .nextItem(.heading) : .previousItem(.heading) }
        },
        CommandSpec(en: ["go"], fr: ["aller", "va"], argument: .required, range: 1...Int.max, help: .helpGo, usage: .usageGo) { arg in
            Int(arg ?? "").flatMap { $0 > 0 ? .go($0) : nil }
        },
        CommandSpec(en: ["find"], fr: ["chercher", "recherche"], shared: ["/"], argument: .optional, help: .helpFind, usage: nil) { .find($0) },
        // « lire » alone reads all too: there is nothing else it could mean.
        CommandSpec(en: ["read"], fr: ["lire", "tout"], argument: .optional,
                    values: (["tout"], ["all"]), help: .helpReadAll, usage: .usageReadAll) { arg in
            guard let arg else { return .readAll }
            return ["all", "lire", "tout", "toutlire"].contains(CommandParser.fold(arg)) ? .readAll : nil
        },
        // The review cursor: « caractère », « mot suivant », « phrase précédente ».
        CommandSpec(en: ["character", "char"], fr: ["caractère", "car"], argument: .optional,
                    values: (["suivant", "précédent"], ["next", "previous"]), help: .reviewHelpCharacter,
                    usage: .reviewUsageStep) { ReviewStep(word: $0).map { .review(.character, $0) } },
        CommandSpec(en: ["word"], fr: ["mot"], argument: .optional, values: (["suivant", "précédent"], ["next", "previous"]), help: .reviewHelpWord, usage: .reviewUsageStep) {
            ReviewStep(word: $0).map { .review(.word, $0) }
        },
        CommandSpec(en: ["sentence"], fr: ["phrase"], argument: .optional,
                    values: (["suivante", "précédente"], ["next", "previous"]), help: .reviewHelpSentence, usage: .reviewUsageStep) {
            ReviewStep(word: $0).map { .review(.sentence, $0) }
        },
        CommandSpec(en: ["spell"], fr: ["épeler", "epele"], argument: .optional,
                    values: (["phonétique"], ["phonetic"]), help: .reviewHelpSpell, usage: .reviewUsageSpell) { arg in
            guard let arg else { return .spell(phonetic: false) }
            return ["phonetique", "phonetic", "otan", "nato", "alphabet"].contains(CommandParser.fold(arg)) ? .spell(phonetic: true) : nil
        },
        CommandSpec(en: ["describe"], fr: ["décrire"], argument: .none, help: .reviewHelpDescribe, usage: nil) { _ in .describeCharacter },
        CommandSpec(en: ["first"], fr: ["premier", "début"], argument: .none, help: .helpFirst, usage: nil) { _ in .first },
        CommandSpec(en: ["last"], fr: ["dernier", "fin"], argument: .none, help: .helpLast, usage: nil) { _ in .last },
        CommandSpec(en: ["activate"], fr: ["activer"], shared: ["a", "ok"], argument: .none, help: .helpActivate, usage: nil) { _ in .activate },
        CommandSpec(en: ["back", "b"], fr: ["retour"], argument: .none, help: .helpBack, usage: nil) { _ in .back },
        CommandSpec(en: ["repeat"], fr: ["répéter"], shared: ["r"], argument: .optional, values: (["message"], ["message"]), help: .helpRepeat, usage: .usageRepeat) { arg in
            guard let arg else { return .repeatLast }
            return ["message", "msg", "notice", "annonce"].contains(CommandParser.fold(arg)) ? .repeatMessage : nil
        },
        CommandSpec(en: ["where"], fr: ["où", "position"], argument: .none, help: .helpWhere, usage: nil) { _ in .whereAmI },
        CommandSpec(en: ["tab"], fr: ["onglet"], argument: .required,
                    values: (["formations", "morse"], ["formations", "morse"]), help: .helpTab, usage: .usageTab) { arg in
            switch CommandParser.fold(arg ?? "") {
            case "formations", "formation", "f", "courses": .tab(.formations)
            case "morse", "apprendre", "learn", "m": .tab(.morse)
            default: nil
            }
        },
        CommandSpec(en: ["filter"], fr: ["filtre", "filtrer"], argument: .required,
                    values: (["toutes"], ["all"]), help: .helpFilter, usage: .usageFilter) { arg in
            let folded = CommandParser.fold(arg ?? "")
            return ["all", "toutes", "tout", "tous", "aucun"].contains(folded) ? .filter(nil) : .filter(arg)
        },
        CommandSpec(en: ["help", "h"], fr: ["aide"], shared: ["?"], argument: .optional, help: .helpHelp, usage: .usageHelp) { .help(topic: $0) },
        CommandSpec(en: ["quit", "exit"], fr: ["quitter"], shared: ["q"], argument: .none, help: .helpQuit, usage: nil) { _ in .quit },
        CommandSpec(en: ["retry"], fr: ["réessayer"], argument: .none, help: .helpRetry, usage: nil) { _ in .retry },
        CommandSpec(en: ["refresh"], fr: ["actualiser", "rafraîchir"], argument: .none, help: .helpRefresh, usage: nil) { _ in .refresh },
        CommandSpec(shared: ["morse"], argument: .required, example: "sos", help: .helpMorse, usage: .usageMorse) { .morse($0 ?? "") },
        CommandSpec(en: ["practice"], fr: ["entraînement", "pratique"], argument: .optional,
                    values: (["koch", "faibles", "groupes", "mots", "indicatifs", "qso", "concours", "envoi"],
                             ["koch", "weak", "groups", "words", "callsigns", "qso", "contest", "sending"]),
                    help: .helpPractice, usage: .usagePractice) { arg in
            let words = CommandParser.fold(arg ?? "").split(separator: " ").map(String.init)
            if let first = words.first, ["texte", "text", "fichier", "file"].contains(first) {
                // The path as typed: folding would change its case and accents.
                let raw = (arg ?? "").trimmingCharacters(in: .whitespaces)
                let path = raw.drop { !$0.isWhitespace }.trimmingCharacters(in: .whitespaces)
                return .copyText(path: path)
            }
            if let first = words.first, ["envoi", "sending", "send"].contains(first) {
                return words.count <= 2 ? SendingMode(word: words.dropFirst().first).map(Command.sendingPractice) : nil
            }
            if words == ["echo"] { return .sendingPractice(.echo) }
            if let first = words.first, ["qso", "qsos"].contains(first) {
                // `qso`, then a language and a count, each at most once, in either order.
                let language = words.dropFirst().compactMap(QSOLanguage.init(word:))
                let counts = words.dropFirst().compactMap { Int($0) }
                guard language.count <= 1, counts.count <= 1, language.count + counts.count == words.count - 1,
                      counts.allSatisfy(CopyKind.countRange.contains) else { return nil }
                return .copyPractice(.qso, count: counts.first, language: language.first)
            }
            var count: Int?
            if words.count == 2 {
                guard let n = Int(words[1]), CopyKind.countRange.contains(n) else { return nil }
                count = n
            } else if words.count > 2 {
                return nil
            }
            switch (words.first ?? "", count) {
            // A beginner's practice is Koch's: only what has been unlocked is asked.
            case ("", nil), ("koch", nil): return .practice(koch: true)
            case ("faibles", nil), ("faible", nil), ("revision", nil), ("weak", nil): return .practice(koch: false)
            case ("groupes", _), ("groupe", _), ("groups", _): return .copyPractice(.groups, count: count)
            case ("mots", _), ("mot", _), ("words", _): return .copyPractice(.words, count: count)
            case ("indicatifs", _), ("indicatif", _), ("callsigns", _): return .copyPractice(.callsigns, count: count)
            case ("concours", _), ("contest", _): return .copyPractice(.contest, count: count)
            default: return nil
            }
        },
        CommandSpec(en: ["send"], fr: ["envoi", "envoyer"], argument: .optional,
                    values: (["koch", "écho", "libre"], ["koch", "echo", "free"]), help: .morseSendingHelp, usage: .morseSendingUsage) { arg in
            SendingMode(word: arg.map(CommandParser.fold)).map(Command.sendingPractice)
        },
        CommandSpec(en: ["statistics"], fr: ["statistiques"], shared: ["stats"], argument: .none, help: .morseTrainerHelpStats,
                    usage: nil) { _ in .statistics },
        CommandSpec(en: ["progress"], fr: ["progrès"], argument: .none, help: .morseMaterialHelpProgress, usage: nil) { _ in .progress },
        CommandSpec(en: ["set"], fr: ["régler", "reglage"], argument: .optional, help: .helpSet, usage: .usageSet) { arg in
            guard let arg else { return .settingsScreen }
            let parts = arg.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return .showSetting(name: arg) }
            return .set(name: parts[0], value: parts[1].trimmingCharacters(in: .whitespaces))
        },
        CommandSpec(fr: ["silence", "tais-toi", "chut"], shared: ["stop"], argument: .none, help: .helpStop, usage: nil) { _ in .stop },
        CommandSpec(en: ["history"], fr: ["historique"], argument: .none, help: .helpHistory, usage: nil) { _ in .history },
        CommandSpec(en: ["status"], fr: ["état", "diagnostic"], argument: .none, help: .helpStatus, usage: nil) { _ in .status },
        // Quick speech settings: relative values are never read as absolute ones.
        CommandSpec(en: ["rate"], fr: ["débit"], argument: .required, example: "200", help: .helpRate, usage: .usageRate) { .set(name: "débit", value: $0 ?? "") },
        CommandSpec(shared: ["volume"], argument: .required, example: "90", help: .helpVolume, usage: .usageVolume) { .set(name: "volume", value: $0 ?? "") },
        CommandSpec(en: ["faster"], argument: .none, help: .helpFaster, usage: nil) { _ in .set(name: "débit", value: "+20") },
        CommandSpec(en: ["slower"], argument: .none, help: .helpSlower, usage: nil) { _ in .set(name: "débit", value: "-20") },
        CommandSpec(en: ["louder"], argument: .none, help: .helpLouder, usage: nil) { _ in .set(name: "volume", value: "+10") },
        CommandSpec(en: ["softer"], argument: .none, help: .helpSofter, usage: nil) { _ in .set(name: "volume", value: "-10") },
        // « plus vite », « moins fort »…
        CommandSpec(fr: ["plus"], argument: .required, values: (["vite", "fort"], []), help: .helpMore, usage: .usageMoreLess) { arg in
            switch CommandParser.fold(arg ?? "") {
            case "vite", "rapide": .set(name: "débit", value: "+20")
            case "fort": .set(name: "volume", value: "+10")
            default: nil
            }
        },
        CommandSpec(fr: ["moins"], argument: .required, values: (["vite", "fort"], []), help: .helpLess, usage: .usageMoreLess) { arg in
            switch CommandParser.fold(arg ?? "") {
            case "vite", "rapide": .set(name: "débit", value: "-20")
            case "fort": .set(name: "volume", value: "-10")
            default: nil
            }
        },
        // Last, so the help's earlier entries keep their places.
        CommandSpec(en: ["reflex"], fr: ["réflexe", "réflexes"], argument: .optional,
                    values: (["passif", "actif"], ["passive", "active"]), help: .drillsHelpReflex,
                    usage: .drillsUsageReflex) { ReflexMode(word: $0).map(Command.reflexDrill) },
    ]
}

extension ItemKind {
    /// "course", "formation", "heading", "titre" (the argument of next/previous).
    init?(word: String) {
        switch CommandParser.fold(word) {
        case "course", "courses", "formation", "formations", "card", "carte": self = .course
        case "heading", "headings", "titre", "titres", "title": self = .heading
        case "chip", "chips", "filtre", "filtres", "filter": self = .chip
        default: return nil
        }
    }
}

extension ReviewStep {
    /// No word is the current unit; « suivant(e) », « précédent(e) » move first.
    init?(word: String?) {
        guard let word else { self = .current; return }
        switch Direction(word: word) {
        case .forward?: self = .next
        case .backward?: self = .previous
        case nil: return nil
        }
    }
}

enum Direction {
    case forward, backward

    /// "suivante", "suivant", "next", "précédente", "précédent", "previous".
    init?(word: String) {
        switch CommandParser.fold(word) {
        case "suivante", "suivant", "next", "s", "n": self = .forward
        case "precedente", "precedent", "previous", "prev", "p": self = .backward
        default: return nil
        }
    }
}
