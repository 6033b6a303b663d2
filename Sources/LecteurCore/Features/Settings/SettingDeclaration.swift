// SPDX-License-Identifier: GPL-3.0-or-later
/// Each setting declared once: the name typed after `régler` in each language and the other
/// names accepted, its key and default in `lecteur.toml`, a value a user may type (what the
/// declaration test types), and the help the manual gives for its key. The parser's alias table,
/// `aide régler`, the « Réglages » screen's « Pour changer : … », the file's keys and the manual
/// page `lecteur.toml(5)` (through `lecteur --experimental-dump-settings`) are all read from here,
/// so a name or a default written twice cannot drift (`SettingDeclarationTests` walks every one
/// through the binary, in both languages).
public struct SettingDeclaration: Sendable {
    public let key: SettingKey
    /// The name printed and typed in French (accents as written; the parser ignores them).
    public let french: String
    /// The name printed and typed in English.
    public let english: String
    /// Other names the parser accepts (abbreviations, the other language's spellings).
    public let aliases: [String]
    /// The dotted key in `lecteur.toml` (`morse.wpm` is `wpm` under `[morse]`).
    public let fileKey: String
    /// The value the reader uses when the file has none, as the file writes it (language-neutral).
    public let fileDefault: String
    /// A valid value to type after the name (`régler vitesse 25`), understood in both languages.
    public let example: String
    /// What the key means and the values it takes, for `lecteur.toml(5)`.
    public let help: L10n
    /// The numbers the setting takes, in the unit the command and the file take (seconds, words
    /// per minute, hertz, per cent); nil for a choice or what a device owns (the voice's rate is
    /// the engine's). A value past it is refused with a message that names it
    /// (`SettingDeclarationTests` types one for every setting that has a range).
    public let range: ClosedRange<Double>?
    /// The unit of those numbers, said after them on the screen and by `régler NOM`
    /// (« 600 Hz », « 1,5 seconde »); nil for a count (a Koch lesson) or a choice.
    public let unit: SettingUnit?

    /// Numbers outside `range` that mean something of their own: 0 turns Farnsworth or
    /// Wordsworth spacing off, and sends at the receiving speed.
    public let alsoAccepted: Set<Double>
    /// What a refusal adds to the range: the words the setting takes besides numbers
    /// (« « non » : désactivé »), or what a number in it means (« 0 : jusqu'à la prochaine touche »).
    public let note: L10n?

    /// The name a user of `localeCode` reads and types.
    public func name(localeCode: String) -> String {
        localeCode.hasPrefix("fr") ? french : english
    }

    /// The check every value typed after `régler NOM` goes through before the setting reads it
    /// (`SettingsReducer.set`): a number outside the declared range is refused here, for every
    /// setting at once, with the range and its unit as the screen says them. nil lets the value
    /// through: in range, or no number (a word such as « non », « auto », « 3-7 »), which the
    /// setting's own reader takes or refuses.
    /// `current`: the range the setting says now when it depends on another (the Koch lessons
    /// of the order chosen), so that the refusal and `régler NOM` name the same.
    public func refusal(_ typed: String, current: ClosedRange<Double>? = nil, _ strings: Strings) -> String? {
        guard let range = current ?? range, let number = Self.number(typed), !range.contains(number),
              !alsoAccepted.contains(number) else { return nil }
        // Named as `régler NOM` says it (« Speed: 20 words per minute… »), not as typed (« wpm »).
        let name = key.displayName(strings)
        var args = ["name": name.prefix(1).uppercased() + name.dropFirst(), "value": Navigator.quoted(typed),
                    "range": SettingReading.spanned(range.lowerBound, range.upperBound, unit, strings)]
        if let note { args["note"] = strings(note) }
        return strings(note == nil ? .settingOutOfRange : .settingOutOfRangeNote, args)
    }

    /// The unit words a number may be typed with (« 2 s », « 700 Hz », « 20 mpm »), longest first.
    private static let typedUnits = ["millisecondes", "milliseconde", "milliseconds", "millisecond", "secondes", "seconde", "seconds",
                                     "second", "pourcent", "percent", "hertz", "sec", "wpm", "mpm", "hz", "ms", "%", "s"]

