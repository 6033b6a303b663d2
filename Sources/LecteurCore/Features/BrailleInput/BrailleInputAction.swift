// SPDX-License-Identifier: GPL-3.0-or-later
extension BrailleInputReducer {
    /// What the root asks of the braille keyboard.
    enum Action {
        /// A key or cells typed on the display (`atMs`: when, monotonic, for an answer's time).
        case typed(BrailleInput, atMs: Double?)
        /// The device's back-translation of the word being typed.
        case backTranslated(cells: [UInt8], text: String?)

        /// When the line a delegate runs was typed (an exercise times its answer from it).
        var atMs: Double? {
            switch self {
            case .typed(_, let atMs): atMs
            case .backTranslated: nil
            }
        }
    }

    /// What the braille keyboard reads of the rest.
    struct Context {
        /// The exercise's question waiting for its answer (nil: none).
        let question: String?
        let echo: TypingEcho
        let tab: Tab
    }

    /// The braille keyboard's one entry: its slice and its context in; what it says, shows and
    /// asks of the rest out, as a value (issue 47).
    func reduce(_ action: Action, _ typing: inout BrailleInputState, _ context: Context) -> ChildOutput<Delegate> {
        switch action {
        case .typed(let input, _):
            return typed(input, question: context.question, echo: context.echo, tab: context.tab, &typing)
        case .backTranslated(let cells, let text):
            return backTranslated(cells, text: text, echo: context.echo, &typing)
        }
    }
}
