// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One answer, as storage records it (the runtime adds the date).
public struct PracticeAttempt: Hashable, Sendable {
    public let symbolID: String
    public let correct: Bool
    /// What the user typed, trimmed.
    public let answer: String
    /// `PracticeMode.name`: statistics and the Koch window keep the modes apart.
    public var mode: String
    /// The symbol the user typed, when it is one: what the confusions are counted from.
    public var typedID: String?
    /// From the end of the question's tones to the answer; nil when the end was not reported.
    public var latencyMs: Int?
    public var replays: Int
    /// Character speed the question was sent at (the reader fills it in from its settings).
    public var wpm: Int?
    /// Koch: the number of symbols unlocked when the answer was given (its window's key).
    public var kochLevel: Int?

    public init(symbolID: String, correct: Bool, answer: String, mode: String = "", typedID: String? = nil,
                latencyMs: Int? = nil, replays: Int = 0, wpm: Int? = nil, kochLevel: Int? = nil) {
        self.symbolID = symbolID
        self.correct = correct
        self.answer = answer
        self.mode = mode
        self.typedID = typedID
        self.latencyMs = latencyMs
        self.replays = replays
        self.wpm = wpm
        self.kochLevel = kochLevel
    }
}

/// The truth about one question, once it is answered (the transcript's `practice` event).
public struct PracticeResult: Hashable, Sendable {
    public let mode: String
    public let question: Int
    public let expected: String
    public let answer: String
    public let correct: Bool
    public let latencyMs: Int?
    public let replays: Int

    public init(mode: String, question: Int, expected: String, answer: String, correct: Bool, latencyMs: Int?, replays: Int) {
        self.mode = mode
        self.question = question
        self.expected = expected
        self.answer = answer
        self.correct = correct
        self.latencyMs = latencyMs
        self.replays = replays
    }
}

/// What storage remembers that a new session needs: the Koch window at the current level and
/// the confusions counted over every answer.
public struct PracticeHistory: Hashable, Sendable {
    /// Koch answers given at the current level, oldest first (at most a window's worth).
    public var kochWindow: [RecentAnswer]
    /// How often each symbol (by id) was taken for another: `[expected: [typed: count]]`.
    public var confusions: [String: [String: Int]]

    public init(kochWindow: [RecentAnswer] = [], confusions: [String: [String: Int]] = [:]) {
        self.kochWindow = kochWindow
        self.confusions = confusions
    }

    public static let none = PracticeHistory()
}

/// One answer of the Koch window.
public struct RecentAnswer: Hashable, Sendable {
    public let correct: Bool
    public let latencyMs: Int?

    public init(correct: Bool, latencyMs: Int? = nil) {
        self.correct = correct
        self.latencyMs = latencyMs
    }
}

public struct PracticeSummary: Hashable, Sendable {
    public let attempts: Int
    public let correct: Int

    public init(attempts: Int, correct: Int) {
        self.attempts = attempts
        self.correct = correct
    }
}

public enum PracticeMode: Hashable, Sendable {
    /// Symbols drawn from `pool` (ids; nil: the whole learning list), weak ones more often.
    case weakSymbols(pool: [String]? = nil)
    /// From a symbol card: this symbol half the time, otherwise symbols of similar length that
    /// are easily mistaken for it.
    case symbol(id: String)
    /// The first `level` symbols of the Koch order; one more is unlocked each time the recent
    /// accuracy reaches the threshold.
    case koch(level: Int)

    /// Where the Koch lesson is kept between sessions: the lesson number the screen shows and
    /// `régler koch` takes (LCWO's: lesson 1 is K and M), so the file and the screen agree.
    public static let kochLessonStorageKey = "morse.koch.lesson"
    /// Where earlier versions kept the number of symbols unlocked (one more than the lesson:
    /// `koch.level = 4` showed « Koch : 3 »); still read when the lesson is absent.
    public static let kochLevelStorageKey = "morse.koch.level"
    public static let kochStartLevel = 2

