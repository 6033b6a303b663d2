/// What a copying session sends: code groups, words, callsigns, QSOs (over by over), the
/// user's own text (`CopyText`, a line at a time), or contest callers with their exchange
/// (`ContestExchange`, one caller at a time).
public enum CopyKind: String, Hashable, Sendable, CaseIterable {
    case groups, words, callsigns, qso, text, contest

    public static let defaultCount = 5
    public static let countRange = 1...50
    /// QSOs in one session when no count is given.
    public static let defaultQSOCount = 1
}

/// What the runtime must do for a copying session, in order. The session decides and words
/// nothing: `CopyMessages` (Messages/) says each step in the interface's language.
public enum CopyEffect: Hashable, Sendable {
    /// The introduction: said whole, and on the display only its short line, so the first
    /// sending's number is not lost at the end of a long message.
    case introduce(CopyIntroduction)
    /// The session cannot start, and why.
    case refuse(CopyRefusal)
    /// Sound `text` with these settings; only `round` may be shown until the copy is typed.
    case send(String, round: Int, settings: MorseSettings)
    /// Round `round` is drawn and waits to be sent (`release`): the user's Enter, or the pace's clock.
    case hold(round: Int)
    /// The user asked for the round held; beside a screen reader it is sent once the screen
    /// reader has echoed the key (`PracticePace.echoAllowanceMs`).
    case sendAfterEcho(round: Int)
    case scored(CopyResult)
    /// What the copy just scored is told: its score and mistakes, and for callsigns the new
    /// speed when it changed.
    case verdict(score: Int, mistakes: [CopyMistake], speed: Int?)
    /// The session's end: the average score over the copies typed (nil when none was).
    case summary(average: Int?, count: Int)
    case ended
}

/// What a copying session's introduction tells: what is sent and from which characters.
public struct CopyIntroduction: Hashable, Sendable {
    public let kind: CopyKind
    public let count: Int
    /// The QSOs' overs or the text's lines to send (0 for the other kinds).
    public let items: Int
    public let learnt: [MorseSymbol]
    public let groupLength: ClosedRange<Int>
    public let wpm: Int
    /// After each verdict the next sending waits for the user's Enter: said once, here.
    public var pacedByUser = false
}

public enum CopyRefusal: Hashable, Sendable {
    /// No word of the list is written with the characters learnt.
    case noWords(learnt: [MorseSymbol])
    /// The user's text holds nothing to send.
    case emptyText
}

/// Copying practice as a pure state machine: text goes out as Morse, the learner types what
/// they copied, the copy is aligned with what was sent and scored. Groups and words are sent in
/// one go with Farnsworth spacing; callsigns one at a time, the speed going up a step after a
/// right copy and down after a wrong one. Plain data: the alphabet it reads copies with is
/// handed to `handle` by its reducer, and what it says is worded by `CopyMessages`.
public struct CopySession<Random: RandomNumberGenerator> {
    public let kind: CopyKind
    public let count: Int
    public private(set) var isActive = false
    public private(set) var round = 0
    /// What was sent this round, until it is copied.
    public private(set) var sent: String?
    public private(set) var settings: MorseSettings
    public private(set) var scores: [Int] = []
    /// After a verdict the next round is drawn but not sent (`holdsNext`): it waits for the
    /// user's Enter, or the pace's clock (`release`).
    public var holdsNext = false
    public private(set) var waiting = false
    /// Beside a screen reader: the round asked for at Enter is sent after the key's echo.
    public var asksAfterEcho = false

    private var random: Random
    private let learnt: [MorseSymbol]
    private let words: [String]
    private let groupLength: ClosedRange<Int>
    /// QSO overs or lines of the user's text still to send, in order.
    private var pending: [String]
    /// In a QSO, the station answering the CQ: its own speed and pitch (issue 48, item 4), drawn
    /// from the QSO's text so the session's draws are those they were.
    public private(set) var answering: MorseSettings?
    private var oversPerQSO = 5
    /// In a contest, the sound of the caller of the present round.
    public private(set) var caller: MorseSettings?

