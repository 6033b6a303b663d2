// SPDX-License-Identifier: GPL-3.0-or-later
/// The braille display's side of the reader, for someone who reads with the fingers alone:
/// - the answer the user asked for stays until a key (a deafblind user reads it at their own
///   pace, however long it is); what the reader says on its own flashes: it stays for its whole
///   time (`régler message-braille`, 0 = until a key);
/// - messages queue, in order, then the focused element comes back; panning a flashing message
///   restarts its time (NVDA does: the finger is still reading); a key takes the message shown
///   away and shows the next one;
/// - `tout lire` without a voice shows each element window by window, one window every
///   `régler défilement-braille` seconds, to « Fin de l'écran. ».
/// Time is the runtime's (`Effect.schedule`); every decision is taken here, so store tests pin it.
/// A child that owns its slice (`DisplayState`) and reads the settings as values: where the
/// focused element must come back (a `true` answer, `Delegate.focusBack` from `reduce`) or the
/// reading move to the next element (`Delegate.readNextElement`), the root does it with
/// navigation (`Reader.focusBack`, `Reader.readNextOnDisplay`).
struct DisplayReducer: Sendable {
    let strings: Strings

    // MARK: Messages

    /// The braille side of one action, once it is reduced: a message of this action stays for
    /// its time (the others queue behind it); a user's command that wrote nothing takes the
    /// message shown away. `.focusBack` when the focused element comes back on the display.
    /// `question`: the exercise's question waiting for its answer, that stays on the display.
    /// `written`: what the action put on the display, as the root's output summed it up.
    func finish(byUser: Bool, _ written: DisplayWritten, question: String? = nil, _ display: inout DisplayState,
                _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        if let message = written.showedMessage {
            // The answer to the user replaces what was waiting: it was said and shown before.
            display.queued = (byUser ? [] : display.queued) + written.queuedMessages
            return hold(message, stays: written.showedMessageStays, &display, settings)
        } else if !written.queuedMessages.isEmpty {
            // An earlier message is still being read: these wait for it. A question waits for
            // its answer, not for them: they are shown now, and the question comes back after.
            // So does a line that stays until a key during an exercise (the last verdict and its
            // question): what the reader says on its own, the next question of a drill's timer
            // among it, must not wait for a key that may never come.
            display.queued += written.queuedMessages
            if let question, Self.shows(question, display) || display.messageStays {
                return showNext(question: question, &display, settings)
            }
        } else if written.wroteBraille {
            display.message = nil
            display.queued = []
        } else if byUser, display.message != nil, !written.quits {
            if written.awaitsResult {
                // The result (the devices' status, a setting) shows itself when it comes.
                display.message = nil
                display.queued = []
            } else {
                return showNext(question: question, &display, settings)
            }
        }
        return ChildOutput()
    }

    /// The message shown has had its time (its timer rang, or a key took it away): the next
    /// queued message, else the question waiting for its answer (it stays: a learner reading by
    /// touch must find it until answered), or (`.focusBack`) the focused element where the
    /// review cursor was left.
    func showNext(question: String? = nil, _ display: inout DisplayState, _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        guard !display.queued.isEmpty else {
            if let question {
                guard !Self.shows(question, display) else { return ChildOutput() }
                display.message = question
                display.token += 1
                return ChildOutput([.effect(.braille(BrailleLine(text: question, cursor: 0, kind: .message)))])
            }
            display.message = nil
            return ChildOutput(delegates: [.focusBack])
        }
        let message = display.queued.removeFirst()
        var out = ChildOutput<Delegate>([.effect(.braille(BrailleLine(text: message, cursor: 0, kind: .message)))])
        out.merge(hold(message, &display, settings))
        return out
    }

    /// The message's timer rang: only the message it was started for leaves (`.focusBack`: the
    /// focused element comes back).
    func messageTimeUp(token: Int, question: String? = nil, _ display: inout DisplayState,
                       _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        guard token == display.token, display.message != nil else { return ChildOutput() }
        return showNext(question: question, &display, settings)
    }

    /// Whether the question alone is on the display: it stays there. After the verdict it
    /// followed has had its time, the question comes back alone, on the display's first window.
    static func shows(_ question: String, _ display: DisplayState) -> Bool {
        display.message == question
    }