    /// As the transcript's `practice` event and storage name it.
    public var name: String {
        switch self {
        case .weakSymbols: "weak"
        case .symbol: "symbol"
        case .koch: "koch"
        }
    }
}

/// What the runtime must do, in order. Audio effects are sequential: say the verdict, then play
/// the next symbol once speech has finished. The session words nothing: `PracticeMessages`
/// (Messages/) says what it tells.
public enum PracticeEffect: Hashable, Sendable {
    /// What the learner is told: a verdict, a line that is not an answer, the summary.
    case tell(PracticeNews)
    /// The introduction: said whole, and on the display only its short line, so the first
    /// question is not lost at the end of a long message.
    case introduce(PracticeIntroduction)
    /// After a wrong answer, before its verdict: the right character, then the one typed (when
    /// Morse has it), sounded for the ear to compare; Koch teaching names them, never counts
    /// their dits and dahs.
    case playCorrection([MorseSymbol])
    /// Beside a screen reader: the correction of the answer just given is played after the
    /// Enter's echo (`releaseCorrection` then), its verdict printed once it is heard.
    case correctAfterEcho
    /// The correction's tones, their end reported (`correctionHeard`).
    case playCorrectionThenSay([MorseSymbol])
    /// Sound question `question` (again, for a replay): only its number may be shown or said.
    case playSymbol(MorseSymbol, question: Int)
    /// Question `question` is drawn and waits to be asked (`release`): the user's Enter, or
    /// the pace's clock.
    case holdQuestion(question: Int)
    /// The user asked for the question held; beside a screen reader it is sounded once the
    /// screen reader has echoed the key (`PracticePace.echoAllowanceMs`), never under it.
    case askAfterEcho(question: Int)
    /// The question's truth, now that it is answered.
    case answered(PracticeResult)
    /// Store at once (one committed transaction), then refresh the Morse list's progress.
    case recordAttempt(PracticeAttempt)
    /// Persist it so the next Koch session resumes at this level.
    case kochLevelChanged(Int)
    /// The session is over: leave practice mode.
    case ended(PracticeSummary)
}

/// How far a Koch learner is from the next symbol, as data.
public struct KochProgress: Hashable, Sendable {
    /// Right answers still needed, in a row (0: the accuracy is there).
    public let left: Int
    public let next: MorseSymbol
    /// The window's median answer time and the limit, when the median is over it.
    public let slowMs: Int?
    public let limitMs: Int?
}

/// What a practice's introduction tells: its mode, the symbols asked and, in Koch, the way to
/// the next one.
public struct PracticeIntroduction: Hashable, Sendable {
    public let mode: PracticeMode
    /// The symbols asked; in `.symbol` mode the card's own first, then its rivals.
    public let pool: [MorseSymbol]
    public let progress: KochProgress?
    /// After each verdict the next question waits for the user's Enter: said once, here.
    public var pacedByUser = false
}

/// What practice tells the learner, as data.
public enum PracticeNews: Hashable, Sendable {
    /// An answer judged: right or wrong (`typed`: nil when Morse has no such character, `answer`
    /// as typed), the symbol Koch just unlocked, and the way to the next when it is said.
    case verdict(expected: MorseSymbol, correct: Bool, typed: MorseSymbol?, answer: String, unlocked: MorseSymbol?,
                 progress: KochProgress?)
    /// More than one character was typed.
    case oneCharacter
    case summary(PracticeSummary)
}

/// `où` during practice, as data: the question, the score, and in Koch the lesson and progress.
public struct PracticePosition: Hashable, Sendable {
    public let question: Int
    public let summary: PracticeSummary
    public let kochLevel: Int?
    public let progress: KochProgress?
}

