// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// The outcome of one rule on one element.
public enum RuleCheck: Hashable, Sendable {
    /// The rule has nothing to say about this kind of element.
    case inapplicable
    case pass
    /// A defect, with a message naming what was found.
    case violation(String)
    /// The rule cannot decide alone: a person should check (axe-core's "incomplete").
    case review(String)

    /// The outcome without its message, as reports count them.
    public enum Kind: UInt8, Sendable {
        case inapplicable, pass, violation, review
    }
}

/// What the rules need besides the elements: the findings' words in the report's language,
/// the word lists and the braille table.
public struct AuditContext: Sendable {
    public let findings: AuditFindingMessages
    public let vocabulary: PreparedVocabulary
    public let braille: any BrailleCellTable

    /// speech-acronym's finding for each misread acronym met alone (the usual case), made once,
    /// with the acronym it was made for.
    let acronymFindings: [String: (acronym: String, message: String)]
    /// `braille.covers` for the Basic Multilingual Plane, one bit per scalar, asked once: the
    /// braille rule asks it of every character of a million lines.
    private let brailleCovered: BMPScalarSet

    public init(strings: Strings, vocabulary: AuditVocabulary, braille: any BrailleCellTable) {
        let findings = AuditFindingMessages(strings: strings)
        self.findings = findings
        self.vocabulary = PreparedVocabulary(vocabulary)
        self.braille = braille
        var made: [String: (acronym: String, message: String)] = [:]
        for acronym in vocabulary.acronymsMisread where made[acronym] == nil {
            made[acronym] = (acronym, findings.speechAcronymsMisread([acronym]))
        }
        acronymFindings = made
        brailleCovered = BMPScalarSet(braille.covers)
    }

    /// Whether the braille table has a cell for `scalar`.
    func brailleCovers(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x10000 ? brailleCovered.contains(v) : braille.covers(scalar)
    }
}

/// A lint rule over the elements of a screen. Most rules look at one element at a time
/// (`ElementRule`); a rule comparing siblings looks at the whole screen.
public protocol AuditRule: Sendable {
    var info: AuditRuleInfo { get }
    /// One outcome per element of the screen, in order.
    func check(_ screen: ScreenFacts, _ context: AuditContext) -> [RuleCheck]
}

public protocol ElementRule: AuditRule {
    func check(_ element: ElementFacts, _ context: AuditContext) -> RuleCheck
}

extension ElementRule {
    public func check(_ screen: ScreenFacts, _ context: AuditContext) -> [RuleCheck] {
        screen.elements.map { check($0, context) }
    }
}

/// An element with the views of its texts the rules share, computed once and only when a rule
/// asks (words of the label and of the speech text, scalars of the speech text…).
public final class ElementFacts {
    public let element: Element
    /// Its position on its screen (1-based).
    public let index: Int
    private let make: (() -> AuditReport.Entry)?
    /// What the reader says and shows for it: given, or worked out when a rule first asks (the
    /// rules comparing the elements of a long screen mostly need their labels only).
    public lazy var entry: AuditReport.Entry = make!()

    public init(_ entry: AuditReport.Entry) {
        self.element = entry.element
        self.index = entry.index
        self.make = nil
        self.entry = entry
        self.speechText = entry.composedSpeech
        self.brailleText = entry.braille.text
    }

    public init(element: Element, index: Int, entry make: @escaping () -> AuditReport.Entry) {
        self.element = element
        self.index = index
        self.make = make
    }

    public lazy var labelWords = WordSpans(element.label)
    public lazy var visibleWords = WordSpans(element.visibleText)
    public lazy var hintWords = WordSpans(element.hint ?? "")
    /// The speech text the rules read (`entry.composedSpeech`) and the braille line's text,
    /// kept apart: reading them through `entry` copies the whole entry each time.
    public lazy var speechText: String = entry.composedSpeech
    public lazy var brailleText: String = entry.braille.text
    public lazy var speechScalars: [Unicode.Scalar] = Array(speechText.unicodeScalars)
    public lazy var speechWords = WordSpans(speechText)
    /// Which of the speech rules' patterns the speech text may hold, read once on its bytes.
    lazy var speechPatterns = BytePatterns.Found(speechText)

    /// Something a person activates: the rules on names of controls apply to it.
    public var isControl: Bool { element.action != nil || element.role == .button || element.role == .tab }

    /// The text of a range of scalars of the speech text.
    public func speechExcerpt(_ range: Range<Int>) -> String { Self.excerpt(speechScalars, range) }

    static func excerpt(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range.clamped(to: 0..<scalars.count)])
        return String(view)
    }
}

/// The elements of one screen, for the rules that compare them.
public struct ScreenFacts {
    /// Made on access, not kept: a screen can be a list of a hundred thousand cards, of which
    /// a rule needs a word key or two each.
    public struct Elements: RandomAccessCollection {
        public let count: Int
        let make: (Int) -> ElementFacts
        public var startIndex: Int { 0 }
        public var endIndex: Int { count }
        public subscript(position: Int) -> ElementFacts { make(position) }
    }

    public let elements: Elements
    /// Element `i` alone (its position on the screen is `i + 1`), for a rule that needs no
    /// speech, braille or word views: cheaper than `elements[i]` on the hundred thousand
    /// screens of a large catalogue.
    public let element: (Int) -> Element

    /// A screen whose entries are all made already (the rules' tests).
    public init(_ entries: [AuditReport.Entry]) {
        self.elements = Elements(count: entries.count) { ElementFacts(entries[$0]) }
        self.element = { entries[$0].element }
    }

    public init(count: Int, element: @escaping (Int) -> Element, facts: @escaping (Int) -> ElementFacts) {
        self.elements = Elements(count: count, make: facts)
        self.element = element
    }
}
