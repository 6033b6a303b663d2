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

/// What the runtime must do for a reflex drill, in order. The session words nothing:
/// `ReflexMessages` (Messages/) says each step.
public enum ReflexEffect: Hashable, Sendable {
    /// The drill's introduction (its mode, characters and times are the session's): said whole,
    /// and on the display only its short line.
    case introduce
    /// What the learner is told about an answer, or about a line that is not one.
    case tell(ReflexNews)
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

/// What a reflex drill tells the learner, as data.
public enum ReflexNews: Hashable, Sendable {
    /// Active: the time ran out; the character was this.
    case tooLate(MorseSymbol)
    /// Right and in time, after `ms`.
    case right(MorseSymbol, ms: Int)
    /// The right character, too late (`ms` nil: no time was measured).
    case slow(MorseSymbol, ms: Int?, limitMs: Int)
    /// The wrong character: `typed` (nil when it has no code, `answer` as typed).
    case wrong(MorseSymbol, typed: MorseSymbol?, answer: String)
    /// Passive: nothing is typed, only listened to.
    case passiveListens
    /// Active: a guess typed before the question was heard (or shown, by touch): not an
    /// answer, not counted; the question still waits.
    case early
    /// Active: one character is typed, not several.
    case oneCharacter
    /// The drill's end: the session's counts and times are read by `ReflexMessages`.
    case summary
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
    /// When the question was perceived (monotonic): its tones played at the sound output, or
    /// by touch its line shown on the display. Its clock runs from here, and an answer typed
    /// before it is a guess.
    public private(set) var heardAtMs: Double?
    /// Active: answers right and in time, and every answer's time for the right character.
    public private(set) var inTime = 0
    public private(set) var asked = 0
    public private(set) var times: [Int] = []

    /// The display is all the learner has: a question is perceived when shown, and an answer
    /// counts within the touch answer window (`touchLimitMs`) from there.
    public var byTouch = false

    /// The time within which an answer counts: by touch, its own longer window.
    public var limitInForceMs: Int { byTouch ? settings.touchLimitMs : settings.limitMs }

    /// The median time of the latest stored answers (storage keeps each one), said as the active
    /// drill starts so the learner knows what to beat.
    public let storedMedianMs: Int?

    private var random: Random

    public init(mode: ReflexMode, settings: ReflexSettings, pool: [MorseSymbol], random: Random, storedMedianMs: Int? = nil) {
        self.storedMedianMs = storedMedianMs
        self.mode = mode
        self.settings = settings
        self.pool = pool
        self.random = random
    }

    public mutating func start() -> [ReflexEffect] {
        guard !isActive, !pool.isEmpty else { return [] }
        isActive = true
        return [.introduce, next()]
    }

    /// The runtime's report that question `number`'s tones end at `endsAtMs`; true when it is the
    /// question waiting (the reducer then starts its clock).
    public mutating func sounded(question number: Int, endsAtMs: Double, askedAtMs: Double? = nil) -> Bool {
        guard isActive, number == question else { return false }
        toneEndMs = endsAtMs
        self.askedAtMs = askedAtMs
        return true
    }

    /// Question `number` was perceived at `atMs` (its tones played, or its line shown); true
    /// when it is the question waiting and it had not been yet (the reducer then starts its clock).
    public mutating func heard(question number: Int, atMs: Double) -> Bool {
        guard isActive, number == question, heardAtMs == nil else { return false }
        heardAtMs = atMs
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
                    .tell(.tooLate(current)),
                    next()]
        }
    }

    /// A line typed while the drill runs; `atMs`: when (monotonic); `alphabet` reads it as the
    /// reducer's environment does.
    public mutating func handle(_ line: String, atMs: Double?, alphabet: MorseAlphabet = .standard) -> [ReflexEffect] {
        guard isActive, let current else { return [] }
        let answer = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let folded = MorseSettingKey.fold(answer)
        if answer.isEmpty || PracticeSession<Random>.replayWords.contains(folded) {
            replays += 1
            toneEndMs = nil
            askedAtMs = nil
            heardAtMs = nil
            return [.cancelClock(question: question), .ask(current, question: question)]
        }
        if PracticeSession<Random>.stopWords.contains(folded) { return stop() }
        guard mode == .active else { return [.tell(.passiveListens)] }
        guard answer.count == 1, let typed = answer.first else { return [.tell(.oneCharacter)] }
        // Typed before the question was heard (its tones still queued or sounding): a guess,
        // which neither counts nor stops the question's clock.
        if let atMs, heardAtMs.map({ atMs < $0 }) ?? (askedAtMs.map { atMs >= $0 } ?? true) { return [.tell(.early)] }
        let typedSymbol = alphabet.symbol(for: typed)
        let rightCharacter = typedSymbol?.id == current.id
        // From when it was heard; without that report, from the tones' end as queued.
        let latency = AnswerTime.latency(answeredAtMs: atMs, toneEndMs: heardAtMs ?? toneEndMs, askedAtMs: askedAtMs)
        // Without the tones' end there is no time: the answer cannot be shown to be in time.
        let correct = rightCharacter && latency.map { $0 <= limitInForceMs } == true
        asked += 1
        if correct { inTime += 1 }
        if rightCharacter, let latency { times.append(latency) }
        let verdict: ReflexNews
        var correction: [ReflexEffect] = []
        if correct {
            verdict = .right(current, ms: latency ?? 0)
        } else if rightCharacter {
            verdict = .slow(current, ms: latency, limitMs: limitInForceMs)
        } else {
            correction = [.playCorrection(PracticeSession<Random>.correction(current, typed: typedSymbol))]
            verdict = .wrong(current, typed: typedSymbol, answer: answer)
        }
        return [.cancelClock(question: question),
                .recordAttempt(PracticeAttempt(symbolID: current.id, correct: correct, answer: answer, mode: mode.name,
                                               typedID: typedSymbol?.id, latencyMs: latency, replays: replays)),
                .answered(PracticeResult(mode: mode.name, question: question, expected: String(current.character),
                                         answer: answer, correct: correct, latencyMs: latency, replays: replays))]
            + correction + [.tell(verdict), next()]
    }

    /// The median time per character of the answers with the right character, in time or not.
    public var medianMs: Int? { AnswerTime.median(times) }

    public mutating func stop() -> [ReflexEffect] {
        guard isActive else { return [] }
        isActive = false
        current = nil
        return [.cancelClock(question: question), .tell(.summary), .ended]
    }

    private mutating func next() -> ReflexEffect {
        let symbol = pool[Int.random(in: 0..<pool.count, using: &random)]
        current = symbol
        question += 1
        replays = 0
        toneEndMs = nil
        askedAtMs = nil
        heardAtMs = nil
        return .ask(symbol, question: question)
    }
}

extension ReflexSession: Sendable where Random: Sendable {}

extension ReflexSession: Equatable where Random: Equatable {}