public struct PracticeOptions: Hashable, Sendable {
    /// Koch: how many recent answers the unlock decision looks at.
    public var kochWindow: Int
    /// Koch: accuracy over that window needed to unlock the next symbol.
    public var kochThreshold: Double
    /// Koch: the window's median answer time must be at most this to unlock (nil: not asked).
    public var kochMedianMs: Int?
    /// Symbol mode: share of questions on the card's own symbol.
    public var focusShare: Double
    /// Koch: how much more often the newest symbol is asked than its weight alone says. At 2.5
    /// the newest of three symbols was asked 55 % of the time, and « repeat the last answer »
    /// scored 43 % where chance is 33 %.
    public var newSymbolBoost: Double
    /// Koch: the order symbols are unlocked in (`régler ordre-koch`).
    public var kochOrder: KochOrder = .lcwo

    public init(kochWindow: Int = 20, kochThreshold: Double = 0.9, kochMedianMs: Int? = nil, focusShare: Double = 0.5,
                newSymbolBoost: Double = 1.5, kochOrder: KochOrder = .lcwo) {
        self.kochWindow = kochWindow
        self.kochThreshold = kochThreshold
        self.kochMedianMs = kochMedianMs
        self.focusShare = focusShare
        self.newSymbolBoost = newSymbolBoost
        self.kochOrder = kochOrder
    }
}

/// The practice loop as a pure state machine: the user's lines go in, effects come out. All
/// randomness comes from the injected generator, so a session is reproducible from its seed;
/// time comes in with the actions (the end of a question's tones, the moment of an answer).
/// Plain data: what it needs of the alphabet and the history is read once, at its start, and
/// the alphabet an answer is read with is handed to `handle` by its reducer.
public struct PracticeSession<Random: RandomNumberGenerator> {
    public let mode: PracticeMode
    public let options: PracticeOptions
    public private(set) var isActive = false
    /// The symbol the user is asked to recognise.
    public private(set) var current: MorseSymbol?
    /// 1-based number of the current question: all that is shown until it is answered.
    public private(set) var question = 0
    /// Stored statistics plus this session's answers: weights follow the user as they improve.
    public private(set) var progress: [String: SymbolProgress]
    public private(set) var kochLevel: Int?
    public private(set) var summary = PracticeSummary(attempts: 0, correct: 0)
    /// Koch: answers at the current level (stored ones first), newest last.
    public private(set) var recentAnswers: [RecentAnswer] = []
    /// Times the current question was played again.
    public private(set) var replays = 0
    /// Monotonic time (ms) the current question's last tone ends, as the runtime reported it.
    public private(set) var toneEndMs: Double?
    /// Monotonic time (ms) the runtime queued the current question's tones, when it said.
    public private(set) var askedAtMs: Double?
    /// After a verdict the next question is not asked at once (`holdsNext`): it is drawn, and
    /// waits to be asked (the user's Enter, or the pace's clock).
    public var holdsNext = false
    /// Beside a screen reader: the Enter that asks a held question is echoed by the screen
    /// reader (Orca 43 says « Entrée », then reads the new prompt), so the question is asked
    /// after that (`askAfterEcho`, then `release`).
    public var asksAfterEcho = false
    /// The next question, drawn, waits to be asked (`release`).
    public private(set) var waiting = false
    /// Beside a screen reader, a wrong answer's correction waits for the Enter's echo, and its
    /// verdict for the correction's tones (`correctAfterEcho`, `releaseCorrection`,
    /// `correctionHeard`): played at once, it sounded under Orca's echo and its reading of the
    /// verdict (0.43 to 0.55 s of overlap, scripts/orca-pace.sh).
    public private(set) var pendingCorrection: PendingCorrection?
    /// The verdict waiting for its correction's tones to be heard.
    public private(set) var verdictWhenHeard: PracticeNews?

    public struct PendingCorrection: Hashable, Sendable {
        public let symbols: [MorseSymbol]
        public let verdict: PracticeNews
    }

