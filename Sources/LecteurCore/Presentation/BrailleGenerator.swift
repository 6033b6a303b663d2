// SPDX-License-Identifier: GPL-3.0-or-later
/// A line for the braille display: the focused element's, or a message's.
public struct BrailleLine: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// The focused element; the display returns to it after a message.
        case focus
        /// A notice or an error, shown until its time is up or the next key or command.
        case message
        /// The line being typed on the display's braille keyboard, the cursor after it.
        case input
    }

    public let text: String
    /// Cell offset of the cursor: the start of the element's text.
    public let cursor: Int
    public let kind: Kind
    /// The display opens the line on its last window, not its first: FWINLT on an element's
    /// first window moved back to this one, and the finger reads on backwards.
    public let fromEnd: Bool

    public init(text: String, cursor: Int, kind: Kind = .focus, fromEnd: Bool = false) {
        self.text = text
        self.cursor = cursor
        self.kind = kind
        self.fromEnd = fromEnd
    }

    /// Whether the display draws the cursor (dots 7-8) at `cursor`: an element's review cursor
    /// and the typing cursor do; a message has none, as brltty and NVDA put none on a message (a
    /// cell under dots 7-8 reads as « here is the cursor », which a message never has).
    public var showsCursor: Bool { kind != .message }

    /// Which window the display opens the line on, longer than the display: the reader's rule,
    /// the display's adapter only cuts the window there.
    public enum Opening: Hashable, Sendable {
        /// The first window (a message).
        case start
        /// The last window: a line being typed, where its cursor is, or an element FWINLT moved
        /// back to (`fromEnd`), which the finger reads on backwards.
        case end
        /// The window holding `cursor`: a routing key pressed in window 2, or a word reviewed
        /// further on, is shown where it is, not sent back to window 1 where the finger would
        /// have to hunt for it.
        case cursor
    }

    public var opening: Opening {
        if kind == .input || fromEnd { return .end }
        return kind == .focus ? .cursor : .start
    }

    /// The same line, opened on its last window.
    public var openingOnLastWindow: BrailleLine { BrailleLine(text: text, cursor: cursor, kind: kind, fromEnd: true) }
}

/// The braille side of an element, like Orca's braille generator: the selection marker first
/// (where the finger starts reading), the visible text or label, the value, then the role
/// abbreviation. The navigator and the audit both build lines through it.
public struct BrailleGenerator: Sendable {
    public let strings: Strings
    /// The markers and role abbreviations, looked up once: an audit brailles a million elements.
    private let selectedMarker: String, notSelectedMarker: String
    private let selectedCursor: Int, notSelectedCursor: Int
    private let buttonAbbreviation: String, headingAbbreviation: String, textAbbreviation: String, tabAbbreviation: String
    /// Between a label and its value: « A ⠂⠒ - pas encore pratiqué », never run together.
    private let valueSeparator: String

    public init(strings: Strings) {
        self.strings = strings
        selectedMarker = strings(.brailleSelected)
        notSelectedMarker = strings(.brailleNotSelected)
        selectedCursor = selectedMarker.count + 1
        notSelectedCursor = notSelectedMarker.count + 1
        buttonAbbreviation = strings(.brailleRoleButton)
        headingAbbreviation = strings(.brailleRoleHeading)
        textAbbreviation = strings(.brailleRoleText)
        tabAbbreviation = strings(.brailleRoleTab)
        valueSeparator = strings(.brailleValueSeparator)
    }

    /// The parts joined with spaces: marker, text (even empty), value when not empty (after the
    /// locale's separator), role abbreviation when the locale has one.
    public func line(_ element: Element) -> BrailleLine {
        var text = ""
        var cursor = 0
        if let selected = element.selected {
            text += selected ? selectedMarker : notSelectedMarker
            text += " "
            cursor = selected ? selectedCursor : notSelectedCursor
        }
        // A chip shows its name and a marker, not "…, sélectionné": the marker says it in 3 cells.
        if let braille = element.brailleText {
            text += braille
        } else {
            text += element.selected == nil ? element.label : element.visibleText
            if let value = element.value, !value.isEmpty {
                text += valueSeparator
                text += value
            }
        }
        let abbreviation: String = switch element.role {
        case .button: buttonAbbreviation
        case .heading: headingAbbreviation
        case .text: textAbbreviation
        case .tab: tabAbbreviation
        }
        if !abbreviation.isEmpty {
            text += " "
            text += abbreviation
        }
        return BrailleLine(text: text, cursor: cursor)
    }
}