    /// `learnt`: the symbols Koch has unlocked; `words`: the locale's word list, kept when the
    /// alphabet writes them with those symbols; `text`: the copies of the user's own text
    /// (`CopyText`), for `.text`; `qso`: the QSO's language material, for `.qso` (without it
    /// there is no over to send).
    public init(kind: CopyKind, count: Int, learnt: [MorseSymbol], words: [String], settings: MorseSettings,
                random: Random, alphabet: MorseAlphabet = .standard,
                groupLength: ClosedRange<Int> = GroupLength.standard, text: [String] = [], qso: QSOMaterial? = nil) {
        self.kind = kind
        self.count = min(max(count, CopyKind.countRange.lowerBound), CopyKind.countRange.upperBound)
        self.groupLength = groupLength
        var random = random
        switch kind {
        case .qso:
            let overs = self.count
            pending = []
            if let qso { pending = (0..<overs).flatMap { _ in QSOText(material: qso).qso(using: &random) } }
        case .text: pending = text
        case .groups, .words, .callsigns, .contest: pending = []
        }
        self.learnt = learnt
        self.random = random
        let known = Set(learnt.map(\.character))
        self.words = words.map { $0.uppercased() }.filter { word in
            !word.isEmpty && word.allSatisfy { alphabet.symbol(for: $0).map { known.contains($0.character) } ?? false }
        }
        switch kind {
        case .groups, .words, .qso, .text: self.settings = Self.farnsworth(settings)
        // A contest has no Farnsworth spacing: each caller keys at its own speed (`caller`).
        case .callsigns, .contest: self.settings = settings
        }
        if kind == .qso, let qso {
            oversPerQSO = max(1, qso.overs.count)
            answering = Self.otherStation(self.settings, text: pending.joined(separator: " "))
        }
    }

    /// Groups and words keep the characters' speed and spread them out: the user's Farnsworth
    /// speed (or the Wordsworth speed), or half the character speed when none is set.
    static func farnsworth(_ settings: MorseSettings) -> MorseSettings {
        guard settings.farnsworthWPM == nil, settings.wordsworthWPM == nil else { return settings }
        let overall = max(MorseSettings.farnsworthRange.lowerBound, settings.wpm / 2)
        return (try? settings.applying([.farnsworth: "\(overall)"])) ?? settings
    }

    /// Another station's sound: 2 to 5 WPM off the caller's speed and 80 to 200 Hz off its pitch,
    /// each way as the text's hash draws it (the same QSO, the same stations).
    static func otherStation(_ settings: MorseSettings, text: String) -> MorseSettings {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var random = SeededRandom(seed: hash)
        let speedStep = Int.random(in: 2...5, using: &random), pitchStep = Int.random(in: 80...200, using: &random)
        let faster = Bool.random(using: &random), higher = Bool.random(using: &random)
        var wpm = settings.wpm + (faster ? speedStep : -speedStep)
        if !MorseSettings.wpmRange.contains(wpm) { wpm = settings.wpm + (faster ? -speedStep : speedStep) }
        var tone = settings.toneHz + (higher ? pitchStep : -pitchStep)
        if !MorseSettings.toneRange.contains(tone) { tone = settings.toneHz + (higher ? -pitchStep : pitchStep) }
        return (try? settings.applying([.wpm: "\(wpm)", .tone: "\(tone)",
                                        .ramp: MorseSettings.format(min(settings.rampMs, MorseSettings.maxRampMs(wpm: wpm)))])) ?? settings
    }

    /// The sound of round `number`: in a QSO the answering station sends the second and fourth
    /// overs, the caller the others.
    public func sound(ofRound number: Int) -> MorseSettings {
        if kind == .contest, number == round, let caller { return caller }
        guard kind == .qso, let answering, (number - 1) % oversPerQSO % 2 == 1 else { return settings }
        return answering
    }

    public mutating func start() -> [CopyEffect] {
        guard !isActive else { return [] }
        if kind == .words && words.isEmpty { return [.refuse(.noWords(learnt: learnt)), .ended] }
        if (kind == .text || kind == .qso) && pending.isEmpty { return [.refuse(.emptyText), .ended] }
        isActive = true
        var introduction = CopyIntroduction(kind: kind, count: count, items: pending.count, learnt: learnt,
                                            groupLength: groupLength, wpm: settings.wpm)
        introduction.pacedByUser = holdsNext
        let first = next()
        // The introduction is read first: the first round waits like the next ones.
        guard holdsNext else { return [.introduce(introduction), first] }
        waiting = true
        return [.introduce(introduction), .hold(round: round)]
    }

