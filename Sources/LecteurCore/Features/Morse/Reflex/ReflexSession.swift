// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reflex (instant character recognition) drills, as CW Academy and Morse Code Ninja teach them:
/// a character is heard and known at once, never worked out element by element.
public enum ReflexMode: String, Hashable, Sendable {
    /// The character, a pause to name it silently, then its name said and brailled.
    case passive
    /// The character, then the learner types it; right only within the set time.
    case active

    /// As the transcript's `practice` event and storage name it.
    public var name: String { self == .active ? "reflex" : "reflex-passive" }

    /// `réflexe`, `réflexe actif|passif`: the passive drill first, as ICR courses start.
    public init?(word: String?) {
        switch word.map(CommandParser.fold) {
        case nil, "passif"?, "passive"?, "ecoute"?, "listen"?: self = .passive
        case "actif"?, "active"?, "chrono"?, "timed"?: self = .active
        default: return nil
        }
    }
}

/// What the runtime must do for a reflex drill, in order.
public enum ReflexEffect: Hashable, Sendable {
    /// Said whole; on the display only `shown`.
    case introduce(String, shown: String)
    case say(String)
    /// Sound question `question` (again, for a replay): only its number may be shown or said.
    case ask(MorseSymbol, question: Int)
    /// Passive: the pause is over, the character is named (said, and brailled with its pattern).
    case reveal(MorseSymbol)
    /// Question `question`'s clock no longer matters (answered, replayed or ended).
    case cancelClock(question: Int)
    case answered(PracticeResult)
    case recordAttempt(PracticeAttempt)
    /// A wrong character: the right one and the one typed are sounded, as practice does.
    case playCorrection([MorseSymbol])
    case ended
}

/// A reflex drill as a pure state machine: lines, the tones' end and the clock come in as
/// values; what to say, sound and store comes out. Questions are drawn evenly from the learnt
/// symbols, whatever came before, so nothing but the sound tells the answer.
public struct ReflexSession<Random: RandomNumberGenerator> {
    public let mode: ReflexMode
    public let settings: ReflexSettings
    /// The symbols Koch has unlocked: what the drill asks.
    public let pool: [MorseSymbol]
    public private(set) var isActive = false
    public private(set) var question = 0
    public private(set) var current: MorseSymbol?
    public private(set) var replays = 0
    /// Monotonic time (ms) the current question's tones end, as the runtime reported it.
    public private(set) var toneEndMs: Double?
    /// When the question was queued (monotonic); an answer that arrived before it has no time.
    public private(set) var askedAtMs: Double?
    /// Active: answers right and in time, and every answer's time for the right character.
    public private(set) var inTime = 0
    public private(set) var asked = 0
    public private(set) var times: [Int] = []

    /// The median time of the latest stored answers (storage keeps each one), said as the active
    /// drill starts so the learner knows what to beat.
    public let storedMedianMs: Int?

    private var random: Random
    private let strings: Strings

    public init(mode: ReflexMode, settings: ReflexSettings, pool: [MorseSymbol], strings: Strings, random: Random,
                storedMedianMs: Int? = nil) {
        self.storedMedianMs = storedMedianMs
        self.mode = mode
        self.settings = settings
        self.pool = pool
        self.strings = strings
        self.random = random
    }

    public mutating func start() -> [ReflexEffect] {
        guard !isActive, !pool.isEmpty else { return [] }
        isActive = true
        let symbols = pool.map { $0.spokenName(strings) }.joined(separator: ", ")
        let characters = pool.map { String($0.character) }.joined(separator: " ")
        let intro: ReflexEffect = switch mode {
        case .passive:
            .introduce(strings(.drillsReflexIntroPassive, ["symbols": symbols, "pause": AnswerTime.said(settings.pauseMs, strings)]),
                       shown: strings(.drillsReflexBrailleIntroPassive, ["symbols": characters]))
        case .active:
            .introduce([strings(.drillsReflexIntroActive, ["symbols": symbols, "time": AnswerTime.said(settings.limitMs, strings)]),
                        storedMedianMs.map { strings(.drillsReflexStoredMedian, ["median": AnswerTime.said($0, strings)]) }]
                           .compactMap { $0 }.joined(separator: " "),
                       shown: strings(.drillsReflexBrailleIntroActive, ["symbols": characters]))
        }
        return [intro, next()]
    }

    /// The runtime's report that question `number`'s tones end at `endsAtMs`; true when it is the
    /// question waiting (the reducer then starts its clock).
    public mutating func sounded(question number: Int, endsAtMs: Double, askedAtMs: Double? = nil) -> Bool {
        guard isActive, number == question else { return false }
        toneEndMs = endsAtMs
        self.askedAtMs = askedAtMs
        return true
    }

