// SPDX-License-Identifier: GPL-3.0-or-later
/// The settings the reader itself decides with, typed. Device settings (voice, rate, braille
/// table) are checked and kept by their device, which knows what it can do.
public struct ReaderSettings: Hashable, Sendable {
    public var verbosity: Verbosity = .full
    /// How long a message stays on the braille display before the focused element comes back;
    /// 0 keeps it until the next key or command (NVDA's "message timeout", 4 s by default).
    public var brailleMessageSeconds: Double = 4
    /// How long each window of `tout lire` stays on the display when there is no voice
    /// (`régler défilement-braille`), as BRLTTY's autoscroll and NVDA's braille "say all" pace it.
    public var brailleScrollSeconds: Double = 4
    public var morse: MorseSettings = .default
    /// Say « formation 3 sur 14 » after each move, as NVDA reports an object's position by default.
    public var speakPosition = true
    /// How much punctuation is read in running text (NVDA's default level is « some » too).
    public var punctuation: PunctuationLevel = .some
    /// The spelling alphabet of `épeler phonétique`: « otan » (NATO, as NVDA and Orca spell in
    /// French) or « francais » (Anatole, Berthe, Célestin…).
    public var spellingAlphabet = "otan"

    public static let spellingAlphabets = ["otan", "francais"]
    public static let alphabetKey = "reader.alphabet"
    /// The spelling alphabet as `lecteur.toml` keeps it, language-neutral (`nato`, `french`);
    /// the state keeps the names the lexicons use (`otan`, `francais`).
    public static func storedAlphabet(_ alphabet: String) -> String {
        alphabet == "francais" ? "french" : "nato"
    }

    /// A value of the file: the neutral word, or the French one versions before 0.15 wrote.
    public static func alphabet(stored: String) -> String? {
        ["nato": "otan", "french": "francais", "otan": "otan", "francais": "francais"][stored]
    }
    /// What is said while a line is typed on a terminal (`régler écho`).
    public var typingEcho: TypingEcho = .none
    /// Typed lines or single keys on a terminal (`régler clavier`, `--input`).
    public var inputMode: InputMode = .lines
    /// Koch: the median answer time (ms) the window must reach to unlock a symbol; nil: not asked.
    public var kochMedianMs: Int?
    /// What the display shows of a practice question besides its number (`auto` until chosen:
    /// the pattern when there is no voice and a display, else the number alone).
    public var questionBraille: QuestionBraille = .auto
    /// Sending practice's speed (`régler vitesse-envoi`): a tapped element's length and the
    /// silence that ends a character; nil: the receiving speed.
    public var sendingWPM: Int?
    /// The key sending practice takes where releases are reported (`régler manipulateur`).
    public var keyer: KeyerMode = .straight
    /// Koch: the symbols unlocked (`régler koch`, and each level practice reaches), as stored;
    /// practice clamps it to the order (`KochLesson.clamped`).
    public var kochLevel = PracticeMode.kochStartLevel
    /// Koch: the order symbols are unlocked in (`régler ordre-koch`).
    public var kochOrder: KochOrder = .lcwo
    /// Characters in a code group, or the range each group's length is drawn from.
    public var groupLength: ClosedRange<Int> = GroupLength.standard
    /// Reflex drills' pause before the name and time to answer (`régler pause-réflexe|temps-réflexe`).
    public var reflex = ReflexSettings()
    /// When practice asks the next question after a verdict (`régler rythme-questions`).
    public var practicePace: PracticePace = .auto

    /// The speed sending practice keys at.
    public var effectiveSendingWPM: Int { sendingWPM ?? morse.wpm }

    public static let brailleMessageRange: ClosedRange<Double> = 0...60
    /// A window needs a second to be felt; past a minute nobody waits for it.
    public static let brailleScrollRange: ClosedRange<Double> = 1...60

    public init() {}

    /// Storage keys of the reader's own settings (Morse keeps its `morse.*` keys).
    public static let verbosityKey = "reader.verbosity"
    public static let brailleMessageKey = "reader.braille-message"
    public static let brailleScrollKey = "reader.braille-scroll"
    public static let positionKey = "reader.position"
    public static let echoKey = "reader.echo"
    public static let inputModeKey = "reader.keyboard"
    public static let kochTimeKey = "morse.koch.time"
    public static let questionBrailleKey = "morse.question-braille"
    /// 0 (or absent): the receiving speed.
    public static let sendingWPMKey = "morse.sending-wpm"
    public static let keyerKey = "morse.keyer"