    /// The display showed another window of its line: a message being read keeps its whole time
    /// from there; a reading without a voice gives the new window its whole time too.
    func panned(_ kind: BrailleLine.Kind, _ display: DisplayState, _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        if kind == .message, display.message != nil, !display.messageStays {
            return expiry(display, settings)
        } else if kind == .focus, let reading = display.reading {
            return windowTime(reading.token, settings)
        }
        return ChildOutput()
    }

    /// `stays`: an answer the user asked for, on the display until a key (no timer).
    private func hold(_ message: String, stays: Bool = false, _ display: inout DisplayState,
                      _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        display.message = message
        display.token += 1
        display.messageStays = stays
        return stays ? ChildOutput() : expiry(display, settings)
    }

    private func expiry(_ display: DisplayState, _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        guard settings.brailleMessageSeconds > 0 else { return ChildOutput() }
        return ChildOutput([.effect(.schedule(.brailleMessage(token: display.token), afterSeconds: settings.brailleMessageSeconds))])
    }

    /// A window of a reading without a voice gets its time.
    private func windowTime(_ token: Int, _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        ChildOutput([.effect(.schedule(.readAllWindow(token: token), afterSeconds: settings.brailleScrollSeconds))])
    }

    // MARK: Reading without a voice

    /// Whether `tout lire` keeps the display's time rather than the voice's: no voice, and a
    /// display to read (without either, the transcript gets the screen at once).
    func paces(_ devices: DeviceState) -> Bool { !devices.hasVoice && devices.hasDisplay }

    /// `tout lire`: the focused element is on the display (the command showed it); its first
    /// window gets its time.
    func startReading(_ display: inout DisplayState, _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        display.readAllSerial += 1
        display.reading = DisplayReading(token: display.readAllSerial)
        return windowTime(display.readAllSerial, settings)
    }

    /// A window has had its time: the display shows the line's next window, and says whether
    /// there was one (`.displayAdvanced`). A message on the display is read first.
    func windowTimeUp(token: Int, _ display: DisplayState, _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        guard display.reading?.token == token else { return ChildOutput() }
        return display.message != nil ? windowTime(token, settings) : ChildOutput([.effect(.advanceDisplay)])
    }

    /// The display answered `.advanceDisplay`: another window of the same element has its time,
    /// or (`.readNextElement`) the reading moves on to the next element.
    func advanced(moved: Bool, _ display: DisplayState, _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        guard let reading = display.reading else { return ChildOutput() }
        guard moved else { return ChildOutput(delegates: [.readNextElement]) }
        return windowTime(reading.token, settings)
    }

    /// The reading moved to the next element (navigation focused and announced it): its first
    /// window gets its time.
    func nextElementShown(_ display: DisplayState, _ settings: ReaderSettings) -> ChildOutput<Delegate> {
        guard let reading = display.reading else { return ChildOutput() }
        return windowTime(reading.token, settings)
    }

    // MARK: Reading with a voice

    /// `tout lire` by voice: the next step waits for what is being said to be heard.
    func continueReading(_ display: inout DisplayState) -> ChildOutput<Delegate> {
        display.readAllSerial += 1
        display.readAll = display.readAllSerial
        var out = ChildOutput<Delegate>()
        out.mark(display.readAllSerial)
        return out
    }

    /// The last element was read (by voice or on the display): « Fin de l'écran. ».
    func readingEnded(_ display: inout DisplayState) -> ChildOutput<Delegate> {
        display.readAll = nil
        display.reading = nil
        return ChildOutput([.say(.notice("readAll.end", strings(.readAllEnd), kind: .notice))])
    }
}

/// What one action put on the display, summed up by the root's output (`Announcer.written`) for
/// the display's policy once the action is reduced (`DisplayReducer.Action.finish`): the child
/// reads this value, not the output the other children wrote.
struct DisplayWritten: Equatable {
    /// The message shown at once (the first of the action), if any.
    var showedMessage: String?
    /// It stays until a key (an answer the user asked for).
    var showedMessageStays = false
    /// The action's other messages, waiting for the one shown (or for an earlier one).
    var queuedMessages: [String] = []
    /// Any line went to the display.
    var wroteBraille = false
    /// The action ends the reader (`.quit`): the goodbye keeps the display.
    var quits = false
    /// An effect will bring the rest of the answer back as an action.
    var awaitsResult = false
}