    private var random: Random
    private var forcedNext: MorseSymbol?
    /// Koch: the balanced draw's credits (see `KochDraw`).
    public private(set) var kochDraw = KochDraw()
    /// The Koch order the options chose, in the alphabet the session started with.
    private let kochSymbols: [MorseSymbol]
    /// Weak symbols' and a card's pool (the card's own symbol first, then its rivals), read at
    /// the start; Koch's grows with the level.
    private let fixedPool: [MorseSymbol]
    /// `.symbol`: the card's own symbol, asked `options.focusShare` of the time.
    private let target: MorseSymbol?

    public init(mode: PracticeMode, progress: [String: SymbolProgress], random: Random,
                alphabet: MorseAlphabet = .standard, options: PracticeOptions = PracticeOptions(),
                history: PracticeHistory = .none) {
        self.mode = mode
        self.progress = progress
        self.random = random
        self.options = options
        kochSymbols = options.kochOrder.symbols(alphabet)
        switch mode {
        case .weakSymbols(let ids):
            let symbols = ids?.compactMap { alphabet.symbol(id: $0) } ?? []
            fixedPool = symbols.isEmpty ? alphabet.symbols : symbols
            target = nil
        case .symbol(let id):
            target = alphabet.symbol(id: id)
            fixedPool = target.map { [$0] + Self.rivals(of: $0, confusions: history.confusions, in: alphabet) } ?? alphabet.symbols
        case .koch(let level):
            fixedPool = []
            target = nil
            kochLevel = KochLesson.clamped(level, alphabet, order: options.kochOrder)
            recentAnswers = Array(history.kochWindow.suffix(options.kochWindow))
        }
    }

    /// The symbols questions are drawn from right now.
    public var pool: [MorseSymbol] {
        switch mode {
        case .weakSymbols, .symbol: fixedPool
        case .koch: Array(kochSymbols.prefix(kochLevel ?? 2))
        }
    }

    /// How many symbols a card's drill sets against its own.
    public static var rivalCount: Int { 3 }

