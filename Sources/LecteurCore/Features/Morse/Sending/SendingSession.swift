// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which sending exercise runs.
public enum SendingMode: String, Hashable, Sendable {
    /// « Envoyez K »: a character of the learnt set is named (said and brailled), the learner sends it.
    case koch
    /// A character or a short group of the learnt set is sounded, never named; the learner sends it back.
    case echo
    /// Whatever is keyed is decoded and shown, word by word.
    case free

    /// As the transcript's `practice` event and storage name it.
    public var name: String {
        switch self {
        case .koch: "send"
        case .echo: "echo"
        case .free: "free"
        }
    }
}

/// One sending, judged (the transcript's `practice` event for sending).
public struct SendingResult: Hashable, Sendable {
    public let mode: String
    public let question: Int
    /// What was asked; nil in free sending.
    public let expected: String?
    /// The text as decoded (`?` for a pattern that is no character).
    public let answer: String
    public let correct: Bool?
    /// The keyed patterns, characters apart by a space, words by ` / `.
    public let keyed: String
    public let level: KeyingLevel
    /// Measured from the hand (a straight key or tapping); nil for a typed pattern.
    public let wpm: Double?
    public let ratio: Double?
    public let marksMs: [Int]
    /// The silences between the marks.
    public let gapsMs: [Int]
}

/// What the runtime must do for sending practice, in order. The session words nothing:
/// `SendingMessages` (Messages/) says what it tells.
public enum SendingEffect: Hashable, Sendable {
    case tell(SendingNews)
    /// Echo: sound `text` for question `question` (only its number may be shown or said).
    case sound(String, question: Int)
    case answered(SendingResult)
    case record(PracticeAttempt)
    case ended
}

/// What sending practice tells the learner, as data.
public enum SendingNews: Hashable, Sendable {
    /// The introduction and how to key at this level; `note`: why a better level is missing
    /// (worded by the reducer, which chose the level).
    case introduce(mode: SendingMode, learnt: [MorseSymbol], how: SendingHow, note: String?)
    /// Koch: the character(s) to send.
    case ask([MorseSymbol])
    /// A flood of presses cut the sending after this many marks.
    case tooLong(marks: Int)
    /// A typed line that is not a pattern.
    case notAPattern
    case judged(SendingJudgement)
    /// The end: the score (nil in free sending or when nothing was judged).
    case summary(PracticeSummary?)
}

/// How to answer at a level (also `aide` during sending), as data.
public struct SendingHow: Hashable, Sendable {
    public let level: KeyingLevel
    /// The paddles' mode (level `.paddles`).
    public let keyer: KeyerMode?
    public let wpm: Int
}

/// A sending read and judged, as data: what was read (free sending) or how it compares with
/// what was asked, then the coach's measures.
public struct SendingJudgement: Hashable, Sendable {
    public enum Reading: Hashable, Sendable {
        /// Free sending: each character keyed (its pattern, and its symbol when it is one), and
        /// the pairs of characters an unknown pattern likely ran together.
        case read([KeyedSign], runTogether: [[MorseSymbol]])
        /// The characters asked, all sent right.
        case right([MorseSymbol])
        /// What went wrong, character by character.
        case wrong([SendingFinding])
    }

    public let reading: Reading
    public let coaching: SendingCoaching?
}

/// One character as keyed: its pattern, and the symbol it is when it is one.
public struct KeyedSign: Hashable, Sendable {
    public let pattern: String
    public let symbol: MorseSymbol?
}

/// What the coach says of the timing, as data: a straight key's speed and dah/dit ratio (the
/// recent characters' when they show a fault), then the spacing in units.
public struct SendingCoaching: Hashable, Sendable {
    public let wpm: Int?
    /// The recent characters' ratio when most of them are off the same way.
    public let ratioFault: Double?
    /// This sending's ratio, said when there is no fault.
    public let ratio: Double?
    public let elementUnits: Double?
    public let characterUnits: Double?
    public let wordUnits: Double?
}

