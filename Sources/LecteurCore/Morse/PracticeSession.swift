// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One answer, as storage records it (the runtime adds the time).
public struct PracticeAttempt: Hashable, Sendable {
    public let symbolID: String
    public let correct: Bool
    /// What the user typed, trimmed.
    public let answer: String

    public init(symbolID: String, correct: Bool, answer: String) {
        self.symbolID = symbolID
        self.correct = correct
        self.answer = answer
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

    /// Settings-table key where the runtime keeps the Koch level between sessions.
    public static let kochLevelStorageKey = "morse.koch.level"
    public static let kochStartLevel = 2
}

/// What the runtime must do, in order. Audio effects are sequential: say the verdict, then play
/// the next symbol once speech has finished.
public enum PracticeEffect: Hashable, Sendable {
    case say(String)
    case playSymbol(MorseSymbol)
    /// Store at once (one committed transaction), then refresh the Morse list's progress.
    case recordAttempt(PracticeAttempt)
    /// Persist it so the next Koch session resumes at this level.
    case kochLevelChanged(Int)
    /// The session is over: leave practice mode.
    case ended(PracticeSummary)
}

public struct PracticeOptions: Hashable, Sendable {
    /// Koch: how many recent answers the unlock decision looks at.
    public var kochWindow: Int
    /// Koch: accuracy over that window needed to unlock the next symbol.
    public var kochThreshold: Double
    /// Symbol mode: share of questions on the card's own symbol.
    public var focusShare: Double

    public init(kochWindow: Int = 20, kochThreshold: Double = 0.9, focusShare: Double = 0.5) {
        self.kochWindow = kochWindow
        self.kochThreshold = kochThreshold
        self.focusShare = focusShare
    }
}

/// The practice loop as a pure state machine: the user's lines go in, effects come out. All
/// randomness comes from the injected generator, so a session is reproducible from its seed.
public struct PracticeSession<Random: RandomNumberGenerator> {
    public let mode: PracticeMode
    public let options: PracticeOptions
    public private(set) var isActive = false
    /// The symbol the user is asked to recognise.
    public private(set) var current: MorseSymbol?
    /// Stored statistics plus this session's answers: weights follow the user as they improve.
    public private(set) var progress: [String: SymbolProgress]
    public private(set) var kochLevel: Int?
    public private(set) var summary = PracticeSummary(attempts: 0, correct: 0)
    /// Koch: answers since the last unlock, newest last.
    public private(set) var recentAnswers: [Bool] = []

    private var random: Random
    private let strings: Strings
    private let alphabet: MorseAlphabet
    private var forcedNext: MorseSymbol?

    public init(mode: PracticeMode, progress: [String: SymbolProgress], strings: Strings, random: Random,
                alphabet: MorseAlphabet = .standard, options: PracticeOptions = PracticeOptions()) {
        self.mode = mode
        self.progress = progress
        self.strings = strings
        self.random = random
        self.alphabet = alphabet
        self.options = options
        if case .koch(let level) = mode {
            kochLevel = min(max(2, level), alphabet.kochSymbols.count)
        }
    }

    /// The symbols questions are drawn from right now.
    public var pool: [MorseSymbol] {
        switch mode {
        case .weakSymbols(let ids):
            guard let ids else { return alphabet.symbols }
            let symbols = ids.compactMap { alphabet.symbol(id: $0) }
            return symbols.isEmpty ? alphabet.symbols : symbols
        case .symbol(let id):
            guard let target = alphabet.symbol(id: id) else { return alphabet.symbols }
            return [target] + Self.confusables(of: target, in: alphabet)
        case .koch:
            return Array(alphabet.kochSymbols.prefix(kochLevel ?? 2))
        }
    }

    /// Symbols one element longer or shorter, or as long: those the ear mixes up.
    static func confusables(of target: MorseSymbol, in alphabet: MorseAlphabet) -> [MorseSymbol] {
        alphabet.symbols.filter { $0 != target && abs($0.pattern.count - target.pattern.count) <= 1 }
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
        var effects: [PracticeEffect] = [.say(introduction())]
        effects.append(.playSymbol(advance()))
        return effects
    }

