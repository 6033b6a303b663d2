// SPDX-License-Identifier: GPL-3.0-or-later
/// Sending practice, while it runs (the reader's exercise is `.sending`): chooses the keying
/// level from what the terminal can give (and says why a level is missing), turns single keys
/// into keyed elements with their sidetone, ends a character on the silence timer, and says,
/// shows, sounds and stores what the pure `SendingSession` decides.
struct SendingReducer: ExerciseChild {
    typealias Session = SendingSession<SeededRandom>
    let strings: Strings
    let alphabet: MorseAlphabet
    let tones: MorseTones

    func start(_ mode: SendingMode, seed: UInt64, kochLevel: Int, _ session: inout Session?,
               _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        let learnt = Array(context.settings.kochOrder.symbols(alphabet).prefix(max(PracticeMode.kochStartLevel, kochLevel)))
        var started = SendingSession(mode: mode, learnt: learnt, wpm: context.settings.effectiveSendingWPM,
                                     random: SeededRandom(seed: seed))
        let (level, note) = Self.level(context, strings)
        let effects = started.start(level: level, note: note, keyer: context.settings.keyer)
        session = started
        return run(effects, &session, context, &out)
    }

    /// Straight key where releases are reported, tapping on any other terminal in single-key
    /// mode, patterns everywhere else; the reason a better level is missing, to say.
    static func level(_ context: ExerciseContext, _ strings: Strings) -> (KeyingLevel, String?) {
        guard context.onTerminal, context.settings.inputMode == .keys else {
            return (.pattern, context.onTerminal ? strings(.morseSendingLinesOnly) : nil)
        }
        let paddles = context.settings.keyer.isIambic
        guard context.keyReleases == true else {
            return (.tapping, strings(paddles ? .morsePaddlesNoReleases : .morseSendingNoStraightKey))
        }
        return (paddles ? .paddles : .straightKey, nil)
    }

    /// The paddles, under the right hand's index and middle fingers on the home row (j carries
    /// the bump every keyboard has, and sits at the same place in AZERTY and QWERTY), mirrored
    /// for the left hand (f, with its bump, and d): the dit paddle under the index, as a
    /// paddle's dit lever is under the thumb or index. Their releases come from the kitty protocol.
    static func paddle(for key: Key) -> (Paddle, pressed: Bool)? {
        switch key {
        case .character("j"), .character("J"), .character("f"), .character("F"): (.dit, true)
        case .character("k"), .character("K"), .character("d"), .character("D"): (.dah, true)
        case .released("j"), .released("J"), .released("f"), .released("F"): (.dit, false)
        case .released("k"), .released("K"), .released("d"), .released("D"): (.dah, false)
        default: nil
        }
    }

    /// The keys that key Morse while sending runs in single-key mode: j or `.` a dit, k or `-` a
    /// dah, and the space bar held as a straight key (its release comes from the kitty protocol).
    static func event(for key: Key, atMs: Double) -> KeyingEvent? {
        switch key {
        case .character("j"), .character("J"), .character("."): .element(.dot, atMs: atMs)
        case .character("k"), .character("K"), .character("-"): .element(.dash, atMs: atMs)
        case .character(" "): .down(atMs: atMs)
        case .released(" "): .up(atMs: atMs)
        default: nil
        }
    }

    /// Whether the key is keying (no session running, or another key: the key table's).
    func takes(_ key: Key, _ session: Session, _ context: ExerciseContext) -> Bool {
        guard session.isActive, !context.quitPending else { return false }
        if case .released = key { return true }
        if session.level == .paddles { return Self.paddle(for: key) != nil }
        return Self.event(for: key, atMs: 0) != nil
    }

    func key(_ key: Key, atMs: Double, _ slice: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        if slice?.level == .paddles { return paddle(key, atMs: atMs, &slice, context, &out) }
        guard var session = slice, let event = Self.event(for: key, atMs: atMs) else { return [] }
        let answered = session.key(event)
        slice = session
        if !answered.isEmpty {
            // A flood of presses: the sending is cut and answered now, its timer stopped.
            out.append(.sidetone(.release))
            out.append(.cancelTimer(.sendingSilence))
            return run(answered, &slice, context, &out)
        }
        let settings = context.settings.morse
        let sidetone: Sidetone
        switch event {
        case .element(let element, _):
            // The first element cuts what was being said; the next ones queue behind the tone
            // still sounding, as their marks start when it ends.
            if session.marks.count == 1 { out.append(.silence) }
            sidetone = .element(element, durationMs: Double(element.units) * session.unitMs, settings: settings)
        case .down:
            out.append(.silence)
            out.append(.cancelTimer(.sendingSilence))
            // Nothing keyed yet: the tone alone, the display keeps what it shows.
            out.sound(keying([.hold(settings)], shown: nil, settings))
            return []
        case .up:
            sidetone = .release
        }
        out.sound(keying([sidetone], shown: session.keyedCells(alphabet: alphabet), settings))
        if let deadline = session.silenceDeadlineMs {
            out.append(.schedule(.sendingSilence, afterSeconds: max(0, deadline - atMs) / 1000))
        }
        return []
    }

