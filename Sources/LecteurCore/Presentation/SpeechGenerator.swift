// SPDX-License-Identifier: GPL-3.0-or-later
/// The speech side of an element, like Orca's speech generator: label, value, role word, then
/// the hint after a pause (`brief` verbosity keeps label and value only). The chip's state is
/// already in its label (story 2.7), so no separate state word is added. The navigator and the
/// audit both speak through it; the lexicon is applied after, by the reader.
public struct SpeechGenerator: Sendable {
    public let strings: Strings
    /// The strings it joins with, looked up once: an audit composes a million elements.
    private let separator: String
    private let pause: String
    private let buttonWord: String, headingWord: String, tabWord: String

    public init(strings: Strings) {
        self.strings = strings
        separator = strings(.speechSeparator)
        pause = strings(.speechPause)
        buttonWord = strings(.roleButton)
        headingWord = strings(.roleHeading)
        tabWord = strings(.roleTab)
    }

    /// `position` (« formation 3 sur 14 ») comes after the role, before the hint, as NVDA says it.
    /// The non-empty parts joined with the separator.
    public func compose(_ element: Element, verbosity: Verbosity, position: String? = nil) -> String {
        var text = ""
        // Only non-empty parts are added, so a non-empty text means a part came before.
        func add(_ part: String) {
            guard !part.isEmpty else { return }
            if !text.isEmpty { text += separator }
            text += part
        }
        add(element.spokenLabel)
        if let value = element.value { add(value) }
        if verbosity == .full, let word = roleWord(element.role) { add(word) }
        if let position { add(position) }
        if verbosity == .full, let hint = element.hint, !hint.isEmpty {
            text += pause
            text += hint
        }
        return text
    }

    /// The same composition as typed parts, for the reader's one announcement of the focus
    /// (`Announcement`): the presenter joins them as `compose` does.
    public func parts(_ element: Element, verbosity: Verbosity, position: String? = nil) -> [Announcement.Part] {
        var parts: [Announcement.Part] = [.text(element.spokenLabel)]
        if let value = element.value { parts.append(.text(value)) }
        if verbosity == .full { parts.append(.role(element.role)) }
        if let position { parts.append(.position(position)) }
        if verbosity == .full, let hint = element.hint { parts.append(.hint(hint)) }
        return parts
    }

    /// Static text is announced without a role word, as VoiceOver does.
    public func roleWord(_ role: Role) -> String? {
        switch role {
        case .button: buttonWord
        case .heading: headingWord
        case .tab: tabWord
        case .text: nil
        }
    }
}
