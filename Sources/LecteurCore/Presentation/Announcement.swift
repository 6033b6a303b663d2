// SPDX-License-Identifier: GPL-3.0-or-later
/// One answer of the reader as one typed value, the shape of NVDA's speech sequences and Orca's
/// generators: its parts, its kind, and where the transcript records it. `AnnouncementPresenter`
/// renders it to the printed line, the voice and the braille display, and `Announcer.say` hands
/// the three to their channels together, so no feature picks its channels by hand. A channel may
/// shorten a part (a role is « btn » in braille, a long introduction has a short display form),
/// never drop one.
public struct Announcement: Hashable, Sendable {
    /// What the announcement is to the user; it decides its priority in speech and its life on
    /// the display.
    public enum Kind: String, Hashable, Sendable {
        /// What the user asked for (a command's answer, a setting read back, an error in it):
        /// it interrupts what is playing, and stays on the display until a key.
        case answer
        /// The name and size of what opened (a screen, a tab), said as the start of the answer:
        /// it flashes on the display, so the focused element comes after it without a key.
        case context
        /// What the reader says on its own (start-up, load results, device notices): it queues,
        /// and flashes on the display for `message-braille` seconds.
        case notice
        /// Something wrong: never cut by the rest of its answer. On the display it lasts as the
        /// answer it belongs to (a user's command), else it flashes as a notice.
        case error
        /// Progress that replaces itself (a retry countdown): shown at once, flashes.
        case progress
        /// An exercise's question: its tones, and on the display its number after the verdict
        /// said before it (held `.withWhatFollows`), which comes back until it is answered.
        case question
    }

    /// One part of what is said, typed so each channel renders it in its own form.
    public enum Part: Hashable, Sendable {
        /// Words, read at the user's punctuation level.
        case text(String)
        /// Words that already name their signs (a spelled word, a character's name).
        case named(String)
        /// An element's role: a word said and printed (« bouton »), an abbreviation in braille.
        case role(Role)
        /// Where the element stands (« formation 3 sur 14 »).
        case position(String)
        /// How to use the element, after a pause (dropped only by the `brief` verbosity, which
        /// the generator applies before it is a part).
        case hint(String)
        /// Morse tones heard in their place among the words (NVDA's earcons): the voice sounds
        /// them after what is said before them and before what follows; the transcript records
        /// them with a `morse` event (the printed line's « ♪ … »); the display shows their
        /// textual form, or nothing by rule (a question's tones give nothing away).
        case tone(Tone)
        /// An index mark: the voice reports when everything said before it has been heard
        /// (`Action.spoken(token)`); nothing is printed nor shown.
        case mark(Int)
    }

    /// Tones that are part of an announcement.
    public struct Tone: Hashable, Sendable {
        public enum Sound: Hashable, Sendable {
            /// The text in Morse, the user's answer (`morse TEXTE`, a symbol played from its list):
            /// stale speech stops for it, as it would for words.
            case playback(text: String, report: MorseReport)
            /// After a wrong answer, the right character and the one typed, after a word space.
            case correction(text: String, report: MorseReport)
            /// A question: the transcript gets its number only, never its text nor its length.
            case question(text: String, number: Int)
            /// The learner's own keying made audible (its `morse` event has `sidetone`).
            case sidetone(Sidetone)
        }

        public var sound: Sound
        public var settings: MorseSettings
        /// What the display shows for it (the text and its cells; a question's number); nil:
        /// nothing.
        public var shown: String?

        public init(_ sound: Sound, settings: MorseSettings, shown: String? = nil) {
            self.sound = sound
            self.settings = settings
            self.shown = shown
        }
    }

    /// Where the transcript records it besides its `speech` event.
    public enum Record: Hashable, Sendable {
        /// Printed as said, by the speech event itself.
        case printed
        /// A `notice` event with this code (its message is the printed line).
        case notice(String)
        /// An `error` event with this code.
        case error(String)
        /// The devices' `status` event.
        case status(DeviceStatus)
        /// Printed by the terminal itself (a typed key's echo, a completion written into the line).
        case terminal
    }

    /// Where it goes on the braille display.
    public enum Display: Hashable, Sendable {
        /// A message of its own.
        case message
        /// Not alone: the caller shows it with what follows (a verdict before the next question).
        case withWhatFollows
        /// Not on the display: the line it belongs to is there already (an element's focus line).
        case none
    }

    public var kind: Kind
    public var parts: [Part]
    public var record: Record
    public var display: Display
    /// A shorter form for the display, when the whole text would be many windows (the Koch
    /// introduction): the transcript's event carries it, so the display's form is never a guess.
    public var brailleForm: String?
    /// The raw text of a system or library error, for the transcript's event only.
    public var detail: String?
    /// The name of the screen an answer opens on the display when it is longer than three
    /// windows (`aide régler`); nil: a message however long (a notice while typing on the
    /// display's keyboard must not take the user to another screen).
    public var screenTitle: String?
    /// False keeps it out of `historique` (the history read back is not itself history, nor is
    /// a prompt or a goodbye).
    public var remember: Bool

    public init(_ kind: Kind, _ parts: [Part], record: Record = .printed, display: Display = .message,
                brailleForm: String? = nil, detail: String? = nil, screenTitle: String? = nil, remember: Bool = true) {
        self.kind = kind
        self.parts = parts
        self.record = record
        self.display = display
        self.brailleForm = brailleForm
        self.detail = detail
        self.screenTitle = screenTitle
        self.remember = remember
    }

    /// The common case: one sentence of words.
    public init(_ kind: Kind, _ text: String, record: Record = .printed, display: Display = .message,
                brailleForm: String? = nil, detail: String? = nil, screenTitle: String? = nil, remember: Bool = true) {
        self.init(kind, [.text(text)], record: record, display: display, brailleForm: brailleForm, detail: detail,
                  screenTitle: screenTitle, remember: remember)
    }

    /// How it is said to speech-dispatcher and espeak-ng.
    public var priority: Utterance.Priority {
        switch kind {
        case .answer, .context, .question: .answer
        case .notice: .notice
        case .error: .error
        case .progress: .progress
        }
    }
}