    /// A copy typed (an empty line or a replay word sends the round again, a stop word ends);
    /// `alphabet` reads it as the reducer's environment does.
    public mutating func handle(_ line: String, alphabet: MorseAlphabet = .standard) -> [CopyEffect] {
        guard isActive, let sent else { return [] }
        let copy = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let folded = MorseSettingKey.fold(copy)
        if waiting {
            // The next round waits for the user: any line but `stop` sends it.
            if PracticeSession<Random>.stopWords.contains(folded) { return stop() }
            if asksAfterEcho { return [.sendAfterEcho(round: round)] }
            return release(round: round)
        }
        if copy.isEmpty || PracticeSession<Random>.replayWords.contains(folded) { return [.send(sent, round: round, settings: sound(ofRound: round))] }
        if PracticeSession<Random>.stopWords.contains(folded) { return stop() }
        // A contest copy is read as a log reads it: « 599 047 » for « 5NN T47 ».
        let (score, mistakes) = kind == .contest
            ? CopyScoring.score(sent: ContestExchange.logged(sent), typed: ContestExchange.logged(copy), alphabet: alphabet)
            : CopyScoring.score(sent: sent, typed: copy, alphabet: alphabet)
        scores.append(score)
        var effects: [CopyEffect] = [.scored(CopyResult(mode: kind, round: round, sent: sent, typed: copy, score: score,
                                                        mistakes: mistakes))]
        var speed: Int?
        if kind == .callsigns {
            let wpm = settings.wpm + (mistakes.isEmpty ? 1 : -1)
            if let faster = try? settings.applying([.wpm: "\(wpm)"]), faster.wpm != settings.wpm {
                settings = faster
                speed = wpm
            }
        }
        effects.append(.verdict(score: score, mistakes: mistakes, speed: speed))
        if ((kind == .callsigns || kind == .contest) && round < count) || !pending.isEmpty {
            let sending = next()
            if holdsNext {
                waiting = true
                effects.append(.hold(round: round))
            } else {
                effects.append(sending)
            }
        } else {
            effects += stop()
        }
        return effects
    }

    /// The round held after a verdict is sent now (the user's Enter, or the pace's clock for
    /// round `number`); nothing when it is no longer the one waiting.
    public mutating func release(round number: Int) -> [CopyEffect] {
        guard isActive, waiting, number == round, let sent else { return [] }
        waiting = false
        return [.send(sent, round: round, settings: sound(ofRound: round))]
    }

    public mutating func stop() -> [CopyEffect] {
        guard isActive else { return [] }
        isActive = false
        sent = nil
        guard !scores.isEmpty else { return [.summary(average: nil, count: 0), .ended] }
        let average = Int((Double(scores.reduce(0, +)) / Double(scores.count)).rounded())
        return [.summary(average: average, count: scores.count), .ended]
    }

    private mutating func next() -> CopyEffect {
        round += 1
        let text: String = switch kind {
        case .groups: (0..<count).map { _ in
            // A single length draws nothing: the same seed sends the same groups as before.
            let length = groupLength.count == 1 ? groupLength.lowerBound : Int.random(in: groupLength, using: &random)
            return String((0..<length).map { _ in learnt.randomElement(using: &random)!.character })
        }.joined(separator: " ")
        case .qso, .text: pending.isEmpty ? "" : pending.removeFirst()
        case .words: (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        case .callsigns: callsign()
        case .contest: ContestExchange.over(call: callsign(), using: &random)
        }
        if kind == .contest { caller = ContestExchange.callerSound(settings, using: &random) }
        sent = text
        return .send(text, round: round, settings: sound(ofRound: round))
    }

    /// A callsign of a real shape (`Callsign`), written with the characters learnt when they
    /// allow one (a digit, a prefix and a letter); before that, with any character.
    private mutating func callsign() -> String {
        Callsign.random(known: Set(learnt.map(\.character)), using: &random) ?? Callsign.random(using: &random)!
    }
}

extension CopySession: Sendable where Random: Sendable {}

extension CopySession: Equatable where Random: Equatable {}