    /// A paddle pressed or let go: the keyer starts an element at once when idle, or remembers.
    private func paddle(_ key: Key, atMs: Double, _ slice: inout Session?, _ context: ExerciseContext,
                        _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard var session = slice, let (paddle, pressed) = Self.paddle(for: key) else { return [] }
        let fresh = session.marks.isEmpty
        let step = session.paddle(paddle, pressed: pressed, atMs: atMs)
        slice = session
        // A new sending's first element cuts what was being said (the last verdict); later
        // ones must not cut the keyer's own pieces still playing.
        if fresh, !step.elements.isEmpty { out.append(.silence) }
        return keyed(step, atMs: atMs, &slice, context, &out)
    }

    /// The keyer's clock rang at `atMs`: the element its space ended is followed, or not.
    func clock(atMs: Double, _ slice: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard var session = slice, session.keyerClockMs != nil else { return [] }
        let step = session.clock()
        slice = session
        return keyed(step, atMs: atMs, &slice, context, &out)
    }

    /// Sounds the keyer's new elements, and sets the next clock: the keyer's next decision, or
    /// once it is idle the silence that ends the sending. Both are counted from the keyer's own
    /// times, so a timer that rang late does not push the next one later.
    private func keyed(_ step: Session.PaddleStep, atMs: Double, _ slice: inout Session?, _ context: ExerciseContext,
                       _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard let session = slice else { return [] }
        if !step.effects.isEmpty {
            out.append(.cancelTimer(.keyer))
            out.append(.cancelTimer(.sendingSilence))
            return run(step.effects, &slice, context, &out)
        }
        let settings = context.settings.morse
        if !step.elements.isEmpty {
            let tones = step.elements.map { Sidetone.keyed($0.element, markMs: $0.markMs, spaceMs: $0.unitMs, settings: settings) }
            out.sound(keying(tones, shown: session.keyedCells(alphabet: alphabet), settings))
        }
        if let next = session.keyerClockMs {
            out.append(.cancelTimer(.sendingSilence))
            if !step.elements.isEmpty { out.append(.schedule(.keyer, afterSeconds: max(0, next - atMs) / 1000)) }
        } else if let deadline = session.silenceDeadlineMs {
            out.append(.schedule(.sendingSilence, afterSeconds: max(0, deadline - atMs) / 1000))
        }
        return []
    }

    /// The learner's keying as one announcement: its tones heard as keyed, and on the display
    /// the pattern keyed so far (« Manipulé : ⠂⠒ », `cells`), after the last tone: progress that
    /// replaces itself at once, as a countdown does (queued, each element would wait for the
    /// last one's time). The transcript's line for each tone is its `morse` event.
    private func keying(_ tones: [Sidetone], shown cells: String?, _ settings: MorseSettings) -> Announcement {
        var parts = tones.map { Announcement.Part.tone(Announcement.Tone(.sidetone($0), settings: settings)) }
        if let cells, let last = tones.last {
            parts[parts.count - 1] = .tone(Announcement.Tone(.sidetone(last), settings: settings,
                                                             shown: strings(.morseSendingKeying, ["cells": cells])))
        }
        return Announcement(.progress, parts, remember: false)
    }

    /// A typed pattern; it ends whatever was being keyed, so the silence timer stops.
    func judge(_ line: String, atMs: Double?, _ session: inout Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [SendingEffect] {
        out.append(.cancelTimer(.sendingSilence))
        return session.line(line, alphabet: alphabet)
    }

    /// The silence timer rang: the character (or word) keyed is decoded and judged.
    func silence(_ session: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard let effects = session?.silence(alphabet: alphabet) else { return [] }
        return run(effects, &session, context, &out)
    }

    func whereAmI(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        out.notice("sending.where", strings(.morseSendingWhere, count: session.summary.correct, ["question": "\(session.question)",
                                                               "correct": "\(session.summary.correct)",
                                                               "attempts": "\(session.summary.attempts)"]))
    }

    /// `aide` during sending: how to key at this level.
    func help(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        out.notice("sending.help", SendingMessages(strings: strings, alphabet: alphabet).howToKey(session.how))
    }

    func run(_ effects: [SendingEffect], _ session: inout Session?, _ context: ExerciseContext,
             _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        // The verdict stays on the display in front of the next question, for a braille reader
        // (`Announcer.showHeld`).
        let messages = SendingMessages(strings: strings, alphabet: alphabet)
        var asks = false
        for effect in effects {
            switch effect {
            case .tell(let news):
                out.notice("sending", messages.news(news), showing: false)
                if case .ask = news { asks = true } else { asks = false }
            case .sound(let text, let question):
                tones.ask(text, question: question, settings: context.settings.morse,
                          showing: context.questionBraille, &out)
            case .answered(let result):
                out.append(.sendingAnswered(result))
            case .record(let attempt):
                out.append(.recordAttempt(attempt))
            case .ended:
                let paddles = session?.level == .paddles
                session = nil
                out.append(.cancelTimer(.sendingSilence))
                if paddles { out.append(.cancelTimer(.keyer)) }
            }
        }
        // The verdict answers the user's keying even when the silence timer brings it: it takes
        // the place of the keyed pattern on the display at once, never queued behind it. The
        // question asked last opens the line.
        if asks {
            out.showHeldQuestionLast(now: true)
        } else {
            out.showHeld(now: true)
        }
        return []
    }
}