/// Sending practice as a pure state machine: the question, the learner's keying (typed patterns,
/// or marks with their times), the decoding and the coaching verdict. Time comes in with the key
/// events; the end of a character (a silence) comes in as `silence()`, from the reader's timer.
public struct SendingSession<Random: RandomNumberGenerator> {
    public let mode: SendingMode
    public let learnt: [MorseSymbol]
    /// The learner's sending speed: the length of a tapped element and of the silence that ends
    /// a character.
    public let wpm: Int
    public private(set) var isActive = false
    public private(set) var question = 0
    public private(set) var expected: [MorseSymbol] = []
    public private(set) var summary = PracticeSummary(attempts: 0, correct: 0)
    /// The marks of the sending in progress.
    public private(set) var marks: [KeyedMark] = []
    /// The straight key is down since this time.
    public private(set) var downAtMs: Double?
    public private(set) var level: KeyingLevel = .pattern
    public private(set) var decoder: AdaptiveDecoder
    /// The latest characters keyed with timing, newest last: the coach speaks of a fault only
    /// when most of them show it (one jittered dah is not a habit).
    public private(set) var recentCharacters: [KeyedCharacter] = []
    /// Characters keyed with timing in the sendings judged before this one (the warm-up's count).
    public private(set) var timedCharacters = 0
    /// The iambic keyer the paddles drive (level `.paddles` only).
    public private(set) var keyer: IambicKeyer?

    private var random: Random

    /// Plain data: the alphabet keyed characters are read with is handed to each call that
    /// reads them by the reducer, and what the session tells is worded by `SendingMessages`.
    public init(mode: SendingMode, learnt: [MorseSymbol], wpm: Int, random: Random) {
        self.mode = mode
        self.learnt = learnt
        self.wpm = wpm
        self.random = random
        decoder = AdaptiveDecoder(wpm: Double(wpm))
    }

    public var unitMs: Double { 1200 / Double(wpm) }

    /// The sender's unit for the silence that ends a sending: tapping's elements are the
    /// setting's; a straight key's is the decoder's once it has learnt the hand, and before that
    /// at least the shortest mark so far (a beginner at 8 WPM under a 20 WPM setting would
    /// otherwise have the sending cut inside its first character).
    public var endingUnitMs: Double {
        // A keyer's elements, like tapping's, are whole units of the setting.
        if level == .tapping || level == .paddles { return unitMs }
        if decoder.isSeeded { return max(decoder.unitMs, slowedUnitMs ?? 0) }
        return max(unitMs, marks.map(\.durationMs).min() ?? unitMs)
    }

    /// The unit of a hand that slowed down, from the sending in progress: its shortest silence
    /// between marks (at most three running units). Through the binary a hand going from 25 to
    /// 10 WPM had its first slow group cut after its first character: 10 WPM's character space
    /// (360 ms) is longer than seven of the decoder's 25 WPM units (336 ms), and a lone
    /// character keyed slower is often ambiguous (`..` at 10 WPM is `- -` at 30). A hand at the
    /// learnt speed has an element space of about one unit, which changes nothing.
    var slowedUnitMs: Double? {
        let gaps = zip(marks.dropFirst(), marks).map { $0.startMs - $1.endMs }
        return gaps.min().map { min($0, 3 * decoder.unitMs) }
    }

    /// The silence, in ms after the last mark, that ends a sending: a character space when one
    /// character is asked, a word space when more are (or in free sending).
    public var endingSilenceMs: Double { (mode == .koch ? 3 : 7) * endingUnitMs }

    /// Marks in one sending past which it is cut and answered at once: longer than any word
    /// (a free sending ends at each word space), short enough that a flood of key presses gets
    /// a sentence, not a read-back of thousands of characters.
    public static var maximumMarks: Int { 120 }
    /// Characters keyed before the coach speaks of a fault: the decoder and the hand settle first.
    public static var warmUpCharacters: Int { 5 }
    /// The characters the coach looks back over.
    public static var coachingWindow: Int { 8 }

    /// `note` says why a keying level is not available here (said after the introduction);
    /// `keyer` is the paddles' mode at level `.paddles`.
    public mutating func start(level: KeyingLevel, note: String?, keyer keyerMode: KeyerMode = .iambicB) -> [SendingEffect] {
        guard !isActive else { return [] }
        isActive = true
        self.level = level
        if level == .paddles { keyer = IambicKeyer(mode: keyerMode.isIambic ? keyerMode : .iambicB, unitMs: unitMs) }
        var effects: [SendingEffect] = [.tell(.introduce(mode: mode, learnt: learnt, how: how, note: note))]
        effects += ask()
        return effects
    }

    /// How to answer at this session's level (also `aide` during sending).
    public var how: SendingHow { SendingHow(level: level, keyer: keyer?.mode, wpm: wpm) }

    public mutating func stop() -> [SendingEffect] {
        guard isActive else { return [] }
        isActive = false
        return [.tell(.summary(summary.attempts == 0 || mode == .free ? nil : summary)), .ended]
    }

