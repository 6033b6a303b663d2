// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// A screen the audit visits, as the reports name it.
public struct AuditScreenInfo: Sendable {
    /// Its position in the walk (0-based).
    public let index: Int
    /// "formations", "detail", "symbol"…
    public let code: String
    public let title: String
    /// The active category filter's name for a filtered formations list.
    public let filter: String?
    /// Its stable name in reports ("formations?filter=1", "detail/3").
    public let path: String
    /// How many elements it has.
    public let count: Int
    /// The label of its first element (a detail screen's title).
    public let firstLabel: String?

    public init(index: Int, code: String, title: String, filter: String?, path: String, count: Int, firstLabel: String?) {
        self.index = index
        self.code = code
        self.title = title
        self.filter = filter
        self.path = path
        self.count = count
        self.firstLabel = firstLabel
    }
}

/// Consecutive elements of one screen, checked: what is said and shown for each, and what each
/// enabled rule found on it. Reports are written from these, a few hundred elements at a time,
/// so no screen of any length is ever held whole. An outcome is a byte; only findings keep a
/// message.
public struct CheckedPart: Sendable {
    public let screen: AuditScreenInfo
    /// The elements' positions on the screen (0-based).
    public let range: Range<Int>
    public let ruleCount: Int
    /// The entries carry the speech text as spoken; the text before the lexicon, which only
    /// the element rules read, is not kept.
    private let entries: [AuditReport.Entry]
    private let outcomes: Outcomes
    private let braille: any BrailleCellTable
    /// The worker's cache of what a format wrote for recurring elements, and the key of each
    /// entry in it (nil: not to be cached).
    public let renderCache: AuditRenderCache?
    private let renderKeys: [AuditRenderCache.Key?]

    init(screen: AuditScreenInfo, range: Range<Int>, entries: [AuditReport.Entry], outcomes: Outcomes, ruleCount: Int,
         braille: any BrailleCellTable, renderCache: AuditRenderCache? = nil, renderKeys: [AuditRenderCache.Key?] = []) {
        self.screen = screen
        self.range = range
        self.entries = entries
        self.outcomes = outcomes
        self.ruleCount = ruleCount
        self.braille = braille
        self.renderCache = renderCache
        self.renderKeys = renderKeys
    }

    /// The key of entry `e`'s text in `renderCache`: set for an element met before on this
    /// worker whose findings are its own (no rule comparing the screen's elements found
    /// anything on it), so that all a format writes for it but its position is the same.
    public func renderKey(entry e: Int) -> AuditRenderCache.Key? {
        renderKeys.isEmpty ? nil : renderKeys[e - range.lowerBound]
    }

    public var first: Bool { range.lowerBound == 0 }
    public var last: Bool { range.upperBound == screen.count }

    /// Entry `e` of the screen (`e` in `range`).
    public func entry(_ e: Int) -> AuditReport.Entry { entries[e - range.lowerBound] }

    public func outcome(entry e: Int, rule r: Int) -> RuleCheck { outcomes[(e - range.lowerBound) * ruleCount + r] }

    /// What rule `r` found on entry `e`, without its message.
    public func kind(entry e: Int, rule r: Int) -> RuleCheck.Kind {
        RuleCheck.Kind(rawValue: outcomes.kinds[(e - range.lowerBound) * ruleCount + r])!
    }

    /// The message of what rule `r` found on entry `e`; nil when it found nothing.
    public func message(entry e: Int, rule r: Int) -> String? {
        outcomes.messages[(e - range.lowerBound) * ruleCount + r]
    }

    /// Whether a rule found something on entry `e` (most entries: no).
    public func hasFindings(entry e: Int) -> Bool {
        let start = (e - range.lowerBound) * ruleCount
        return outcomes.kinds[start..<start + ruleCount].contains { $0 >= Outcomes.violation }
    }

    /// The braille cells of entry `e`'s line: worked out when written rather than kept.
    public func cells(_ e: Int) -> String { braille.cells(for: entry(e).braille.text) }
}

