// SPDX-License-Identifier: GPL-3.0-or-later
/// What a child reducer decided for one action, as a value it returns rather than writes into
/// the root's `Announcer` (issue 47, as TCA's reducers return their effects): what it says (the
/// announcements, which the root alone feeds to the announcement policy, `Announcer.feed`), the
/// effects it asks for, in the order it decided them, and what it asks of the rest of the
/// reader (`delegates`). A child that returns one is tested alone, by comparing values.
struct ChildOutput<Delegate: Equatable>: Equatable {
    enum Step: Equatable {
        case say(Announcement)
        case effect(Effect)
        /// An announcement without words (tones, an index mark): `Announcer.sound`.
        case sound(Announcement)
        /// The focused element's line, unless a message of this action holds the display.
        case showFocus(BrailleLine)
        /// A braille message (`Announcer.showMessage`).
        case showMessage(String, now: Bool, stays: Bool)
        /// The line typed on the display's keyboard, shown at once.
        case showInput(BrailleLine)
        /// What was said `.withWhatFollows`, then `follow`, as one message (`Announcer.showHeld`).
        case showHeld(then: String?, now: Bool)
        /// The last message held is a question, on window 1 (`Announcer.showHeldQuestionLast`).
        case showHeldQuestionLast(now: Bool)
        /// Whether the next utterance interrupts, as the answer to the user's command does
        /// (`AnnouncementState.answerPending`).
        case answerPending(Bool)
        /// Said as the answer to a key (its echo): it cuts what was playing, and leaves the
        /// answer pending as it found it (the key's own answer may follow).
        case interrupting(Announcement)
        /// A wrong answer's correction: tones without words (`correctionReportsHeard`: its end
        /// is reported, its verdict printed then).
        case correction(Announcement, reportsHeard: Bool)
        /// An exercise's question: its tones, its line on the display (`label` when nothing was
        /// held before it), taking the display at once (`now`), printed once heard
        /// (`printedWhenHeard`); `rhythm`: felt on the display before the line is shown.
        case ask(Announcement, label: String, now: Bool, printedWhenHeard: Bool, rhythm: MorseTimeline?)
        /// The user's punctuation level changed: what follows is read at the new level.
        case punctuationLevel(PunctuationLevel)
    }

    private(set) var steps: [Step] = []
    var delegates: [Delegate] = []

    init(_ steps: [Step] = [], delegates: [Delegate] = []) {
        self.steps = steps
        self.delegates = delegates
    }

    mutating func say(_ announcement: Announcement) { steps.append(.say(announcement)) }
    mutating func notice(_ code: String, _ message: String, kind: Announcement.Kind = .answer,
                         remember: Bool = true, readPunctuation: Bool = true, detail: String? = nil, showing: Bool = true,
                         brailleForm: String? = nil) {
        say(.notice(code, message, kind: kind, remember: remember, readPunctuation: readPunctuation, detail: detail,
                    showing: showing, brailleForm: brailleForm))
    }
    mutating func error(_ code: String, _ message: String, detail: String? = nil) { say(.error(code, message, detail: detail)) }
    mutating func append(_ effect: Effect) { steps.append(.effect(effect)) }
    mutating func sound(_ announcement: Announcement) { steps.append(.sound(announcement)) }
    /// An index mark of its own (read-all's step), as `Announcer.mark` says it.
    mutating func mark(_ token: Int) {
        sound(Announcement(.answer, [.mark(token)], display: .none, remember: false))
    }
    mutating func showFocus(_ line: BrailleLine) { steps.append(.showFocus(line)) }
    mutating func showMessage(_ message: String, now: Bool = false, stays: Bool = false) {
        steps.append(.showMessage(message, now: now, stays: stays))
    }
    mutating func showInput(_ line: BrailleLine) { steps.append(.showInput(line)) }
    mutating func showHeld(then follow: String? = nil, now: Bool = false) { steps.append(.showHeld(then: follow, now: now)) }
    mutating func showHeldQuestionLast(now: Bool = false) { steps.append(.showHeldQuestionLast(now: now)) }
    mutating func correction(_ announcement: Announcement, reportsHeard: Bool) {
        steps.append(.correction(announcement, reportsHeard: reportsHeard))
    }
    mutating func ask(_ announcement: Announcement, label: String, now: Bool, printedWhenHeard: Bool, rhythm: MorseTimeline?) {
        steps.append(.ask(announcement, label: label, now: now, printedWhenHeard: printedWhenHeard, rhythm: rhythm))
    }
    mutating func interrupting(_ announcement: Announcement) { steps.append(.interrupting(announcement)) }
    mutating func answerPending(_ pending: Bool) { steps.append(.answerPending(pending)) }
    mutating func punctuationLevel(_ level: PunctuationLevel) { steps.append(.punctuationLevel(level)) }

    /// What a child's own method returned, in its place: its steps after those taken so far, its
    /// delegates after these (a method returns its output rather than writing into its caller's).
    mutating func merge(_ other: ChildOutput) {
        steps += other.steps
        delegates += other.delegates
    }
}

extension Announcement {
    /// A notice: one sentence recorded as a `notice` event. `showing` false leaves the display
    /// to the caller, who shows it with what follows it.
    static func notice(_ code: String, _ message: String, kind: Kind = .answer, remember: Bool = true,
                       readPunctuation: Bool = true, detail: String? = nil, showing: Bool = true,
                       brailleForm: String? = nil) -> Announcement {
        Announcement(kind, [readPunctuation ? .text(message) : .named(message)], record: .notice(code),
                     display: showing ? .message : .withWhatFollows, brailleForm: brailleForm, detail: detail,
                     remember: remember)
    }

    /// An error, recorded as an `error` event.
    static func error(_ code: String, _ message: String, detail: String? = nil) -> Announcement {
        Announcement(.error, message, record: .error(code), detail: detail)
    }
}