    /// A typed line: a pattern answer (`-.-`), or an empty line to hear or read the question again.
    public mutating func line(_ line: String, alphabet: MorseAlphabet = .standard) -> [SendingEffect] {
        guard isActive else { return [] }
        let answer = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if answer.isEmpty { return repeatQuestion() }
        guard let patterns = PatternAnswer.parse(answer) else { return [.tell(.notAPattern)] }
        marks = []
        downAtMs = nil
        return judge(patterns: patterns, keyed: patterns.joined(separator: " "), decodedText: nil, level: .pattern,
                     measures: nil, marks: [], alphabet: alphabet)
    }

    /// A key event. Returns the effects (the sidetone is the reducer's): none while keying, the
    /// reader schedules the ending silence from `silenceDeadlineMs`; a short answer when the
    /// sending passes `maximumMarks` (a flood of presses), which ends it.
    @discardableResult
    public mutating func key(_ event: KeyingEvent) -> [SendingEffect] {
        guard isActive else { return [] }
        switch event {
        case .element(let element, let atMs):
            // Each press is a whole element; a press while the last one still sounds starts when
            // it ends (no gap at all: the spacing measured tells the learner so).
            let earliest = marks.last?.endMs ?? atMs
            let start = max(atMs, earliest)
            marks.append(KeyedMark(startMs: start, endMs: start + Double(element.units) * unitMs))
            level = .tapping
        case .down(let atMs):
            if downAtMs == nil { downAtMs = atMs }
            level = .straightKey
        case .up(let atMs):
            guard let down = downAtMs else { return [] }
            downAtMs = nil
            marks.append(KeyedMark(startMs: down, endMs: atMs))
            level = .straightKey
        }
        guard marks.count > Self.maximumMarks else { return [] }
        marks = []
        downAtMs = nil
        var effects: [SendingEffect] = [.tell(.tooLong(marks: Self.maximumMarks))]
        effects += repeatQuestion()
        return effects
    }

    /// What the paddles did: the elements the keyer started (each a mark of the sending, with
    /// its sidetone for the reducer to sound) and, after a flood, the sending's short answer.
    public struct PaddleStep: Hashable, Sendable {
        public var elements: [KeyerElement] = []
        public var effects: [SendingEffect] = []
    }

    /// A paddle pressed or let go at `atMs` (level `.paddles`). A decision the keyer's clock
    /// still owes before `atMs` (its timer rang late) is taken first, at its own time.
    public mutating func paddle(_ paddle: Paddle, pressed: Bool, atMs: Double) -> PaddleStep {
        guard isActive, keyer != nil else { return PaddleStep() }
        var step = PaddleStep()
        while let due = keyer?.current?.nextDecisionMs, due <= atMs, step.effects.isEmpty {
            let clocked = clock()
            step.elements += clocked.elements
            step.effects += clocked.effects
            if clocked.elements.isEmpty { break }
        }
        guard step.effects.isEmpty else { return step }
        if pressed {
            if let element = keyer?.press(paddle, atMs: atMs) { step.effects += keyed(element, into: &step) }
        } else {
            keyer?.release(paddle)
        }
        return step
    }

    /// The keyer's clock, at the end of the current element's space: the next element, if any.
    public mutating func clock() -> PaddleStep {
        var step = PaddleStep()
        guard isActive, let element = keyer?.clock() else { return step }
        step.effects += keyed(element, into: &step)
        return step
    }

    /// The decision time the keyer's clock must ring at (nil: idle).
    public var keyerClockMs: Double? { keyer?.current?.nextDecisionMs }

    /// A keyed element becomes a mark of the sending; past `maximumMarks` (paddles held down
    /// for minutes) the sending is cut as a flood of presses is, and the keyer stops.
    private mutating func keyed(_ element: KeyerElement, into step: inout PaddleStep) -> [SendingEffect] {
        marks.append(KeyedMark(startMs: element.startMs, endMs: element.endMs))
        step.elements.append(element)
        guard marks.count > Self.maximumMarks else { return [] }
        marks = []
        if let mode = keyer?.mode { keyer = IambicKeyer(mode: mode, unitMs: unitMs) }
        var effects: [SendingEffect] = [.tell(.tooLong(marks: Self.maximumMarks))]
        effects += repeatQuestion()
        return effects
    }

    /// The sending in progress as braille cells (⠂ a dit, ⠒ a dah, a blank cell between
    /// characters), read with the decoder's present thresholds without teaching it anything: a
    /// learner who cannot hear the sidetone feels what was keyed.
    public func keyedCells(alphabet: MorseAlphabet = .standard) -> String {
        let text = decoder.preview(marks, alphabet: alphabet)
        return text.characters.map { MorseBraille.cells($0.pattern) }.joined(separator: String(MorseBraille.blank))
    }

