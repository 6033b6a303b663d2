// SPDX-License-Identifier: GPL-3.0-or-later
/// A named clock the reducer asks the runtime to run (`Effect.schedule`), answered by
/// `Action.timer` when it rings. Time is the runtime's; what happens when it rings is the
/// reducer's, so a store test pins every timed decision by sending `.timer(id)` itself.
///
/// Scheduling an id that is already pending replaces it (only the last one rings);
/// `Effect.cancelTimer` stops it.
public enum TimerID: Hashable, Sendable {
    /// The braille message shown with this token has had its time on the display.
    case brailleMessage(token: Int)
    /// A window of `tout lire` without a voice has had its time on the display.
    case readAllWindow(token: Int)
    /// Sending practice: the silence after the last mark has ended the character (or the word).
    case sendingSilence
    /// Sending with paddles: the space after the keyer's element has ended, the next is decided
    /// (answered `Action.keyerClock` with the time it rang).
    case keyer
    /// A catalogue load has said nothing for its interval: « still loading ».
    case catalogueStillLoading
    /// Reflex drill: question N's pause (passive) or time to answer (active) is over.
    case reflex(question: Int)
    /// Practice's fixed pause after a verdict (`régler rythme-questions`) is over: question N,
    /// drawn already, is asked.
    case practiceNext(question: Int)
    /// Beside a screen reader, the Enter that answered wrongly has been echoed: its correction.
    case practiceCorrection
    /// The goodbye has had its `message-braille` time on the display: the program ends.
    case quit
    /// Beside a screen reader, start-up's first element has been on the terminal alone long
    /// enough to be read as an utterance of its own: the lines after it are printed
    /// (`BesideScreenReader.startupRestAfterSeconds`).
    case startupRest
    /// GNOME's screen reader switch went on without an Orca process: has one come since?
    case screenReaderSwitch
}
