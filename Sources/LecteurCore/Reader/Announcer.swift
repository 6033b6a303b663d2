// SPDX-License-Identifier: GPL-3.0-or-later
/// The announcement policy, in one place, and the output of one action: it collects what the
/// action makes the reader say and show, in order, and owns the announcement state while the
/// action is reduced (the root copies `ReaderState.announcement` in and writes it back at the
/// end), so a child is handed this one value and nothing beside it. Every answer comes to it as
/// one `Announcement` (`say`), rendered to every channel at once:
/// - the first utterance of the answer to a user's command interrupts what is playing; the rest
///   of the answer queues behind it, so an error or a stale-data warning is never cut by a
///   message of the same answer;
/// - what the reader says on its own (start-up, load results, device notices, "sound is back")
///   queues and never interrupts;
/// - progress that replaces itself (a retry countdown) may interrupt the progress before it;
/// - every notice and error is also a braille message (the whole text); an answer the user asked
///   for stays until a key, what the reader says on its own flashes for `message-braille`
///   seconds; the focused element's line waits for it.
struct Announcer {
    private(set) var effects: [Effect] = []
    /// What was said and how the next utterance is said: `ReaderState.announcement` while the
    /// action is reduced.
    var announcement: AnnouncementState
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
    /// The display's form of each announcement of this action said `.withWhatFollows`, in
    /// order: the caller shows them with what follows them (`showHeld`), so a verdict reaches
    /// the display from the very value that was said and printed.
    private(set) var held: [String] = []
    /// One of `held` answers the user (an answer, or an error in one, in an action that
    /// answers): the line it is shown in stays until a key.
    private var heldStays = false
    /// A question of this action takes the display at once, in place of a message still shown
    /// or queued (a timed drill by touch: its clock runs from when the question is shown).
    var questionTakesDisplay = false
    /// A question's printed line waits for its tones to be heard (beside a screen reader).
    var questionPrintedWhenHeard = false
    /// A correction's end is reported (`Action.correctionHeard`), its verdict printed then.
    var correctionReportsHeard = false
    /// The focused element's line opens on its last window (FWINLT moved back to it: reading
    /// backwards goes on where the finger is).
    var focusFromEnd = false
    /// Renders each announcement to the printed line, the voice and the display.
    let presenter: AnnouncementPresenter
    /// The action is the user's, or brings the answer they asked for (a status, a setting read
    /// back): an error said in it is part of the answer.
    private let answering: Bool
    /// The message shown by this action stays until a key (an answer the user asked for).
    private(set) var showedMessageStays = false
    /// An answer longer than three display windows that names its screen opens as one, except
    /// during an exercise (its display holds the question).
    private let opensScreens: Bool
    /// The answer of this action too long for a message: the root opens it as a screen.
    private(set) var longAnswer: LongAnswer?
    /// The most cells an answer may take and stay a message: three windows of the display.
    private let screenCells: Int
    /// How many cells a line takes on the display (after contraction, with the table in use);
    /// nil: one a character.
    private let cells: (@Sendable (String) -> Int)?
    /// The user's punctuation level, as the action found it (a setting that changes it sets it
    /// here too, so its own confirmation is read at the new level).
    var punctuationLevel: PunctuationLevel

