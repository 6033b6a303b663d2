import Foundation

/// One screen as the audit reports it: every element with what is said and shown for it, its
/// braille cells, and what each enabled rule found on it. The reports are written from these, a
/// few thousand elements at a time, so a catalogue of any size is never held whole. Kept compact,
/// since the formations list of a large catalogue is one screen of a hundred thousand elements:
/// an outcome is a byte, and only findings keep a message.
public struct CheckedScreen: Sendable {
    /// The screen's position in the walk (0-based).
    public let index: Int
    /// Its entries carry the speech text as spoken; the text before the lexicon, which only the
    /// element rules read, is not kept.
    public let screen: AuditReport.ScreenEntry
    public let ruleCount: Int
    /// `kinds[e * ruleCount + r]`: what rule `r` (in the engine's order) made of entry `e`.
    private let kinds: [UInt8]
    /// The message of each finding, by the same slot.
    private let messages: [Int: String]
    private let braille: any BrailleCellTable

    init(index: Int, screen: AuditReport.ScreenEntry, kinds: [UInt8], messages: [Int: String], ruleCount: Int,
         braille: any BrailleCellTable) {
        self.index = index
        self.screen = screen
        self.kinds = kinds
        self.messages = messages
        self.ruleCount = ruleCount
        self.braille = braille
    }

    public func outcome(entry e: Int, rule r: Int) -> RuleCheck {
        let slot = e * ruleCount + r
        switch kinds[slot] {
        case Outcomes.pass: return .pass
        case Outcomes.violation: return .violation(messages[slot]!)
        case Outcomes.review: return .review(messages[slot]!)
        default: return .inapplicable
        }
    }

    /// The braille cells of entry `e`'s line: worked out when written rather than kept, since
    /// they are a third of what a long screen would hold.
    public func cells(_ e: Int) -> String { braille.cells(for: screen.entries[e].braille.text) }
}

/// Rule outcomes kept as a byte each, with the messages of findings aside.
struct Outcomes {
    static let inapplicable: UInt8 = 0, pass: UInt8 = 1, violation: UInt8 = 2, review: UInt8 = 3
    var kinds: [UInt8] = []
    var messages: [Int: String] = [:]

    mutating func append(_ outcome: RuleCheck) {
        switch outcome {
        case .inapplicable: kinds.append(Self.inapplicable)
        case .pass: kinds.append(Self.pass)
        case .violation(let message): messages[kinds.count] = message; kinds.append(Self.violation)
        case .review(let message): messages[kinds.count] = message; kinds.append(Self.review)
        }
    }

    mutating func set(_ slot: Int, _ outcome: RuleCheck) {
        messages[slot] = nil
        switch outcome {
        case .inapplicable: kinds[slot] = Self.inapplicable
        case .pass: kinds[slot] = Self.pass
        case .violation(let message): messages[slot] = message; kinds[slot] = Self.violation
        case .review(let message): messages[slot] = message; kinds[slot] = Self.review
        }
    }

    mutating func append(_ other: Outcomes) {
        let offset = kinds.count
        kinds += other.kinds
        for (slot, message) in other.messages { messages[slot + offset] = message }
    }
}

/// Builds and checks the elements of the walk's screens. The speech text, braille line, cells
/// and per-element rule outcomes of an element depend on the element alone, and most elements
/// of a large catalogue recur (the back button, the levels, durations, prices and categories of
/// every detail screen): each worker keeps them in an `AuditMemo`, so a recurring element is
/// worked out once. Pure apart from the memo, which only ever returns what would be computed.
public struct AuditChecker: Sendable {
    public let navigator: Navigator
    public let engine: AuditEngine
    public let context: AuditContext
    public let verbosity: Verbosity

    public init(navigator: Navigator, engine: AuditEngine, context: AuditContext, verbosity: Verbosity = .full) {
        self.navigator = navigator
        self.engine = engine
        self.context = context
        self.verbosity = verbosity
    }

    public var ruleCount: Int { engine.rules.count }

    /// Part of a screen, checked: entries `range` with their cells and outcomes.
    public struct Part {
        public let range: Range<Int>
        var entries: [AuditReport.Entry] = []
        var outcomes = Outcomes()

        public init(range: Range<Int>) { self.range = range }
    }