    /// A number as typed: « 1,5 », « 1.5 », « -3 », « 2 s »; nil for anything else.
    static func number(_ typed: String) -> Double? {
        var text = CommandParser.fold(typed).trimmingCharacters(in: .whitespaces)
        for unit in typedUnits where text.hasSuffix(unit) {
            text = String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        text = text.replacingOccurrences(of: ",", with: ".")
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.first != ".", digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return Double(text)
    }

    public static func of(_ key: SettingKey) -> SettingDeclaration {
        // `all` names every key once (a test checks it); the lookup cannot miss.
        byKey[key]!
    }

    /// A range of whole numbers, as most of the validators keep it.
    private static func whole(_ range: ClosedRange<Int>) -> ClosedRange<Double> {
        Double(range.lowerBound)...Double(range.upperBound)
    }

    private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// The names of every setting for `aide régler`, in the order of the « Réglages » screen.
    public static func names(localeCode: String) -> [String] {
        SettingKey.allCases.map { of($0).name(localeCode: localeCode) }
    }

    /// In the order of `SettingKey` (the « Réglages » screen's).
    public static let all: [SettingDeclaration] = [
        SettingDeclaration(.verbosity, fr: "verbosité", en: "verbosity", aliases: [],
              file: "reader.verbosity", default: "full", example: "brief", help: .manualTomlReaderVerbosity),
        SettingDeclaration(.position, fr: "position", en: "position", aliases: ["positions", "position-liste", "list-position"],
              file: "reader.position", default: "on", example: "off", help: .manualTomlReaderPosition),
        SettingDeclaration(.brailleMessage, fr: "message-braille", en: "braille-message", aliases: ["messages-braille", "braille-messages"],
              file: "reader.braille-message", default: "4", example: "6", range: ReaderSettings.brailleMessageRange, unit: .seconds, note: .settingNoteUntilKey, help: .manualTomlReaderBrailleMessage),
        SettingDeclaration(.brailleScroll, fr: "défilement-braille", en: "braille-scroll", aliases: ["defilement", "scroll-braille"],
              file: "reader.braille-scroll", default: "4", example: "6", range: ReaderSettings.brailleScrollRange, unit: .seconds, help: .manualTomlReaderBrailleScroll),
        SettingDeclaration(.punctuation, fr: "ponctuation", en: "punctuation", aliases: ["signes"],
              file: PunctuationLevel.storageKey, default: PunctuationLevel.some.stored, example: "toute",
              help: .manualTomlReaderPunctuation),
        SettingDeclaration(.alphabet, fr: "alphabet", en: "alphabet", aliases: ["alphabet-epellation", "spelling-alphabet"],
              file: ReaderSettings.alphabetKey, default: ReaderSettings.storedAlphabet("otan"), example: "francais", help: .manualTomlReaderAlphabet),
        SettingDeclaration(.speechRate, fr: "débit", en: "rate", aliases: [],
              file: "speech.rate", default: "175", example: "200", help: .manualTomlSpeechRate),
        SettingDeclaration(.speechPitch, fr: "hauteur", en: "pitch", aliases: [],
              file: "speech.pitch", default: "50", example: "60", help: .manualTomlSpeechPitch),
        SettingDeclaration(.speechVolume, fr: "volume", en: "volume", aliases: ["vol"],
              file: "speech.volume", default: "100", example: "90", help: .manualTomlSpeechVolume),
        SettingDeclaration(.speechVoice, fr: "voix", en: "voice", aliases: [],
              file: "speech.voice", default: "fr", example: "fr", help: .manualTomlSpeechVoice),
        SettingDeclaration(.speechBackend, fr: "synthèse", en: "speech-backend", aliases: ["backend"],
              file: DeviceSettingStorage.speechBackend, default: "auto", example: "espeak", help: .manualTomlSpeechBackend),
        SettingDeclaration(.brailleTable, fr: "table-braille", en: "braille-table", aliases: ["table", "braille"],
              file: DeviceSettingStorage.brailleTable, default: "integral", example: "abrege", help: .manualTomlBrailleTable),
        SettingDeclaration(.morseWPM, fr: "vitesse", en: "wpm", aliases: ["mpm", "speed"],
              file: MorseSettingKey.wpm.storageKey, default: "20", example: "12", range: whole(MorseSettings.wpmRange), unit: .wordsPerMinute, help: .manualTomlMorseWpm),
        SettingDeclaration(.morseFarnsworth, fr: "farnsworth", en: "farnsworth", aliases: ["fw", "espacement", "vitesse-globale", "vitesseglobale"],
              file: MorseSettingKey.farnsworth.storageKey, default: "off", example: "10", range: whole(MorseSettings.farnsworthRange), alsoAccepted: [0], unit: .wordsPerMinute, note: .settingNoteOff, help: .manualTomlMorseFarnsworth),
        SettingDeclaration(.morseTone, fr: "tonalité", en: "tone", aliases: ["ton", "frequence", "freq", "hz"],
              file: MorseSettingKey.tone.storageKey, default: "600", example: "700", range: whole(MorseSettings.toneRange), unit: .hertz, help: .manualTomlMorseTone),
        SettingDeclaration(.morseVolume, fr: "volume-morse", en: "morse-volume", aliases: [],
              file: MorseSettingKey.volume.storageKey, default: "80", example: "70", range: whole(MorseSettings.volumeRange), unit: .percent, help: .manualTomlMorseVolume),
        SettingDeclaration(.morseRamp, fr: "rampe", en: "ramp", aliases: [],
              file: MorseSettingKey.ramp.storageKey, default: "5", example: "4", range: MorseSettings.rampRange, unit: .milliseconds, help: .manualTomlMorseRamp),
        SettingDeclaration(.typingEcho, fr: "écho", en: "echo", aliases: ["echo-frappe", "typing-echo"],
              file: ReaderSettings.echoKey, default: "none", example: "words", help: .manualTomlReaderEcho),
        SettingDeclaration(.inputMode, fr: "clavier", en: "keyboard", aliases: ["input", "entree"],
              file: ReaderSettings.inputModeKey, default: "lines", example: "lines", help: .manualTomlReaderKeyboard),
        SettingDeclaration(.kochLesson, fr: "koch", en: "koch", aliases: ["lecon-koch", "koch-lesson"],
              file: PracticeMode.kochLessonStorageKey, default: String(KochLesson.lesson(level: PracticeMode.kochStartLevel)),
              example: "3", range: whole(KochLesson.lessons()), help: .manualTomlMorseKochLesson),
        SettingDeclaration(.kochTime, fr: "koch-temps", en: "koch-time", aliases: ["temps-koch"],
              file: ReaderSettings.kochTimeKey, default: "0", example: "2", range: ReaderSettings.kochTimeRange, unit: .seconds, help: .manualTomlMorseKochTime),
        SettingDeclaration(.questionBraille, fr: "question-braille", en: "question-braille", aliases: ["braille-question"],
              file: ReaderSettings.questionBrailleKey, default: QuestionBraille.auto.rawValue, example: "motif",
              help: .manualTomlMorseQuestionBraille),
        SettingDeclaration(.sendingWPM, fr: "vitesse-envoi", en: "sending-wpm", aliases: ["sending-speed", "send-wpm", "wpm-envoi"],
              file: ReaderSettings.sendingWPMKey, default: "0", example: "15", range: whole(MorseSettings.wpmRange), alsoAccepted: [0], unit: .wordsPerMinute, note: .settingNoteReceiving, help: .manualTomlMorseSendingWpm),
        SettingDeclaration(.keyer, fr: "manipulateur", en: "keyer", aliases: ["morse-key", "cle-morse", "paddles", "palettes"],
              file: ReaderSettings.keyerKey, default: KeyerMode.straight.rawValue, example: "iambic-b", help: .manualTomlMorseKeyer),
        SettingDeclaration(.kochOrder, fr: "ordre-koch", en: "koch-order", aliases: ["ordre"],
              file: KochOrder.storageKey, default: KochOrder.lcwo.rawValue, example: "g4fon", help: .manualTomlMorseKochOrder),
        SettingDeclaration(.groupLength, fr: "longueur-groupes", en: "group-length", aliases: ["longueur-groupe", "groupes"],
              file: GroupLength.storageKey, default: "5", example: "3-7", range: whole(GroupLength.limits), note: .settingNoteGroupLength, help: .manualTomlMorseGroupLength),
        SettingDeclaration(.bandNoise, fr: "bruit", en: "noise", aliases: ["souffle", "hiss"],
              file: MorseSettingKey.noise.storageKey, default: "0", example: "30", range: whole(BandConditions.noiseRange), unit: .percent, help: .manualTomlMorseNoise),
        SettingDeclaration(.bandQRM, fr: "brouillage", en: "qrm", aliases: ["interference"],
              file: MorseSettingKey.qrm.storageKey, default: "0", example: "30", range: whole(BandConditions.qrmRange), unit: .percent, help: .manualTomlMorseQrm),
        SettingDeclaration(.bandFading, fr: "fading", en: "fading", aliases: ["qsb", "evanouissement"],
              file: MorseSettingKey.fading.storageKey, default: "0", example: "30", range: whole(BandConditions.fadingRange), unit: .percent, help: .manualTomlMorseFading),
        SettingDeclaration(.bandStatic, fr: "parasites", en: "static", aliases: ["qrn"],
              file: MorseSettingKey.staticNoise.storageKey, default: "0", example: "30", range: whole(BandConditions.staticRange), unit: .percent, help: .manualTomlMorseStatic),
        SettingDeclaration(.bandFlutter, fr: "flutter", en: "flutter", aliases: ["scintillement"],
              file: MorseSettingKey.flutter.storageKey, default: "0", example: "30", range: whole(BandConditions.flutterRange), unit: .percent, help: .manualTomlMorseFlutter),
        SettingDeclaration(.reflexPause, fr: "pause-réflexe", en: "reflex-pause", aliases: ["pause-reflex"],
              file: ReflexSettings.pauseKey, default: "1500", example: "2", range: ReflexSettings.pauseRange, unit: .seconds, help: .manualTomlMorseReflexPauseMs),
        SettingDeclaration(.reflexTime, fr: "temps-réflexe", en: "reflex-time", aliases: ["delai-reflexe"],
              file: ReflexSettings.limitKey, default: "1000", example: "2", range: ReflexSettings.limitRange, unit: .seconds, help: .manualTomlMorseReflexTimeMs),
        SettingDeclaration(.reflexTouchTime, fr: "temps-réflexe-toucher", en: "reflex-touch-time",
              aliases: ["temps-reflexe-braille", "reflex-braille-time"],
              file: ReflexSettings.touchLimitKey, default: "5000", example: "8", range: ReflexSettings.touchLimitRange, unit: .seconds, help: .manualTomlMorseReflexTouchTimeMs),
        SettingDeclaration(.practicePace, fr: "rythme-questions", en: "question-pace", aliases: ["rythme", "pace", "suite-questions"],
              file: PracticePace.storageKey, default: "auto", example: "2", range: PracticePace.pauseRange, unit: .seconds, help: .manualTomlMorsePracticePace),
        SettingDeclaration(.morseWordsworth, fr: "wordsworth", en: "wordsworth", aliases: ["espace-mots", "word-spacing"],
              file: MorseSettingKey.wordsworth.storageKey, default: "off", example: "10", range: whole(MorseSettings.farnsworthRange), alsoAccepted: [0], unit: .wordsPerMinute, note: .settingNoteOff, help: .manualTomlMorseWordsworth),
        SettingDeclaration(.reflexWPM, fr: "vitesse-réflexe", en: "reflex-wpm", aliases: ["reflex-speed", "vitesse-reflexes"],
              file: ReflexSettings.wpmKey, default: "25", example: "30", range: whole(ReflexSettings.wpmRange), unit: .wordsPerMinute, help: .manualTomlMorseReflexWpm),
    ]

    private init(_ key: SettingKey, fr: String, en: String, aliases: [String], file: String, default value: String,
                 example: String, range: ClosedRange<Double>? = nil, alsoAccepted: Set<Double> = [], unit: SettingUnit? = nil,
                 note: L10n? = nil, help: L10n) {
        self.key = key
        self.french = fr
        self.english = en
        self.aliases = aliases
        self.fileKey = file
        self.fileDefault = value
        self.example = example
        self.help = help
        self.range = range
        self.unit = unit
        self.alsoAccepted = alsoAccepted
        self.note = note
    }
}
