/// The speech side of an element, like Orca's speech generator: label, value, role word, then
/// the hint after a pause (`brief` verbosity keeps label and value only). The chip's state is
/// already in its label (story 2.7), so no separate state word is added. The navigator and the
/// audit both speak through it; the lexicon is applied after, by the reader.
public struct SpeechGenerator: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    /// `position` (« formation 3 sur 14 ») comes after the role, before the hint, as NVDA says it.
    public func compose(_ element: Element, verbosity: Verbosity, position: String? = nil) -> String {
        var parts = [element.spokenLabel]
        if let value = element.value, !value.isEmpty { parts.append(value) }
        if verbosity == .full, let word = roleWord(element.role) { parts.append(word) }
        if let position { parts.append(position) }
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