    /// A stored sending speed: 0 is the receiving speed, else within Morse's speeds.
    public static func sendingWPM(stored: String) -> Int?? {
        guard let wpm = Int(stored) else { return nil }
        if wpm == 0 { return .some(nil) }
        return MorseSettings.wpmRange.contains(wpm) ? .some(wpm) : nil
    }
    /// `régler koch-temps SECONDES`: 0 turns the condition off.
    public static let kochTimeRange: ClosedRange<Double> = 0...10

    /// Settings as saved; unknown or invalid values are left at their default and reported.
    public static func restore(_ value: (String) -> String?) -> (ReaderSettings, [StartupProblem]) {
        var settings = ReaderSettings()
        var problems: [StartupProblem] = []
        if let saved = value(verbosityKey), let verbosity = Verbosity(rawValue: saved) { settings.verbosity = verbosity }
        if let saved = value(brailleMessageKey), let seconds = Double(saved), brailleMessageRange.contains(seconds) {
            settings.brailleMessageSeconds = seconds
        }
        if let saved = value(brailleScrollKey), let seconds = Double(saved), brailleScrollRange.contains(seconds) {
            settings.brailleScrollSeconds = seconds
        }
        if let saved = value(positionKey) { settings.speakPosition = saved != "off" }
        if let saved = value(PunctuationLevel.storageKey), let level = PunctuationLevel(stored: saved) { settings.punctuation = level }
        if let saved = value(alphabetKey), let alphabet = alphabet(stored: saved) { settings.spellingAlphabet = alphabet }
        if let saved = value(echoKey), let echo = TypingEcho(rawValue: saved) { settings.typingEcho = echo }
        if let saved = value(inputModeKey), let mode = InputMode(rawValue: saved) { settings.inputMode = mode }
        if let saved = value(questionBrailleKey), let shown = QuestionBraille(rawValue: saved) { settings.questionBraille = shown }
        if let saved = value(sendingWPMKey), let wpm = sendingWPM(stored: saved) { settings.sendingWPM = wpm }
        if let saved = value(keyerKey), let keyer = KeyerMode(rawValue: saved) { settings.keyer = keyer }
        if let saved = value(PracticeMode.kochLessonStorageKey), let lesson = Int(saved) {
            settings.kochLevel = KochLesson.level(lesson: lesson)
        } else if let saved = value(PracticeMode.kochLevelStorageKey), let level = Int(saved) {
            settings.kochLevel = level
        }
        if let saved = value(kochTimeKey), let ms = Int(saved), ms > 0, Double(ms) <= kochTimeRange.upperBound * 1000 {
            settings.kochMedianMs = ms
        }
        if let saved = value(KochOrder.storageKey), let order = KochOrder(rawValue: saved) { settings.kochOrder = order }
        if let saved = value(GroupLength.storageKey), let length = GroupLength.parse(saved) { settings.groupLength = length }
        settings.reflex = ReflexSettings.restore(value)
        if let saved = value(PracticePace.storageKey), let pace = PracticePace(stored: saved) { settings.practicePace = pace }
        let (morse, issues) = MorseSettings.load(value)
        settings.morse = morse
        problems += issues.map { .storedSetting($0) }
        return (settings, problems)
    }
}

/// `régler question-braille auto|aucune|motif|rythme`: a practice question on the display is its
/// number alone, or its number and pattern (never its character), or its rhythm flashed as full
/// cells in time with the tones (slow speeds only), for a learner who practises by touch.
public enum QuestionBraille: String, Hashable, Sendable, CaseIterable {
    /// Until the learner chooses: a learner with no voice and a display practises by touch, so
    /// the question must be there to read (a deafblind learner got « Question 1 » and nothing).
    case auto, none, pattern, rhythm

    /// What the display shows now: `auto` is the pattern when the display is all there is.
    public func resolved(touchOnly: Bool) -> QuestionBraille {
        guard self == .auto else { return self }
        return touchOnly ? .pattern : .none
    }

    /// Above this speed a dit is shorter than a finger can feel a display's cells rise and fall
    /// (100 ms at 12 WPM, timed from the sound as it plays), so the rhythm is refused and the
    /// pattern offered.
    public static let rhythmMaxWPM = 12

    public init?(userValue: String) {
        switch CommandParser.fold(userValue) {
        case "auto", "automatique", "defaut": self = .auto
        case "aucune", "aucun", "none", "non", "off": self = .none
        case "motif", "pattern", "motifs": self = .pattern
        case "rythme", "rhythm", "rythmes": self = .rhythm
        default: return nil
        }
    }
}