    /// Builds and checks `elements[range]`, taking what `memo` already knows.
    public func check(_ elements: ElementList, range: Range<Int>, memo: AuditMemo) -> Part {
        var part = Part(range: range)
        part.entries.reserveCapacity(range.count)
        part.outcomes.kinds.reserveCapacity(range.count * ruleCount)
        for offset in range {
            let element = elements[offset]
            let key = AuditMemo.Key(element)
            if let (screen, e) = memo.shared?.find(key) {
                // Met on an earlier long screen (a card of the full list, again in a category's).
                let entry = screen.screen.entries[e]
                part.entries.append(AuditReport.Entry(index: offset + 1, element: element, speech: entry.speech,
                                                      braille: entry.braille))
                for r in 0..<ruleCount { part.outcomes.append(screen.outcome(entry: e, rule: r)) }
                memo.sharedHits += 1
                continue
            }
            let known: AuditMemo.Known
            if let hit = memo.known(key) {
                known = hit
            } else {
                let entry = navigator.auditEntry(element, index: offset + 1, verbosity: verbosity)
                let facts = ElementFacts(entry)
                known = AuditMemo.Known(entry: entry, outcomes: engine.elementOutcomes(facts, context))
                memo.remember(key, known)
            }
            // The text before the lexicon has served the element rules: not kept (see CheckedScreen).
            part.entries.append(AuditReport.Entry(index: offset + 1, element: element, speech: known.entry.speech,
                                                  braille: known.entry.braille))
            for outcome in known.outcomes { part.outcomes.append(outcome) }
        }
        return part
    }

    /// Joins the parts of a screen (in order, emptying them as it goes, so a long screen is not
    /// held twice) and runs the rules that compare its elements.
    public func finish(index: Int, code: String, title: String, filter: String?, path: String,
                       parts: inout [Part]) -> CheckedScreen {
        var entries: [AuditReport.Entry] = [], outcomes = Outcomes()
        if parts.count == 1 {
            swap(&entries, &parts[0].entries); swap(&outcomes, &parts[0].outcomes)
        } else {
            let count = parts.reduce(0) { $0 + $1.range.count }
            entries.reserveCapacity(count); outcomes.kinds.reserveCapacity(count * ruleCount)
            for i in parts.indices {
                entries += parts[i].entries; outcomes.append(parts[i].outcomes)
                parts[i].entries = []; parts[i].outcomes = Outcomes()
            }
        }
        let screen = AuditReport.ScreenEntry(screen: code, title: title, filter: filter, entries: entries, path: path)
        // Fresh views: the screen rules need few of them (the label words of controls), and
        // those the element rules built are not kept, to keep the memory of a long list low.
        for (r, checks) in engine.hasScreenRules ? engine.screenOutcomes(ScreenFacts(screen), context) : [] {
            for (e, check) in checks.enumerated() { outcomes.set(e * ruleCount + r, check) }
        }
        return CheckedScreen(index: index, screen: screen, kinds: outcomes.kinds, messages: outcomes.messages,
                             ruleCount: ruleCount, braille: context.braille)
    }
}

/// What one worker has already worked out for elements it met, by element. Bounded (what it
/// forgets costs a recomputation, never a wrong answer). Not thread-safe: one per worker.
public final class AuditMemo {
    struct Known {
        let entry: AuditReport.Entry
        let outcomes: [RuleCheck]
    }

    /// An element with its hash worked out once (hashing its nine fields is not free, and each
    /// element is looked up and often stored).
    public struct Key: Hashable {
        let element: Element
        let hash: Int

        public init(_ element: Element) {
            self.element = element
            self.hash = element.hashValue
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        public static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.element == b.element }
    }

    // Two generations: when the young one is full it becomes the old one, and what is found
    // in the old one moves back to the young one, so the elements that keep recurring (the
    // back button, the levels) stay while the ones met once (each formation's title) go.
    private var young: [Key: Known] = [:]
    private var old: [Key: Known] = [:]
    private let limit: Int
    /// A long screen already checked, whose elements later screens may show again.
    public var shared: LongScreen?
    /// Elements found on `shared` since the counter was last reset.
    public var sharedHits = 0

    public init(limit: Int = 1 << 13) { self.limit = limit }

    func known(_ key: Key) -> Known? {
        if let hit = young[key] { return hit }
        guard let hit = old[key] else { return nil }
        remember(key, hit)
        return hit
    }

    func remember(_ key: Key, _ known: Known) {
        if young.count >= limit {
            old = young
            young = [:]
            young.reserveCapacity(limit)
        }
        young[key] = known
    }
}

/// A long screen (the formations list) kept after it was written, with its elements indexed: the
/// category lists that follow show the same cards, which are then not worked out again.
/// Read-only once built, shared by the workers.
public final class LongScreen: @unchecked Sendable {
    public let screen: CheckedScreen
    private let index: [AuditMemo.Key: Int]

    public init(_ screen: CheckedScreen) {
        self.screen = screen
        var index: [AuditMemo.Key: Int] = [:]
        index.reserveCapacity(screen.screen.entries.count)
        for (e, entry) in screen.screen.entries.enumerated() { index[AuditMemo.Key(entry.element)] = e }
        self.index = index
    }

    func find(_ key: AuditMemo.Key) -> (CheckedScreen, Int)? { index[key].map { (screen, $0) } }
}
