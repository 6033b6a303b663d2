// SPDX-License-Identifier: GPL-3.0-or-later
extension ScreenReaderReducer {
    /// What the root asks of the screen reader's child (its `voice`, the last decision of each
    /// action, stays a function the root calls on the effects).
    enum Action {
        case event(ScreenReaderEvent)
        /// GNOME's switch went on a while ago (`TimerID.screenReaderSwitch`).
        case switchTimeUp
        /// The user acted: a start held back is said now.
        case userActed
    }

    /// What it reads of the rest: whether Lecteur has a voice of its own.
    struct Context {
        let hasVoice: Bool
    }

    /// The screen reader's one entry: its slice and its context in; what it says out, as a value
    /// (issue 47); it asks nothing of the rest.
    func reduce(_ action: Action, _ beside: inout BesideScreenReader, _ context: Context) -> ChildOutput<Never> {
        switch action {
        case .event(let event): return receive(event, &beside, hasVoice: context.hasVoice)
        case .switchTimeUp: return switchTimeUp(beside, hasVoice: context.hasVoice)
        case .userActed: return userActed(&beside)
        }
    }
}