    /// The question's clock rang: passive, the name; active, the time is up and the answer given.
    public mutating func clockRang(question number: Int) -> [ReflexEffect] {
        guard isActive, number == question, let current else { return [] }
        switch mode {
        case .passive:
            asked += 1
            return [.reveal(current), next()]
        case .active:
            asked += 1
            return [.recordAttempt(PracticeAttempt(symbolID: current.id, correct: false, answer: "", mode: mode.name,
                                                   latencyMs: nil, replays: replays)),
                    .answered(PracticeResult(mode: mode.name, question: question, expected: String(current.character),
                                             answer: "", correct: false, latencyMs: nil, replays: replays)),
                    .say(strings(.drillsReflexTooLate, ["character": current.spokenName(strings)])),
                    next()]
        }
    }

    /// A line typed while the drill runs; `atMs`: when (monotonic).
    public mutating func handle(_ line: String, atMs: Double?) -> [ReflexEffect] {
        guard isActive, let current else { return [] }
        let answer = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let folded = MorseSettingKey.fold(answer)
        if answer.isEmpty || PracticeSession<Random>.replayWords.contains(folded) {
            replays += 1
            toneEndMs = nil
            askedAtMs = nil
            return [.cancelClock(question: question), .ask(current, question: question)]
        }
        if PracticeSession<Random>.stopWords.contains(folded) { return stop() }
        guard mode == .active else { return [.say(strings(.drillsReflexPassiveListen))] }
        guard answer.count == 1, let typed = answer.first else { return [.say(strings(.morsePracticeOneCharacter))] }
        let typedSymbol = MorseAlphabet.standard.symbol(for: typed)
        let rightCharacter = typedSymbol?.id == current.id
        let latency = AnswerTime.latency(answeredAtMs: atMs, toneEndMs: toneEndMs, askedAtMs: askedAtMs)
        // Without the tones' end there is no time: the answer cannot be shown to be in time.
        let correct = rightCharacter && latency.map { $0 <= settings.limitMs } == true
        asked += 1
        if correct { inTime += 1 }
        if rightCharacter, let latency { times.append(latency) }
        let name = current.spokenName(strings)
        let verdict: String
        var correction: [ReflexEffect] = []
        if correct {
            verdict = strings(.drillsReflexRight, ["character": name, "time": AnswerTime.said(latency ?? 0, strings)])
        } else if rightCharacter {
            verdict = strings(.drillsReflexSlow, ["character": name, "time": latency.map { AnswerTime.said($0, strings) } ?? "?",
                                                   "limit": AnswerTime.said(settings.limitMs, strings)])
        } else {
            correction = [.playCorrection(PracticeSession<Random>.correction(current, typed: typedSymbol))]
            verdict = strings(.morsePracticeWrong, ["character": name, "answer": typedSymbol?.spokenName(strings) ?? answer])
        }
        return [.cancelClock(question: question),
                .recordAttempt(PracticeAttempt(symbolID: current.id, correct: correct, answer: answer, mode: mode.name,
                                               typedID: typedSymbol?.id, latencyMs: latency, replays: replays)),
                .answered(PracticeResult(mode: mode.name, question: question, expected: String(current.character),
                                         answer: answer, correct: correct, latencyMs: latency, replays: replays))]
            + correction + [.say(verdict), next()]
    }

    /// The median time per character of the answers with the right character, in time or not.
    public var medianMs: Int? { AnswerTime.median(times) }

    public mutating func stop() -> [ReflexEffect] {
        guard isActive else { return [] }
        isActive = false
        current = nil
        let clock = ReflexEffect.cancelClock(question: question)
        let summary: String
        switch mode {
        case .passive:
            summary = strings(.drillsReflexSummaryPassive, ["count": "\(asked)"])
        case .active:
            var said = strings(.drillsReflexSummaryActive, ["correct": "\(inTime)", "count": "\(asked)",
                                                            "time": AnswerTime.said(settings.limitMs, strings)])
            if let median = medianMs { said += " " + strings(.drillsReflexSummaryMedian, ["median": AnswerTime.said(median, strings)]) }
            summary = said
        }
        return [clock, .say(summary), .ended]
    }

    /// `où`: the question and, in the active drill, the score so far.
    public func whereAmI() -> String {
        switch mode {
        case .passive: strings(.drillsReflexWherePassive, ["question": "\(question)"])
        case .active: strings(.drillsReflexWhereActive, ["question": "\(question)", "correct": "\(inTime)", "count": "\(asked)"])
        }
    }

    private mutating func next() -> ReflexEffect {
        let symbol = pool[Int.random(in: 0..<pool.count, using: &random)]
        current = symbol
        question += 1
        replays = 0
        toneEndMs = nil
        askedAtMs = nil
        return .ask(symbol, question: question)
    }
}

extension ReflexSession: Sendable where Random: Sendable {}

extension ReflexSession: Equatable where Random: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        a.mode == b.mode && a.settings == b.settings && a.storedMedianMs == b.storedMedianMs && a.pool == b.pool && a.isActive == b.isActive
            && a.question == b.question && a.current == b.current && a.replays == b.replays && a.toneEndMs == b.toneEndMs && a.askedAtMs == b.askedAtMs
            && a.inTime == b.inTime && a.asked == b.asked && a.times == b.times && a.random == b.random
    }
}