/// Rule outcomes kept as a byte each, with the messages of findings aside.
struct Outcomes: Sendable {
    static let inapplicable = RuleCheck.Kind.inapplicable.rawValue, pass = RuleCheck.Kind.pass.rawValue
    static let violation = RuleCheck.Kind.violation.rawValue, review = RuleCheck.Kind.review.rawValue
    var kinds: [UInt8] = []
    var messages: [Int: String] = [:]

    mutating func append(_ outcome: RuleCheck) {
        let (kind, message) = Self.split(outcome)
        append(kind, message)
    }

    mutating func append(_ kind: UInt8, _ message: String?) {
        if let message { messages[kinds.count] = message }
        kinds.append(kind)
    }

    static func split(_ outcome: RuleCheck) -> (UInt8, String?) {
        switch outcome {
        case .inapplicable: (inapplicable, nil)
        case .pass: (pass, nil)
        case .violation(let message): (violation, message)
        case .review(let message): (review, message)
        }
    }

    subscript(slot: Int) -> RuleCheck {
        switch kinds[slot] {
        case Self.pass: .pass
        case Self.violation: .violation(messages[slot]!)
        case Self.review: .review(messages[slot]!)
        default: .inapplicable
        }
    }
}

/// Checks the elements of the walk's screens. The speech text, braille line and per-element
/// rule outcomes of an element depend on the element alone, and most elements of a large
/// catalogue recur (the back button, the levels, durations, prices and categories of every
/// detail screen): each worker keeps them in an `AuditMemo`, so a recurring element is worked
/// out once. The rules that compare a screen's elements run first, on the elements alone.
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

    /// The outcomes of the rules that compare the elements of a screen, one per element for
    /// each such rule, worked out from the elements (their speech and braille only if a rule
    /// reads them).
    public func screenOutcomes(_ elements: AuditElements) -> ScreenOutcomes {
        guard engine.hasScreenRules else { return ScreenOutcomes(byRule: []) }
        let navigator = navigator, verbosity = verbosity
        let facts = ScreenFacts(count: elements.count, element: { elements[$0] }) { e in
            let element = elements[e]
            return ElementFacts(element: element, index: e + 1) {
                navigator.auditEntry(element, index: e + 1, verbosity: verbosity)
            }
        }
        return ScreenOutcomes(byRule: engine.screenOutcomes(facts, context))
    }

    /// Builds and checks `elements[range]` of a screen, taking what `memo` already knows. The
    /// cards of a formations list are looked up in `cards` instead: each formation's card is met
    /// once in the whole list and once in its category's, never again, so it would only crowd
    /// the recurring elements out of a worker's memo.
    public func check(_ screen: AuditScreenInfo, _ elements: AuditElements, range: Range<Int>,
                      screenOutcomes: ScreenOutcomes, memo: AuditMemo, cards: AuditCardMemo? = nil,
                      renderCache: AuditRenderCache? = nil) -> CheckedPart {
        var entries: [AuditReport.Entry] = []
        var renderKeys: [AuditRenderCache.Key?] = []
        let caching = renderCache != nil
        if caching { renderKeys.reserveCapacity(range.count) }
        var outcomes = Outcomes()
        entries.reserveCapacity(range.count)
        outcomes.kinds.reserveCapacity(range.count * ruleCount)
        let firstCard = cards == nil ? Int.max : elements.firstCardIndex ?? Int.max
        for offset in range {
            let element = elements[offset]
            let key = ElementFingerprint(element)
            let known: AuditMemo.Known
            var recurring = false
            if let hit = offset >= firstCard ? cards!.known(key) : memo.known(key) {
                known = hit
                recurring = offset < firstCard
            } else {
                let entry = navigator.auditEntry(element, index: offset + 1, verbosity: verbosity)
                known = AuditMemo.Known(entry, engine.elementOutcomes(ElementFacts(entry), context))
                if offset >= firstCard { cards!.remember(key, known) } else { memo.remember(key, known) }
            }
            // The text before the lexicon has served the element rules: not kept (see CheckedPart).
            entries.append(AuditReport.Entry(index: offset + 1, element: element, speech: known.speech,
                                             braille: known.braille))
            var message = 0
            for r in 0..<ruleCount {
                let kind = known.kind(r)
                let text: String? = kind >= Outcomes.violation ? known.messages[message] : nil
                if text != nil { message += 1 }
                outcomes.append(kind, text)
            }
            for (r, checks) in screenOutcomes.byRule {
                let slot = outcomes.kinds.count - ruleCount + r
                let (kind, text) = Outcomes.split(checks[offset])
                outcomes.kinds[slot] = kind
                outcomes.messages[slot] = text
                if text != nil { recurring = false }
            }
            if caching {
                var packed = PackedKinds()
                for (r, kind) in outcomes.kinds[(outcomes.kinds.count - ruleCount)...].enumerated() { packed.set(r, kind) }
                renderKeys.append(recurring ? AuditRenderCache.Key(element: key, kinds: packed) : nil)
            }
        }
        return CheckedPart(screen: screen, range: range, entries: entries, outcomes: outcomes, ruleCount: ruleCount,
                           braille: context.braille, renderCache: caching ? renderCache : nil, renderKeys: renderKeys)
    }
}

