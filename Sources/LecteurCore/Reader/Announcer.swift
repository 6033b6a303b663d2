// SPDX-License-Identifier: GPL-3.0-or-later
/// The announcement policy, in one place. Collects what one action makes the reader say and
/// show, in order:
/// - the first utterance of the answer to a user's command interrupts what is playing; the rest
///   of the answer queues behind it, so an error or a stale-data warning is never cut by a
///   message of the same answer;
/// - what the reader says on its own (start-up, load results, device notices, "sound is back")
///   queues and never interrupts;
/// - progress that replaces itself (a retry countdown) may interrupt the progress before it;
/// - every notice and error is also a braille message (the whole text, until its time is up or
///   the next key or command); the focused element's line waits for it.
struct Announcer {
    private(set) var effects: [Effect] = []
    /// A message went to the display during this action.
    private(set) var showedMessage: String?
    /// Any line went to the display during this action.
    private(set) var wroteBraille = false
    private let pronunciation: SpokenTextBuilder?
    /// Names signs in running text up to the user's punctuation level, before the lexicon.
    private let punctuation: PunctuationReader?
    /// A message of an earlier action is still on the display and this action is not the
    /// user's: the focused element's line waits for the message's time to be up.
    private let holdFocus: Bool

    /// Messages of this action that wait for the one shown (or for an earlier message still on
    /// the display) to have had their time, in order.
    private(set) var queuedMessages: [String] = []
    /// The focused element's line opens on its last window (FWINLT moved back to it: reading
    /// backwards goes on where the finger is).
    var focusFromEnd = false
    /// What a line break in a message becomes on the display: a visible mark, never a space that
    /// runs two sentences together.
    private let lineBreak: String
    /// The user's punctuation level, as the action found it (a setting that changes it sets it
    /// here too, so its own confirmation is read at the new level).
    var punctuationLevel: PunctuationLevel

    init(pronunciation: SpokenTextBuilder?, punctuation: PunctuationReader? = nil,
         punctuationLevel: PunctuationLevel = ReaderSettings().punctuation, holdFocus: Bool = false,
         lineBreak: String = " / ") {
        self.pronunciation = pronunciation
        self.punctuationLevel = punctuationLevel
        self.punctuation = punctuation
        self.holdFocus = holdFocus
        self.lineBreak = lineBreak
    }

    /// An effect asked for will bring the rest of the answer back as an action (a load, the
    /// devices' status, a practice seed, a device setting).
    var awaitsResult: Bool {
        effects.contains { effect in
            switch effect {
            case .loadCatalogue, .queryStatus, .preparePractice, .configureDevice, .readSettings, .loadStatistics,
                 .loadProgress, .readCopyText,
                 .backTranslate: true
            case .focus, .speak, .print, .braille, .braillePanned, .schedule, .cancelTimer, .notice, .error, .status, .morse,
                 .morseQuestion, .practiceAnswered, .copyResult, .playMorse, .playCorrection, .playQuestion, .silence, .brailleRhythm,
                 .persist, .recordAttempt, .whenSpoken, .quit, .prompt, .advanceDisplay, .sidetone, .sendingAnswered: false
            }
        }
    }

    mutating func append(_ effect: Effect) { effects.append(effect) }

    /// The element with its label, value and hint read at the user's punctuation level, for the
    /// generator to join (its own separators are then never read as signs).
    func punctuated(_ element: Element) -> Element {
        guard let punctuation else { return element }
        let level = punctuationLevel
        return Element(id: element.id, role: element.role, label: element.label,
                       spokenLabel: punctuation.read(element.spokenLabel, level: level), visibleText: element.visibleText,
                       hint: element.hint.map { punctuation.read($0, level: level) },
                       value: element.value.map { punctuation.read($0, level: level) },
                       selected: element.selected, action: element.action)
    }

    /// Where the printed line of what is said comes from: one answer, one line on every channel.
    enum Printing {
        /// The text as said (composed, before signs are named and the lexicon applied).
        case asSaid
        /// The same answer in its written form (an element's parts without its signs named).
        case line(String)
        /// Printed by the answer's own event (notice, error, status) or by the terminal (echo).
        case elsewhere
    }

    /// Says `text` (after the lexicon) under the policy, and prints it as `printing` says.
    /// `remember` false keeps it out of the history (the history read back is not itself
    /// history). `readPunctuation` false for text that already names its signs (a spelled word,
    /// a character's name).
    mutating func speak(_ text: String, priority: Utterance.Priority = .answer, remember: Bool = true,
                        readPunctuation: Bool = true, printing: Printing = .asSaid, _ state: inout AnnouncementState) {
        let read = readPunctuation ? punctuation?.read(text, level: punctuationLevel) ?? text : text
        let spoken = pronunciation?.build(read) ?? read
        guard !spoken.isEmpty else { return }
        let replacesProgress = priority == .progress && state.lastWasProgress
        let interrupt = state.answerPending || replacesProgress
        state.answerPending = false
        state.lastWasProgress = priority == .progress
        let printed: String? = switch printing {
        case .asSaid: text
        case .line(let line): line
        case .elsewhere: nil
        }
        effects.append(.speak(Utterance(text: spoken, interrupt: interrupt, priority: priority, printed: printed)))
        if remember {
            // As composed: read back later, it goes through the lexicon once more.
            state.history.append(text)
            if state.history.count > AnnouncementState.historyLimit {
                state.history.removeFirst(state.history.count - AnnouncementState.historyLimit)
            }
        }
    }

    /// `showing` false leaves the display to the caller, who shows the message with what follows it.
    mutating func notice(_ code: String, _ message: String, priority: Utterance.Priority = .answer,
                         remember: Bool = true, readPunctuation: Bool = true, detail: String? = nil, showing: Bool = true,
                         _ state: inout AnnouncementState) {
        effects.append(.notice(code: code, message: message, detail: detail))
        speak(message, priority: priority, remember: remember, readPunctuation: readPunctuation, printing: .elsewhere, &state)
        // A countdown goes on the display at once: queued, each second would wait for the last.
        if showing { showMessage(message, now: priority == .progress) }
        state.lastMessage = LastMessage(code: code, text: message, isError: false)
    }

    mutating func error(_ code: String, _ message: String, detail: String? = nil, _ state: inout AnnouncementState) {
        effects.append(.error(code: code, message: message, detail: detail))
        speak(message, priority: .error, printing: .elsewhere, &state)
        showMessage(message)
        state.lastMessage = LastMessage(code: code, text: message, isError: true)
    }

    /// A message for the braille display: one line, the whole text, panned by the display. The
    /// first message of an action goes to the display at once, unless an earlier message is
    /// still being read; the others queue, each to be shown for its whole time.
    mutating func showMessage(_ message: String, now: Bool = false) {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: lineBreak)
        guard now || (showedMessage == nil && !holdFocus) else {
            queuedMessages.append(line)
            return
        }
        effects.append(.braille(BrailleLine(text: line, cursor: 0, kind: .message)))
        showedMessage = line
        wroteBraille = true
    }

    /// The line being typed on the display's keyboard (or the focus it gives way to): shown at
    /// once, it takes the place of a message.
    mutating func showInput(_ line: BrailleLine) {
        effects.append(.braille(line))
        wroteBraille = true
    }

    /// The focused element's line, unless a message of this action is on the display: then it
    /// comes back when the message's time is up or at the next key or command.
    mutating func showFocus(_ line: BrailleLine) {
        guard showedMessage == nil, !holdFocus else { return }
        effects.append(.braille(focusFromEnd ? line.openingOnLastWindow : line))
        wroteBraille = true
    }
}
