// SPDX-License-Identifier: GPL-3.0-or-later
extension DisplayReducer {
    /// What the root asks of the display's child.
    enum Action {
        /// The braille side of one action, once it is reduced (`byUser`: the user's action),
        /// with what the action put on the display.
        case finish(byUser: Bool, DisplayWritten)
        /// A key takes the message shown away.
        case showNext
        /// A message's timer rang (`TimerID.brailleMessage`).
        case messageTimeUp(token: Int)
        /// The display showed another window of its line.
        case panned(BrailleLine.Kind)
        /// A window of a reading without a voice has had its time (`TimerID.readAllWindow`).
        case windowTimeUp(token: Int)
        /// The display answered `.advanceDisplay`.
        case advanced(moved: Bool)
        /// `tout lire`: the focused element was just read; the reading starts, paced by the
        /// display (no voice) or by the voice.
        case startReading
        /// The reading moved to the next element, read by voice (nothing once it has ended).
        case nextElementSpoken
        /// The reading moved to the next element, on the display.
        case nextElementShown
        /// The last element was read: « Fin de l'écran. ».
        case readingEnded
    }

    /// What the display reads of the rest.
    struct Context {
        let settings: ReaderSettings
        /// The exercise's question waiting for its answer (nil: none), which stays on the display.
        let question: String?
        /// No voice, and a display to read: `tout lire` keeps the display's time.
        let paces: Bool
    }

    /// What the display asks of the rest, the root applying it with navigation.
    enum Delegate: Equatable {
        /// The message left and nothing waits: the focused element's line comes back.
        case focusBack
        /// The element read on the display has had its time: the next one is read.
        case readNextElement
    }

    /// The display's one entry: its slice and its context in; what it shows, schedules and asks
    /// of the rest out, as a value (issue 47).
    func reduce(_ action: Action, _ display: inout DisplayState, _ context: Context) -> ChildOutput<Delegate> {
        let settings = context.settings
        switch action {
        case .finish(let byUser, let written):
            return finish(byUser: byUser, written, question: context.question, &display, settings)
        case .showNext: return showNext(question: context.question, &display, settings)
        case .messageTimeUp(let token): return messageTimeUp(token: token, question: context.question, &display, settings)
        case .panned(let kind): return panned(kind, display, settings)
        case .windowTimeUp(let token): return windowTimeUp(token: token, display, settings)
        case .advanced(let moved): return advanced(moved: moved, display, settings)
        case .startReading: return context.paces ? startReading(&display, settings) : continueReading(&display)
        case .nextElementSpoken: return display.readAll != nil ? continueReading(&display) : ChildOutput()
        case .nextElementShown: return nextElementShown(display, settings)
        case .readingEnded: return readingEnded(&display)
        }
    }
}