/// What the rules comparing a screen's elements found: each rule's index with one outcome per
/// element of the screen.
public struct ScreenOutcomes: Sendable {
    let byRule: [(rule: Int, checks: [RuleCheck])]
}

/// What the reader says and shows for an element and what the rules that look at it alone
/// found, as the memos keep it: the speech and braille line, a byte per rule, and the messages
/// of the findings in rule order.
public struct AuditKnownElement: Sendable {
    let speech: String
    let braille: BrailleLine
    /// A large catalogue's hundred thousand cards are kept while the lists are checked.
    private let packed: PackedKinds
    let messages: [String]

    init(_ entry: AuditReport.Entry, _ outcomes: [RuleCheck]) {
        speech = entry.speech
        braille = entry.braille
        var packed = PackedKinds(), messages: [String] = []
        for (r, outcome) in outcomes.enumerated() {
            let (kind, message) = Outcomes.split(outcome)
            packed.set(r, kind)
            if let message { messages.append(message) }
        }
        self.packed = packed
        self.messages = messages
    }

    private init(speech: String, braille: BrailleLine, packed: PackedKinds, messages: [String]) {
        self.speech = speech
        self.braille = braille
        self.packed = packed
        self.messages = messages
    }

    func kind(_ r: Int) -> UInt8 { packed[r] }

    /// The same with its messages replaced by equal ones.
    func withMessages(_ replace: (String) -> String) -> AuditKnownElement {
        messages.isEmpty ? self : AuditKnownElement(speech: speech, braille: braille, packed: packed, messages: messages.map(replace))
    }
}

/// What one worker has already worked out for elements it met, by fingerprint. Bounded (what
/// it forgets costs a recomputation, never a wrong answer). Not thread-safe: one per worker.
public final class AuditMemo {
    typealias Known = AuditKnownElement

    // Two generations: when the young one is full it becomes the old one, and what is found
    // in the old one moves back to the young one, so the elements that keep recurring (the
    // back button, the levels) stay while the ones met once (each formation's title) go.
    private var young: [ElementFingerprint: Known] = [:]
    private var old: [ElementFingerprint: Known] = [:]
    private let limit: Int
    public init(limit: Int = 1 << 13) { self.limit = limit }

    func known(_ key: ElementFingerprint) -> Known? {
        if let hit = young[key] { return hit }
        guard let hit = old[key] else { return nil }
        remember(key, hit)
        return hit
    }

    func remember(_ key: ElementFingerprint, _ known: Known) {
        if young.count >= limit {
            old = young
            young = [:]
            young.reserveCapacity(limit)
        }
        young[key] = known
    }
}

/// The outcome kind (`Outcomes`' codes) of each rule on one element, two bits each: up to 64
/// rules.
struct PackedKinds: Hashable, Sendable {
    private var low: UInt64 = 0, high: UInt64 = 0

    subscript(r: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (r < 32 ? low >> (2 * r) : high >> (2 * (r - 32))) & 3)
    }

    /// Sets rule `r`'s kind, not set before.
    mutating func set(_ r: Int, _ kind: UInt8) {
        precondition(r < 64, "two bits per rule in 128")
        if r < 32 { low |= UInt64(kind) << (2 * r) } else { high |= UInt64(kind) << (2 * (r - 32)) }
    }
}
