// SPDX-License-Identifier: GPL-3.0-or-later
extension ReviewReducer {
    /// What the root asks of the review cursor: a review command, or a routing key over text.
    enum Action: Hashable, Sendable {
        case review(ReviewUnit, ReviewStep)
        case spell(phonetic: Bool)
        case describeCharacter
        /// A routing key over plain text, at this character of the display's line.
        case route(toLineCharacter: Int)
    }

    /// What the review cursor reads of the rest: the focused element's text (nil: none to
    /// review) and the spelling alphabet set.
    struct Context {
        let target: Target?
        let spellingAlphabet: String
        /// A screen reader reads the terminal: a sign alone is printed by its name.
        var namesSigns = false
    }

    /// The review cursor's one entry: its slice is navigation's (the cursor lives there); what it
    /// says and shows comes out as a value (issue 47); it asks nothing of the rest.
    func reduce(_ action: Action, _ nav: inout NavigationState, _ context: Context) -> ChildOutput<Never> {
        var out = ChildOutput<Never>()
        switch action {
        case .review(let unit, let step):
            handle(.review(unit, step), target: context.target, spellingAlphabet: context.spellingAlphabet,
                   namesSigns: context.namesSigns, &nav, &out)
        case .spell(let phonetic):
            handle(.spell(phonetic: phonetic), target: context.target, spellingAlphabet: context.spellingAlphabet,
                   namesSigns: context.namesSigns, &nav, &out)
        case .describeCharacter:
            handle(.describeCharacter, target: context.target, spellingAlphabet: context.spellingAlphabet,
                   namesSigns: context.namesSigns, &nav, &out)
        case .route(let character):
            guard let target = context.target else { return out }
            route(toLineCharacter: character, target: target, &nav, &out)
        }
        return out
    }
}