    /// When the sending in progress ends if nothing more is keyed (nil: the key is down, the
    /// keyer is keying, or nothing keyed).
    public var silenceDeadlineMs: Double? {
        guard downAtMs == nil, keyer?.isBusy != true, let last = marks.last else { return nil }
        return last.endMs + endingSilenceMs
    }

    /// The silence after the last mark has lasted `endingSilenceMs`: the sending is decoded and judged.
    public mutating func silence(alphabet: MorseAlphabet = .standard) -> [SendingEffect] {
        guard isActive, downAtMs == nil, !marks.isEmpty else { return [] }
        let keyedMarks = marks
        marks = []
        let text = decoder.decode(keyedMarks, alphabet: alphabet)
        if level != .pattern {
            recentCharacters = Array((recentCharacters + text.characters).suffix(Self.coachingWindow))
        }
        let measures = SendingMeasures(text, unitMs: level == .tapping || level == .paddles ? unitMs : nil)
        let gaps = zip(keyedMarks.dropFirst(), keyedMarks).map { Int(($0.startMs - $1.endMs).rounded()) }
        let effects = judge(patterns: text.characters.map(\.pattern), keyed: text.keyed, decodedText: text, level: level,
                            measures: measures, marks: keyedMarks, gaps: gaps, alphabet: alphabet)
        if level != .pattern { timedCharacters += text.characters.count }
        return effects
    }

    private mutating func judge(patterns: [String], keyed: String, decodedText: KeyedText?, level: KeyingLevel,
                                measures: SendingMeasures?, marks: [KeyedMark], gaps: [Int] = [],
                                alphabet: MorseAlphabet) -> [SendingEffect] {
        let answer = decodedText?.text ?? patterns.map { alphabet.symbol(pattern: $0).map { String($0.character) } ?? "?" }.joined()
        var effects: [SendingEffect] = []
        let reading: SendingJudgement.Reading
        var correct: Bool?
        let wpmMeasured = level == .straightKey ? measures?.wpm : (level == .tapping || level == .paddles ? Double(wpm) : nil)
        let ratio = level == .straightKey ? measures?.ratio : nil
        if mode == .free {
            let signs = decodedText?.characters.map { KeyedSign(pattern: $0.pattern, symbol: $0.symbol) }
                ?? patterns.map { KeyedSign(pattern: $0, symbol: alphabet.symbol(pattern: $0)) }
            var pairs: [[MorseSymbol]] = []
            if let characters = decodedText?.characters, level == .tapping || level == .paddles || (isWarm && spacingIsShort) {
                pairs = characters.compactMap { SendingFinding.likelyRunTogether($0, alphabet: alphabet) }
            }
            reading = .read(signs, runTogether: pairs)
        } else {
            let findings = SendingFinding.align(expected: expected, keyed: patterns, alphabet: alphabet)
            let right = findings.allSatisfy(\.isRight)
            correct = right
            summary = PracticeSummary(attempts: summary.attempts + 1, correct: summary.correct + (right ? 1 : 0))
            reading = right ? .right(expected) : .wrong(findings)
            for attempt in attempts(findings) { effects.append(.record(attempt)) }
        }
        effects.insert(.answered(SendingResult(mode: mode.name, question: question,
                                               expected: mode == .free ? nil : expected.map { String($0.character) }.joined(),
                                               answer: answer, correct: correct, keyed: keyed, level: level,
                                               wpm: wpmMeasured.map { ($0 * 10).rounded() / 10 },
                                               ratio: ratio.map { ($0 * 100).rounded() / 100 },
                                               marksMs: marks.map { Int($0.durationMs.rounded()) }, gapsMs: gaps)), at: 0)
        effects.append(.tell(.judged(SendingJudgement(reading: reading, coaching: measures.map { coaching($0, level: level) }))))
        if mode != .free { effects += ask() }
        return effects
    }

    /// Past the warm-up: enough characters keyed for a fault to be the hand's, not the start's.
    /// Past the warm-up: enough characters keyed in earlier sendings for a fault to be the
    /// hand's, not the start's (tapping's elements are whole at the setting's unit: no warm-up).
    private var isWarm: Bool {
        level == .tapping || level == .paddles || (decoder.isSeeded && timedCharacters >= Self.warmUpCharacters)
    }

    /// Most of the recent character gaps are short (under 2.5 units): only then is an unknown
    /// pattern named as two characters run together (one jittered gap is not a habit).
    private var spacingIsShort: Bool {
        let gaps = recentCharacters.filter { $0.boundary == .character }.compactMap(\.gapBeforeMs)
        let short = gaps.filter { $0 < SendingMeasures.shortCharacterSpacing * decoder.unitMs }.count
        return !gaps.isEmpty && 2 * short > gaps.count
    }

