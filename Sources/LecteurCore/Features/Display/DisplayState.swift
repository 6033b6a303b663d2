// SPDX-License-Identifier: GPL-3.0-or-later
/// What the braille display shows besides the focused element, and where `tout lire` is:
/// `DisplayReducer`'s slice.
public struct DisplayState: Hashable, Sendable {
    /// The message on the display, until its time is up or the next key or command.
    public var message: String?
    /// Identifies the message a timeout belongs to (an older timeout must not remove a newer message).
    public var token = 0
    /// The message shown is an answer the user asked for: it stays until a key, and has no
    /// timer (meaningful only while `message` is set; each message shown sets it).
    public var messageStays = false
    /// Messages waiting for the one shown to have had its time, in order (a start-up warning,
    /// then the load's count): each is shown for its whole time, then the focus comes back.
    public var queued: [String] = []
    /// `tout lire` without a voice: the display's reading, window by window.
    public var reading: DisplayReading?
    /// While `tout lire` runs by voice: the token its next step waits for.
    public var readAll: Int?
    /// Tokens already given out, so an old step never continues a new reading.
    public var readAllSerial = 0
    /// `tout lire` beside a screen reader: what this screen of it has printed, and whether it
    /// waits for the user (Enter or `suivant`) to print the next one.
    public var page: ReadingPage?
    /// How to go on after a screen of `tout lire` was said (once a session).
    public var pageHintSaid = false

    public init() {}
}

/// `tout lire` on the display, while it runs: the token its window timer rings with.
public struct DisplayReading: Hashable, Sendable {
    public let token: Int
}

/// A screen of `tout lire` beside a screen reader: the rows it printed, and whether it waits.
public struct ReadingPage: Hashable, Sendable {
    public var rows: Int
    public var waiting = false

    public init(rows: Int, waiting: Bool = false) {
        self.rows = rows
        self.waiting = waiting
    }
}
