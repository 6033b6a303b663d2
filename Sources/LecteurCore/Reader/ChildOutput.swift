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
    }

    private(set) var steps: [Step] = []
    var delegates: [Delegate] = []

    init(_ steps: [Step] = [], delegates: [Delegate] = []) {
        self.steps = steps
        self.delegates = delegates
    }

    mutating func say(_ announcement: Announcement) { steps.append(.say(announcement)) }
    mutating func notice(_ code: String, _ message: String, kind: Announcement.Kind = .answer, detail: String? = nil) {
        say(.notice(code, message, kind: kind, detail: detail))
    }
    mutating func error(_ code: String, _ message: String, detail: String? = nil) { say(.error(code, message, detail: detail)) }
    mutating func append(_ effect: Effect) { steps.append(.effect(effect)) }
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