    init(presenter: AnnouncementPresenter, announcement: AnnouncementState = AnnouncementState(),
         pronunciation: SpokenTextBuilder?, punctuation: PunctuationReader? = nil,
         punctuationLevel: PunctuationLevel = ReaderSettings().punctuation, holdFocus: Bool = false, answering: Bool = false,
         opensScreens: Bool = false, displayColumns: Int? = nil, cells: (@Sendable (String) -> Int)? = nil) {
        self.announcement = announcement
        self.opensScreens = opensScreens
        screenCells = AnnouncementPresenter.screenWindows * (displayColumns ?? AnnouncementPresenter.referenceColumns)
        self.cells = cells
        self.presenter = presenter
        self.pronunciation = pronunciation
        self.punctuationLevel = punctuationLevel
        self.punctuation = punctuation
        self.holdFocus = holdFocus
        self.answering = answering
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
                 .persist, .recordAttempt, .storeCopyResult, .whenSpoken, .quit, .prompt, .advanceDisplay, .sidetone, .sendingAnswered,
                 .inputMode, .keyReleases, .closing, .quitPending, .reading, .completed, .whenSettled, .runPiped: false
            }
        }
    }

    mutating func append(_ effect: Effect) { effects.append(effect) }

    /// What this action put on the display so far, for the display's policy once the action is
    /// reduced (`DisplayReducer.Action.finish`).
    var written: DisplayWritten {
        DisplayWritten(showedMessage: showedMessage, showedMessageStays: showedMessageStays, queuedMessages: queuedMessages,
                       wroteBraille: wroteBraille, quits: effects.contains(.quit), awaitsResult: awaitsResult)
    }

    /// Says, prints and shows one announcement, each channel in its own form
    /// (`AnnouncementPresenter`): its event (notice, error, status) first, then its speech
    /// under the policy, then its braille message, whose life its kind decides.
    /// Returns the display's line it showed or queued (a question's, with the verdict before
    /// it), nil when it showed none.
    @discardableResult
    mutating func say(_ announcement: Announcement) -> String? {
        var state = self.announcement
        let shown = present(announcement, &state)
        self.announcement = state
        return shown
    }

    /// `say` with the announcement state it may change handed in: the output's own, or a
    /// throw-away one for a sound without words (`sound`).
    private mutating func present(_ announcement: Announcement, _ state: inout AnnouncementState) -> String? {
        let printed = presenter.words(announcement.parts)
        let braille = presenter.braille(announcement)
        switch announcement.record {
        case .notice(let code):
            // The display's form rides on the event only when it differs: the contract says what
            // a braille reader was given.
            effects.append(.notice(code: code, message: printed, detail: announcement.detail,
                                   braille: braille == presenter.oneLine(printed) ? nil : braille))
            state.lastMessage = LastMessage(code: code, text: printed, isError: false)
        case .error(let code):
            effects.append(.error(code: code, message: printed, detail: announcement.detail))
            state.lastMessage = LastMessage(code: code, text: printed, isError: true)
        case .status(let status):
            effects.append(.status(status, message: printed))
        case .printed, .terminal:
            break
        }
        if announcement.kind == .question, announcement.display == .message {
            // On the display before its tones start, so a learner reading by touch has it from
            // the first tone; the verdict said before it comes first, on one line.
            // It stays until answered when it answers what the user did (their answer, the
            // command that started the exercise, a replay); asked on the reader's own (a drill's
            // timer), it flashes and comes back after its time (`DisplayReducer.showNext`).
            // The question first, on window 1, the verdict and progress after it: a reader by
            // touch finds what to answer without panning.
            let shown = showHeld(then: braille.isEmpty ? nil : braille, now: questionTakesDisplay, stays: answering, questionFirst: true)
            voice(announcement, printed: printed, &state)
            return shown
        }
        voice(announcement, printed: printed, &state)
        if announcement.display == .withWhatFollows, !braille.isEmpty {
            held.append(braille)
            if answering, stays(announcement.kind) { heldStays = true }
        }
        guard announcement.display == .message else { return nil }
        guard !braille.isEmpty else { return nil }
        if announcement.kind == .answer, let title = announcement.screenTitle, opensScreens, longAnswer == nil,
           (cells?(braille) ?? braille.count) > screenCells {
            // Said and printed whole; the display gets it as a screen (the root opens it).
            longAnswer = LongAnswer(title: title, lines: presenter.lines(announcement.brailleForm ?? printed))
            return nil
        }
        // A countdown goes on the display at once: queued, each second would wait for the last.
        showMessage(braille, now: announcement.kind == .progress, stays: stays(announcement.kind))
        return presenter.oneLine(braille)
    }

    /// An announcement without words (a question's or a correction's tones, an index mark):
    /// it says nothing, so what was said (`AnnouncementState`: the pending answer, the history,
    /// the last message) is not its to change; a tone the user asked for alone (`morse TEXTE`)
    /// goes through `say`, since it takes the answer's place.
    @discardableResult
    mutating func sound(_ announcement: Announcement) -> String? {
        var unchanged = AnnouncementState()
        return present(announcement, &unchanged)
    }

    /// An exercise's question (`MorseTones.ask`): its tones, then, read by touch in rhythm, the
    /// rhythm ending on the line the display shows of it (the verdict held before it included).
    private mutating func ask(_ question: Announcement, label: String, now: Bool, printedWhenHeard: Bool, rhythm: MorseTimeline?) {
        questionTakesDisplay = now
        questionPrintedWhenHeard = printedWhenHeard
        let message = sound(question) ?? label
        questionTakesDisplay = false
        questionPrintedWhenHeard = false
        if let rhythm {
            effects.append(.brailleRhythm(BrailleRhythm(rhythm, then: BrailleLine(text: message, cursor: 0, kind: .message))))
        }
    }

    /// An index mark of its own (read-all's step: the next element once this one is heard).
    mutating func mark(_ token: Int) {
        sound(Announcement(.answer, [.mark(token)], display: .none, remember: false))
    }

    /// Whether a message of this kind stays on the display until a key: what the user asked
    /// for does (an error in it too); what the reader says on its own flashes.
    private func stays(_ kind: Announcement.Kind) -> Bool {
        switch kind {
        case .answer: true
        case .error: answering
        // A question flashes: it comes back after its time until it is answered
        // (`DisplayReducer.showNext`).
        case .context, .notice, .progress, .question: false
        }
    }

    /// The voice of an announcement, in order: its words (after their signs are named and the
    /// lexicon applied) with its printed line on the first of them, its tones, its marks; and
    /// the history.
    private mutating func voice(_ announcement: Announcement, printed: String, _ state: inout AnnouncementState) {
        let level = punctuationLevel
        let pieces = presenter.voice(announcement.parts) { punctuation?.read($0, level: level) ?? $0 }
        let priority = announcement.priority
        // Printed by the speech event unless its own event or the terminal prints it.
        var line: String? = announcement.record == .printed ? printed : nil
        var spoke = false
        for piece in pieces {
            switch piece {
            case .words(let read):
                let spoken = pronunciation?.build(read) ?? read
                guard !spoken.isEmpty else { continue }
                let replacesProgress = priority == .progress && state.lastWasProgress
                let interrupt = state.answerPending || replacesProgress
                state.answerPending = false
                state.lastWasProgress = priority == .progress
                effects.append(.speak(Utterance(text: spoken, interrupt: interrupt, priority: priority, printed: line)))
                // One printed line per announcement, however many pieces the voice gets.
                line = nil
                spoke = true
            case .tone(let tone):
                play(tone, &state)
            case .mark(let token):
                effects.append(.whenSpoken(token: token))
            }
        }
        if spoke, announcement.remember {
            // As composed: read back later, it goes through the lexicon once more.
            state.history.append(printed)
            if state.history.count > AnnouncementState.historyLimit {
                state.history.removeFirst(state.history.count - AnnouncementState.historyLimit)
            }
        }
    }

    /// A tone part: its `morse` event, then its sound, queued at the voice's mark after what
    /// was said before it.
    private mutating func play(_ tone: Announcement.Tone, _ state: inout AnnouncementState) {
        let settings = tone.settings
        switch tone.sound {
        case .playback(let text, let report):
            if state.answerPending {
                // The tones are the whole answer: stale speech stops for them, as it would for words.
                effects.append(.silence)
                state.answerPending = false
            }
            effects.append(.morse(report))
            effects.append(.playMorse(text: text, settings: settings))
        case .correction(let text, let report):
            effects.append(.morse(report))
            effects.append(.playCorrection(text: text, settings: settings, heard: correctionReportsHeard))
        case .question(let text, let number):
            // The number only: nothing before the answer gives the question away.
            effects.append(.morseQuestion(MorseQuestionReport(question: number, wpm: settings.wpm, toneHz: settings.toneHz,
                                                              printed: !questionPrintedWhenHeard)))
            effects.append(.playQuestion(text: text, settings: settings, question: number))
        case .sidetone(let sidetone):
            // Its own event: the transcript's `morse` line with `sidetone`.
            effects.append(.sidetone(sidetone))
        }
    }

    /// A notice: `say` of one sentence recorded as a `notice` event. `showing` false leaves the
    /// display to the caller, who shows it with what follows it.
    mutating func notice(_ code: String, _ message: String, kind: Announcement.Kind = .answer,
                         remember: Bool = true, readPunctuation: Bool = true, detail: String? = nil, showing: Bool = true,
                         brailleForm: String? = nil) {
        say(.notice(code, message, kind: kind, remember: remember, readPunctuation: readPunctuation, detail: detail,
                    showing: showing, brailleForm: brailleForm))
    }

    mutating func error(_ code: String, _ message: String, detail: String? = nil) {
        say(.error(code, message, detail: detail))
    }

    /// Carries out what a child returned, in its order: its announcements said under the
    /// policy, its effects appended; gives back what it asks of the rest.
    mutating func feed<Delegate>(_ output: ChildOutput<Delegate>) -> [Delegate] {
        for step in output.steps {
            switch step {
            case .say(let announcement): say(announcement)
            case .effect(let effect): append(effect)
            case .sound(let announcement): sound(announcement)
            case .showFocus(let line): showFocus(line)
            case .showMessage(let message, let now, let stays): showMessage(message, now: now, stays: stays)
            case .showInput(let line): showInput(line)
            case .showHeld(let follow, let now): showHeld(then: follow, now: now)
            case .showHeldQuestionLast(let now): showHeldQuestionLast(now: now)
            case .answerPending(let pending): announcement.answerPending = pending
            case .interrupting(let said):
                let pending = announcement.answerPending
                announcement.answerPending = true
                say(said)
                announcement.answerPending = pending
            case .punctuationLevel(let level): punctuationLevel = level
            case .correction(let tones, let reportsHeard):
                correctionReportsHeard = reportsHeard
                sound(tones)
                correctionReportsHeard = false
            case .ask(let question, let label, let now, let printedWhenHeard, let rhythm):
                ask(question, label: label, now: now, printedWhenHeard: printedWhenHeard, rhythm: rhythm)
            }
        }
        return output.delegates
    }

    /// What was said `.withWhatFollows` in this action (a verdict), then `follow` (a question's
    /// number, which is never said: nothing before the answer gives the question away), as one
    /// message; nil when there is nothing to show. Its life is its announcements' kind: a
    /// verdict that answers the user stays until a key, then the question waiting for its answer
    /// comes back alone (`DisplayReducer.showNext`); what the reader said on its own flashes.
    /// `now`: at once, in place of what the display shows (a keyed pattern).
    @discardableResult
    mutating func showHeld(then follow: String? = nil, now: Bool = false) -> String? {
        showHeld(then: follow, now: now, stays: false)
    }

    /// The last message held is a question (sending practice's « Envoyez K. »): it opens the
    /// display's line, on window 1, what was said before it (the introduction, the verdict)
    /// after it in brackets (issue 45, item 7: after a long introduction it was 7 windows in).
    mutating func showHeldQuestionLast(now: Bool = false) {
        guard let question = held.popLast() else { return }
        _ = showHeld(then: question, now: now, stays: false, questionFirst: true)
    }

    /// `stays`: the line stays until a key even when nothing held answers the user (a question
    /// that does).
    private mutating func showHeld(then follow: String?, now: Bool = false, stays: Bool, questionFirst: Bool = false) -> String? {
        // A question first: what was said before it (the last verdict, an introduction) after
        // it in brackets, so nothing there reads as this question's answer.
        let line = if questionFirst, let follow, !held.isEmpty {
            follow + " (" + held.joined(separator: " ") + ")"
        } else {
            (held + [follow].compactMap { $0 }).joined(separator: " ")
        }
        let staying = stays || heldStays
        held = []
        heldStays = false
        guard !line.isEmpty else { return nil }
        showMessage(line, now: now, stays: staying)
        return line
    }

    /// A message for the braille display: one line, the whole text, panned by the display. The
    /// first message of an action goes to the display at once, unless an earlier message is
    /// still being read; the others queue, each to be shown for its whole time.
    /// `stays`: the message stays until a key rather than for `message-braille` seconds (only
    /// the first message of an action has a say; those queued behind it flash).
    mutating func showMessage(_ message: String, now: Bool = false, stays: Bool = false) {
        let line = presenter.oneLine(message)
        guard now || (showedMessage == nil && !holdFocus) else {
            queuedMessages.append(line)
            return
        }
        effects.append(.braille(BrailleLine(text: line, cursor: 0, kind: .message)))
        if showedMessage == nil || now { showedMessageStays = stays }
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

/// An answer too long for the display as a message, as its screen lists it.
struct LongAnswer: Hashable, Sendable {
    let title: String
    let lines: [String]
}