    /// One line typed by the user while practice runs.
    public mutating func handle(_ line: String) -> [PracticeEffect] {
        guard isActive, let current else { return [] }
        let answer = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if answer.isEmpty { return [.playSymbol(current)] }
        let folded = MorseSettingKey.fold(answer)
        if Self.stopWords.contains(folded) { return stop() }
        if Self.replayWords.contains(folded) { return [.playSymbol(current)] }
        guard answer.count == 1, let typed = answer.first else { return [.say(strings(.morsePracticeOneCharacter))] }

        let correct = alphabet.symbol(for: typed)?.id == current.id
        var effects: [PracticeEffect] = [.recordAttempt(PracticeAttempt(symbolID: current.id, correct: correct, answer: answer))]
        count(current, correct: correct)
        let spoken = SpokenFormat(strings: strings)
        if correct {
            effects.append(.say(strings(.morsePracticeRight, ["character": current.spokenName(strings)])))
        } else {
            let typedName = alphabet.symbol(for: typed)?.spokenName(strings) ?? answer
            effects.append(.say(strings(.morsePracticeWrong, ["character": current.spokenName(strings),
                                                              "pattern": spoken.morsePattern(current.pattern),
                                                              "answer": typedName])))
        }
        if let unlocked = unlockIfReady() {
            effects.append(.kochLevelChanged(kochLevel!))
            effects.append(.say(strings(.morsePracticeUnlocked, ["character": unlocked.spokenName(strings),
                                                                 "pattern": spoken.morsePattern(unlocked.pattern)])))
            forcedNext = unlocked
        }
        effects.append(.playSymbol(advance()))
        return effects
    }

    public mutating func stop() -> [PracticeEffect] {
        guard isActive else { return [] }
        isActive = false
        current = nil
        let said = summary.attempts == 0
            ? strings(.morsePracticeSummaryNone)
            : strings(.morsePracticeSummary, ["correct": "\(summary.correct)", "attempts": "\(summary.attempts)"])
        return [.say(said), .ended(summary)]
    }

    /// "quitter" is not among them: it quits the reader (the root reducer sees it first).
    static var stopWords: Set<String> { ["stop", "arret", "arreter", "fin", "finir", "terminer"] }
    static var replayWords: Set<String> { ["repeat", "repeter", "rejouer", "encore", "again", "ecouter", "replay"] }

    private func introduction() -> String {
        switch mode {
        case .weakSymbols:
            return strings(.morsePracticeIntro)
        case .symbol(let id):
            let name = alphabet.symbol(id: id)?.spokenName(strings) ?? id
            return strings(.morsePracticeIntroFocus, ["character": name, "count": String(max(pool.count - 1, 0))])
        case .koch:
            let names = pool.map { $0.spokenName(strings) }
            return strings(.morsePracticeIntroKoch, ["count": "\(names.count)", "symbols": names.joined(separator: ", ")])
        }
    }

    private mutating func count(_ symbol: MorseSymbol, correct: Bool) {
        let old = progress[symbol.id] ?? SymbolProgress(attempts: 0, correct: 0)
        progress[symbol.id] = SymbolProgress(attempts: old.attempts + 1, correct: old.correct + (correct ? 1 : 0))
        summary = PracticeSummary(attempts: summary.attempts + 1, correct: summary.correct + (correct ? 1 : 0))
        if kochLevel != nil { recentAnswers.append(correct) }
    }

    /// Koch: after at least a full window since the last unlock, with the window's accuracy at
    /// or above the threshold, the next symbol of the order joins the pool.
    private mutating func unlockIfReady() -> MorseSymbol? {
        guard let level = kochLevel, level < alphabet.kochSymbols.count,
              recentAnswers.count >= options.kochWindow else { return nil }
        let window = recentAnswers.suffix(options.kochWindow)
        let accuracy = Double(window.filter { $0 }.count) / Double(window.count)
        guard accuracy >= options.kochThreshold else { return nil }
        kochLevel = level + 1
        recentAnswers = []
        return alphabet.kochSymbols[level]
    }

    private mutating func advance() -> MorseSymbol {
        let next = forcedNext ?? draw()
        forcedNext = nil
        current = next
        return next
    }

    private mutating func draw() -> MorseSymbol {
        let candidates = pool
        if case .symbol(let id) = mode, let target = alphabet.symbol(id: id),
           Double.random(in: 0..<1, using: &random) < options.focusShare || candidates.count == 1 {
            return target
        }
        var others = candidates
        if case .symbol(let id) = mode { others.removeAll { $0.id == id } }
        // The symbol just asked comes back less often: hearing the same sound twice in a row
        // teaches little, but forbidding it would make the sequence predictable.
        let weights = others.map { symbol in
            Self.weight(progress[symbol.id]) * (symbol == current && others.count > 1 ? 0.25 : 1)
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

/// Two sessions are the same when they would ask and answer the same from here on (the strings
/// and alphabet are the environment, not the state).
extension PracticeSession: Equatable where Random: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        a.mode == b.mode && a.isActive == b.isActive && a.current == b.current && a.progress == b.progress
            && a.kochLevel == b.kochLevel && a.summary == b.summary && a.recentAnswers == b.recentAnswers
            && a.random == b.random && a.forcedNext == b.forcedNext
    }
}