    /// What the coach says of the timing: the speed and the dah/dit ratio from a straight key
    /// (tapping's elements are whole, so only its spacing is the learner's), then the spacing.
    /// Short or long dahs are told only past the warm-up, when the recent characters' dahs over
    /// their dits are off and most of those characters are off the same way.
    private func coaching(_ measures: SendingMeasures, level: KeyingLevel) -> SendingCoaching {
        let straight = level == .straightKey && measures.wpm != nil
        let fault = straight ? ratioFault : nil
        return SendingCoaching(wpm: straight ? measures.wpm.map { Int($0.rounded()) } : nil, ratioFault: fault,
                               ratio: straight && fault == nil ? measures.ratio : nil,
                               elementUnits: measures.units(measures.elementGapMs),
                               characterUnits: measures.units(measures.characterGapMs),
                               wordUnits: measures.units(measures.wordGapMs))
    }

    /// The recent characters' ratio (all their dahs over all their dits) when it is off by more
    /// than the tolerance and most of those characters are off the same way; nil otherwise.
    private var ratioFault: Double? {
        guard isWarm else { return nil }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        let lengths = recentCharacters.map { character in
            (dits: character.elements.filter { $0.element == .dot }.map(\.mark.durationMs),
             dahs: character.elements.filter { $0.element == .dash }.map(\.mark.durationMs))
        }
        guard let dit = mean(lengths.flatMap(\.dits)), let dah = mean(lengths.flatMap(\.dahs)), dit > 0 else { return nil }
        let ratio = dah / dit
        guard abs(ratio - 3) > SendingMeasures.ratioTolerance else { return nil }
        let short = ratio < 3
        let off = lengths.filter { character in
            guard let dah = mean(character.dahs) else { return false }
            let own = dah / (mean(character.dits) ?? dit)
            return short ? own < 3 - SendingMeasures.ratioTolerance : own > 3 + SendingMeasures.ratioTolerance
        }
        let judged = lengths.filter { !$0.dahs.isEmpty }.count
        return 2 * off.count > judged ? ratio : nil
    }

    /// One stored answer per character asked: sending statistics are per symbol too.
    private func attempts(_ findings: [SendingFinding]) -> [PracticeAttempt] {
        var attempts: [PracticeAttempt] = []
        func add(_ symbol: MorseSymbol, _ correct: Bool, _ answer: String, _ typed: MorseSymbol?) {
            attempts.append(PracticeAttempt(symbolID: symbol.id, correct: correct, answer: answer, mode: mode.name,
                                            typedID: typed?.id, wpm: wpm))
        }
        for finding in findings {
            switch finding {
            case .right(let symbol): add(symbol, true, symbol.pattern, symbol)
            case .wrong(let symbol, let sent, let typed): add(symbol, false, sent, typed)
            case .runTogether(let symbols, let pattern): for symbol in symbols { add(symbol, false, pattern, nil) }
            case .split(let symbol, let pieces): add(symbol, false, pieces.joined(separator: " "), nil)
            case .missing(let symbol): add(symbol, false, "", nil)
            case .extra: continue
            }
        }
        return attempts
    }

    private mutating func repeatQuestion() -> [SendingEffect] {
        switch mode {
        case .koch: return [.tell(.ask(expected))]
        case .echo: return [.sound(expected.map { String($0.character) }.joined(), question: question)]
        case .free: return []
        }
    }

    private mutating func ask() -> [SendingEffect] {
        guard mode != .free, !learnt.isEmpty else { return [] }
        question += 1
        switch mode {
        case .koch:
            expected = [learnt.randomElement(using: &random)!]
            return [.tell(.ask(expected))]
        case .echo:
            // Half the time one character, otherwise a short group: the learnt set only.
            let length = Bool.random(using: &random) ? 1 : Int.random(in: 2...3, using: &random)
            expected = (0..<length).map { _ in learnt.randomElement(using: &random)! }
            return [.sound(expected.map { String($0.character) }.joined(), question: question)]
        case .free:
            return []
        }
    }
}

extension SendingSession: Sendable where Random: Sendable {}

extension SendingSession: Equatable where Random: Equatable {}

extension SendingMode {
    /// The word after `envoi`: nothing for Koch, `écho`, `libre`.
    public init?(word: String?) {
        switch word.map(CommandParser.fold) {
        case nil, "", "koch": self = .koch
        case "echo": self = .echo
        case "libre", "free": self = .free
        default: return nil
        }
    }
}
