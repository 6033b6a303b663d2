// SPDX-License-Identifier: GPL-3.0-or-later
/// What a screen reader knows an element to be.
public enum Role: String, Hashable, Sendable, CaseIterable {
    case button, heading, text, tab
}

/// What activating an element does; nil on an element that only informs.
public enum ElementAction: Hashable, Sendable {
    case openFormation(id: Int)
    /// nil is "Toutes": clear the filter.
    case selectCategory(CategoryKey?)
    case openSymbol(id: String)
    case playSymbol(id: String)
    case practiseSymbol(id: String)
    case back
    case retry
}

/// One focusable element, as VoiceOver would present it.
public struct Element: Hashable, Sendable {
    public let id: String
    public let role: Role
    /// The accessibility label, as the seeds write it (the chip's label carries its state).
    public let label: String
    /// The same meaning written for the ear: prices without separators, no symbols to misread.
    public let spokenLabel: String
    /// The text a sighted user sees on the element (for braille and for the audit's
    /// "visible text in the label" rule).
    public let visibleText: String
    public let hint: String?
    public let value: String?
    /// nil where selection does not apply.
    public let selected: Bool?
    public let action: ElementAction?
    /// What the braille display shows in place of the label and value, when they are written for
    /// the ear (« K, trait, point, trait », « réussite 100 %, 20 essais » is « K ⠒⠂⠒ 100 % sur 20
    /// essais » under the fingers: a Morse row fits 40 cells).
    public let brailleText: String?

    public init(id: String, role: Role, label: String, spokenLabel: String? = nil, visibleText: String? = nil,
                hint: String? = nil, value: String? = nil, selected: Bool? = nil, action: ElementAction? = nil,
                brailleText: String? = nil) {
        self.id = id
        self.role = role
        self.label = label
        self.spokenLabel = spokenLabel ?? label
        self.visibleText = visibleText ?? label
        self.hint = hint
        self.value = value
        self.selected = selected
        self.action = action
        self.brailleText = brailleText
    }
}

/// Which screen is showing; detail and symbol screens name what they show.
public enum ScreenID: Hashable, Sendable {
    case formations
    case detail(formationId: Int)
    case morse
    case symbol(id: String)
    /// Every setting with its value (`régler` alone).
    case settings
    /// One element per command (`aide` alone).
    case help
    /// The last announcements, newest first (`historique`).
    case history
    /// The practice statistics, one line per element (`statistiques`: too long for a message).
    case statistics
    /// Accuracy and speed per day (`progrès`), one line per element.
    case progress
    /// An answer longer than three display windows, one sentence per element.
    case answer

    /// A stable name for the transcript and for scripts.
    public var code: String {
        switch self {
        case .formations: "formations"
        case .detail: "detail"
        case .morse: "morse"
        case .symbol: "symbol"
        case .settings: "settings"
        case .help: "help"
        case .history: "history"
        case .statistics: "statistics"
        case .progress: "progress"
        case .answer: "answer"
        }
    }
}

public struct Screen: Sendable {
    public let id: ScreenID
    /// A code refining `id.code` for the loading and error states of the formations list.
    public let code: String
    public let title: String
    public let elements: ElementList

    public init(id: ScreenID, code: String, title: String, elements: ElementList) {
        self.id = id
        self.code = code
        self.title = title
        self.elements = elements
    }

    public init(id: ScreenID, code: String, title: String, elements: [Element]) {
        self.init(id: id, code: code, title: title, elements: ElementList(elements))
    }
}

/// A screen's elements: a few fixed ones, then possibly a long list of cards built only when
/// read, so that moving focus on a 100 000-formation list costs the same as on a short one.
public struct ElementList: RandomAccessCollection, Sendable {
    private let fixed: [Element]
    private let items: [Formation]
    private let make: @Sendable (Formation) -> Element

    public init(_ elements: [Element]) {
        self.fixed = elements
        self.items = []
        self.make = { _ in preconditionFailure("no lazy items") }
    }

    public init(fixed: [Element], cards: [Formation], make: @escaping @Sendable (Formation) -> Element) {
        self.fixed = fixed
        self.items = cards
        self.make = make
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { fixed.count + items.count }
    /// The elements before the cards (chips, heading, or a whole short screen).
    public var fixedElements: [Element] { fixed }
    /// Index of the first card, when the list has cards.
    public var firstCardIndex: Int? { items.isEmpty ? nil : fixed.count }
    public subscript(position: Int) -> Element {
        position < fixed.count ? fixed[position] : make(items[position - fixed.count])
    }

    /// Finds an element by id without building every card.
    public func index(ofId id: String) -> Int? {
        if let i = fixed.firstIndex(where: { $0.id == id }) { return i }
        guard id.hasPrefix("card."), let formationId = Int(id.dropFirst(5)) else { return nil }
        return items.firstIndex { $0.id == formationId }.map { $0 + fixed.count }
    }
}