    /// The symbols most often confused with `target` (either way round, from the stored
    /// answers), completed with the symbols whose patterns are closest to its own.
    static func rivals(of target: MorseSymbol, confusions: [String: [String: Int]], in alphabet: MorseAlphabet) -> [MorseSymbol] {
        var counts: [String: Int] = confusions[target.id] ?? [:]
        for (expected, typed) in confusions { if let n = typed[target.id] { counts[expected, default: 0] += n } }
        counts[target.id] = nil
        let confused = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .compactMap { alphabet.symbol(id: $0.key) }
        var chosen = Array(confused.prefix(rivalCount))
        // Closest pattern first, then closest length, then the alphabet's order.
        let similar = alphabet.symbols.filter { $0 != target && !$0.isExtension && !chosen.contains($0) }
            .enumerated()
            .map { (symbol: $0.element, key: [CommandParser.editDistance($0.element.pattern, target.pattern),
                                               abs($0.element.pattern.count - target.pattern.count), $0.offset]) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        for candidate in similar where chosen.count < rivalCount { chosen.append(candidate.symbol) }
        return chosen
    }

    /// Error rate (smoothed so one answer does not decide everything) and novelty: a symbol
    /// never tried weighs 2.6, one always right after 20 tries 0.29, one right 2 times in 10 2.4.
    public static func weight(_ progress: SymbolProgress?) -> Double {
        let attempts = Double(progress?.attempts ?? 0), correct = Double(progress?.correct ?? 0)
        let errorRate = (attempts - correct + 1) / (attempts + 2)
        return 0.1 + 3 * errorRate + 1 / (1 + attempts)
    }

    public mutating func start() -> [PracticeEffect] {
        guard !isActive else { return [] }
        isActive = true
        var introduction = PracticeIntroduction(mode: mode, pool: pool, progress: kochProgress())
        introduction.pacedByUser = holdsNext
        var effects: [PracticeEffect] = [.introduce(introduction)]
        let first = ask(advance())
        if holdsNext {
            // The introduction is read first (Orca 43 took 21 to 30 s to read it, and
            // question 1's tones played under it): the first question waits like the next ones.
            waiting = true
            effects.append(.holdQuestion(question: question))
        } else {
            effects.append(first)
        }
        return effects
    }

    /// The runtime's report that question `number`'s tones end at `atMs` (monotonic).
    public mutating func sounded(question number: Int, endsAtMs: Double, askedAtMs: Double? = nil) {
        guard number == question else { return }
        toneEndMs = endsAtMs
        self.askedAtMs = askedAtMs
    }

    /// One line typed by the user while practice runs; `atMs` is when it was typed (monotonic),
    /// nil when the runtime did not stamp it; `alphabet` reads it as the reducer's environment does.
    public mutating func handle(_ line: String, atMs: Double? = nil, alphabet: MorseAlphabet = .standard) -> [PracticeEffect] {
        guard isActive, current != nil else { return [] }
        // A verdict whose correction was cut before it was heard is said first.
        return correctionHeard() + answer(line, atMs: atMs, alphabet: alphabet)
    }

    private mutating func answer(_ line: String, atMs: Double?, alphabet: MorseAlphabet) -> [PracticeEffect] {
        guard isActive, let current else { return [] }
        let answer = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let folded = MorseSettingKey.fold(answer)
        if waiting {
            // The next question waits for the user: any line but `stop` asks it (it is no
            // replay: it was never heard); an answer typed before hearing it answers nothing.
            if Self.stopWords.contains(folded) { return stop() }
            if asksAfterEcho { return [.askAfterEcho(question: question)] }
            return release(question: question)
        }
        if answer.isEmpty || Self.replayWords.contains(folded) {
            replays += 1
            toneEndMs = nil
            askedAtMs = nil
            return [.playSymbol(current, question: question)]
        }
        if Self.stopWords.contains(folded) { return stop() }
        guard answer.count == 1, let typed = answer.first else { return [.tell(.oneCharacter)] }

        let typedSymbol = alphabet.symbol(for: typed)
        let correct = typedSymbol?.id == current.id
        let latency = AnswerTime.latency(answeredAtMs: atMs, toneEndMs: toneEndMs, askedAtMs: askedAtMs)
        var effects: [PracticeEffect] = [
            .recordAttempt(PracticeAttempt(symbolID: current.id, correct: correct, answer: answer, mode: mode.name,
                                           typedID: typedSymbol?.id, latencyMs: latency, replays: replays, kochLevel: kochLevel)),
            .answered(PracticeResult(mode: mode.name, question: question, expected: String(current.character),
                                     answer: answer, correct: correct, latencyMs: latency, replays: replays)),
        ]
        count(current, correct: correct, latencyMs: latency)
        let deferred = !correct && asksAfterEcho
        if !correct, !deferred { effects.append(.playCorrection(Self.correction(current, typed: typedSymbol))) }
        var progress: KochProgress?
        let unlocked = unlockIfReady()
        if let unlocked {
            effects.append(.kochLevelChanged(kochLevel!))
            forcedNext = unlocked
        } else if let known = kochProgress(),
                  known.left <= Self.progressSaidBelow || summary.attempts % Self.progressSaidEvery == 0 {
            progress = known
        }
        let verdict = PracticeNews.verdict(expected: current, correct: correct, typed: typedSymbol, answer: answer,
                                           unlocked: unlocked, progress: progress)
        if deferred {
            pendingCorrection = PendingCorrection(symbols: Self.correction(current, typed: typedSymbol), verdict: verdict)
            effects.append(.correctAfterEcho)
        } else {
            effects.append(.tell(verdict))
        }
        let next = ask(advance())
        if holdsNext {
            // Drawn now (the verdict's progress is about it), asked when the user or the clock says.
            waiting = true
            effects.append(.holdQuestion(question: question))
        } else {
            effects.append(next)
        }
        return effects
    }

    /// The question held after a verdict is asked now (the user's Enter, or the pace's clock
    /// for question `number`); nothing when it is no longer the one waiting.
    public mutating func release(question number: Int) -> [PracticeEffect] {
        guard isActive, waiting, number == question, let current else { return [] }
        // An Enter typed before the correction came: the correction first, then the question.
        var effects = releaseCorrection()
        waiting = false
        effects.append(.playSymbol(current, question: question))
        return effects
    }

    /// The Enter's echo is over: the pending correction's tones, its verdict said when heard.
    public mutating func releaseCorrection() -> [PracticeEffect] {
        guard isActive, let pending = pendingCorrection else { return [] }
        pendingCorrection = nil
        verdictWhenHeard = pending.verdict
        return [.playCorrectionThenSay(pending.symbols)]
    }

    /// The correction's tones have been heard: its verdict now.
    public mutating func correctionHeard() -> [PracticeEffect] {
        guard let verdict = verdictWhenHeard else { return [] }
        verdictWhenHeard = nil
        return [.tell(verdict)]
    }

    /// Progress toward the next symbol is said after every answer once it is this close, and
    /// every few answers before.
    static var progressSaidBelow: Int { 5 }
    static var progressSaidEvery: Int { 5 }

    public mutating func stop() -> [PracticeEffect] {
        guard isActive else { return [] }
        isActive = false
        current = nil
        // A verdict still waiting for its correction is said before the summary.
        let unsaid = (pendingCorrection?.verdict ?? verdictWhenHeard).map { [PracticeEffect.tell($0)] } ?? []
        pendingCorrection = nil
        verdictWhenHeard = nil
        return unsaid + [.tell(.summary(summary)), .ended(summary)]
    }

    /// `où` during practice: the question, the score, and the Koch lesson with its progress.
    public var position: PracticePosition {
        PracticePosition(question: question, summary: summary, kochLevel: kochLevel, progress: kochLevel == nil ? nil : kochProgress())
    }

    /// "quitter" is not among them: it quits the reader (the root reducer sees it first).
    static var stopWords: Set<String> { ["stop", "arret", "arreter", "fin", "finir", "terminer"] }
    static var replayWords: Set<String> { ["repeat", "repeter", "rejouer", "encore", "again", "ecouter", "replay"] }

    /// What still stands between the learner and the next symbol: right answers, and the
    /// answer time when one is asked for (accuracy alone may already be there); nil when there
    /// is no symbol left to unlock.
    func kochProgress() -> KochProgress? {
        guard let left = rightAnswersToUnlock(), let next = nextKochSymbol else { return nil }
        let median = windowMedianMs, limit = options.kochMedianMs
        let slow = median.flatMap { median in limit.map { median > $0 } } == true
        return KochProgress(left: left, next: next, slowMs: slow ? median : nil, limitMs: slow ? limit : nil)
    }

    /// What a wrong answer sounds (issue 37, item 10): the right character, then the one typed
    /// when Morse has it, before their names are said. The reflex drill sounds the same.
    public static func correction(_ right: MorseSymbol, typed: MorseSymbol?) -> [MorseSymbol] {
        [right] + (typed.map { [$0] } ?? [])
    }

    private mutating func ask(_ symbol: MorseSymbol) -> PracticeEffect {
        question += 1
        replays = 0
        toneEndMs = nil
        askedAtMs = nil
        return .playSymbol(symbol, question: question)
    }

    private mutating func count(_ symbol: MorseSymbol, correct: Bool, latencyMs: Int?) {
        let old = progress[symbol.id] ?? SymbolProgress(attempts: 0, correct: 0)
        progress[symbol.id] = SymbolProgress(attempts: old.attempts + 1, correct: old.correct + (correct ? 1 : 0))
        summary = PracticeSummary(attempts: summary.attempts + 1, correct: summary.correct + (correct ? 1 : 0))
        if kochLevel != nil {
            recentAnswers.append(RecentAnswer(correct: correct, latencyMs: latencyMs))
            if recentAnswers.count > options.kochWindow { recentAnswers.removeFirst(recentAnswers.count - options.kochWindow) }
        }
    }

    private var nextKochSymbol: MorseSymbol? {
        guard let level = kochLevel, level < kochSymbols.count else { return nil }
        return kochSymbols[level]
    }

    /// The median answer time over the window, of the answers whose time is known.
    private var windowMedianMs: Int? { AnswerTime.median(recentAnswers.compactMap(\.latencyMs)) }

    private func accuracyReached(_ window: [RecentAnswer]) -> Bool {
        guard window.count >= options.kochWindow else { return false }
        let last = window.suffix(options.kochWindow)
        return Double(last.filter(\.correct).count) / Double(last.count) >= options.kochThreshold
    }

    /// Koch: right answers still needed, in a row, before the window's accuracy unlocks the next
    /// symbol (nil when there is none to unlock).
    public func rightAnswersToUnlock() -> Int? {
        guard nextKochSymbol != nil else { return nil }
        var window = recentAnswers
        for needed in 0...options.kochWindow {
            if accuracyReached(window) { return needed }
            window.append(RecentAnswer(correct: true))
        }
        return options.kochWindow
    }

    /// Koch: with a full window at or above the threshold (and a median answer time within the
    /// limit when one is set), the next symbol of the order joins the pool.
    private mutating func unlockIfReady() -> MorseSymbol? {
        guard let level = kochLevel, let next = nextKochSymbol, accuracyReached(recentAnswers) else { return nil }
        if let limit = options.kochMedianMs, limit > 0, let median = windowMedianMs, median > limit { return nil }
        kochLevel = level + 1
        recentAnswers = []
        return next
    }

    private mutating func advance() -> MorseSymbol {
        let next: MorseSymbol
        if case .koch = mode {
            next = kochDraw.next(pool: pool, weights: kochWeights(), forced: forcedNext, using: &random)
        } else {
            next = forcedNext ?? draw()
        }
        forcedNext = nil
        current = next
        return next
    }

    /// Koch: each symbol's share of the questions to come, from the bounded weights: a weak
    /// symbol (smoothed error rate toward 50 %) up to 1.5 times a mastered one, the newest
    /// `newSymbolBoost` times more. Unbounded, the draw followed the error rate: K:M reached
    /// 113:37 in a session of 150, and « repeat the last answer » scored 62 %.
    public func kochWeights() -> [Double] {
        let candidates = pool
        let newest: MorseSymbol? = candidates.count > 2 ? candidates.last : nil
        return candidates.map { symbol in
            let known = progress[symbol.id]
            let attempts = Double(known?.attempts ?? 0), correct = Double(known?.correct ?? 0)
            let errorRate = (attempts - correct + 1) / (attempts + 2)
            return (1 + min(errorRate, 0.5)) * (symbol == newest ? options.newSymbolBoost : 1)
        }
    }

    private mutating func draw() -> MorseSymbol {
        let candidates = pool
        if case .symbol = mode, let target,
           Double.random(in: 0..<1, using: &random) < options.focusShare || candidates.count == 1 {
            return target
        }
        var others = candidates
        if case .symbol(let id) = mode { others.removeAll { $0.id == id } }
        let newest: MorseSymbol? = if case .koch = mode, candidates.count > 2 { candidates.last } else { nil }
        // Each draw ignores the question before it: any weight on the symbol just asked lets a
        // learner who never listens answer "the other one" (with K and M a ×0.25 made that right
        // 80 % of the time). The newest Koch symbol comes more often: the ear does not know it yet.
        let weights = others.map { symbol in
            Self.weight(progress[symbol.id]) * (symbol == newest ? options.newSymbolBoost : 1)
        }
        let total = weights.reduce(0, +)
        var pick = Double.random(in: 0..<total, using: &random)
        for (symbol, weight) in zip(others, weights) {
            if pick < weight { return symbol }
            pick -= weight
        }
        return others[others.count - 1]
    }
}

extension PracticeSession: Sendable where Random: Sendable {}

extension PracticeSession: Equatable where Random: Equatable {}
