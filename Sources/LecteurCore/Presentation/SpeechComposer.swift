/// Turns a focused element into the text handed to the speech engine: label, value, role word,
/// then the hint after a pause (`brief` verbosity keeps label and value only). The chip's state
/// is already in its label (story 2.7), so no separate state word is added.
public struct SpeechComposer: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    public func compose(_ element: Element, verbosity: Verbosity) -> String {
        var parts = [element.spokenLabel]
        if let value = element.value, !value.isEmpty { parts.append(value) }
        if verbosity == .full, let word = roleWord(element.role) { parts.append(word) }
        var text = parts.filter { !$0.isEmpty }.joined(separator: strings(.speechSeparator))
        if verbosity == .full, let hint = element.hint, !hint.isEmpty {
            text += strings(.speechPause) + hint
        }
        return text
    }

    /// Static text is announced without a role word, as VoiceOver does.
    public func roleWord(_ role: Role) -> String? {
        switch role {
        case .button: strings(.roleButton)
        case .heading: strings(.roleHeading)
        case .tab: strings(.roleTab)
        case .text: nil
        }
    }
}

/// The line a braille display shows for an element: the selection marker first (where the
/// finger starts reading), the visible text or label, the value, then the role abbreviation.
public struct BrailleLine: Hashable, Sendable {
    public let text: String
    /// Cell offset of the cursor: the start of the element's text.
    public let cursor: Int

    public init(text: String, cursor: Int) {
        self.text = text
        self.cursor = cursor
    }

    public static func compose(_ element: Element, strings: Strings) -> BrailleLine {
        var parts: [String] = []
        var cursor = 0
        if let selected = element.selected {
            let marker = strings(selected ? .brailleSelected : .brailleNotSelected)
            parts.append(marker)
            cursor = marker.count + 1
        }
        // A chip shows its name and a marker, not "…, sélectionné": the marker says it in 3 cells.
        parts.append(element.selected == nil ? element.label : element.visibleText)
        if let value = element.value, !value.isEmpty { parts.append(value) }
        let abbreviation: String = switch element.role {
        case .button: strings(.brailleRoleButton)
        case .heading: strings(.brailleRoleHeading)
        case .text: strings(.brailleRoleText)
        case .tab: strings(.brailleRoleTab)
        }
        if !abbreviation.isEmpty { parts.append(abbreviation) }
        return BrailleLine(text: parts.joined(separator: " "), cursor: cursor)
    }
}
