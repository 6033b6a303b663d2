/// A line for the braille display: the focused element's, or a message's.
public struct BrailleLine: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// The focused element; the display returns to it after a message.
        case focus
        /// A notice or an error, shown until its time is up or the next key or command.
        case message
    }

    public let text: String
    /// Cell offset of the cursor: the start of the element's text.
    public let cursor: Int
    public let kind: Kind

    public init(text: String, cursor: Int, kind: Kind = .focus) {
        self.text = text
        self.cursor = cursor
        self.kind = kind
    }
}

/// The braille side of an element, like Orca's braille generator: the selection marker first
/// (where the finger starts reading), the visible text or label, the value, then the role
/// abbreviation. The navigator and the audit both build lines through it.
public struct BrailleGenerator: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    public func line(_ element: Element) -> BrailleLine {
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
