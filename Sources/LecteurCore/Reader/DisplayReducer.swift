// SPDX-License-Identifier: GPL-3.0-or-later
/// The braille display's side of the reader, for someone who reads with the fingers alone:
/// - messages queue and each one stays for its whole time (`régler message-braille`, 0 = until
///   a key), in order, then the focused element comes back; panning a message restarts its time
///   (NVDA does: the finger is still reading); a key takes the message shown away and shows the
///   next one;
/// - `tout lire` without a voice shows each element window by window, one window every
///   `régler défilement-braille` seconds, to « Fin de l'écran. ».
/// Time is the runtime's (`Effect.schedule`); every decision is taken here, so store tests pin it.
struct DisplayReducer: Sendable {
    let navigator: Navigator

    var strings: Strings { navigator.strings }

    // MARK: Messages

    /// The braille side of one action, once it is reduced: a message of this action stays for
    /// its time (the others queue behind it); a user's command that wrote nothing takes the
    /// message shown away.
    func finish(byUser: Bool, _ state: inout ReaderState, _ out: inout Announcer) {
        if let message = out.showedMessage {
            // The answer to the user replaces what was waiting: it was said and shown before.
            state.display.queued = (byUser ? [] : state.display.queued) + out.queuedMessages
            hold(message, &state, &out)
        } else if !out.queuedMessages.isEmpty {
            // An earlier message is still being read: these wait for it.
            state.display.queued += out.queuedMessages
        } else if out.wroteBraille {
            state.display.message = nil
            state.display.queued = []
        } else if byUser, state.display.message != nil, !out.effects.contains(.quit) {
            if out.awaitsResult {
                // The result (the devices' status, a setting) shows itself when it comes.
                state.display.message = nil
                state.display.queued = []
            } else {
                showNext(&state, &out)
            }
        }
    }

    /// The message shown has had its time (its timer rang, or a key took it away): the next
    /// queued message, or the focused element where the review cursor was left.
    func showNext(_ state: inout ReaderState, _ out: inout Announcer) {
        guard !state.display.queued.isEmpty else {
            state.display.message = nil
            if let line = navigator.focusLine(state) { out.append(.braille(line)) }
            return
        }
        let message = state.display.queued.removeFirst()
        out.append(.braille(BrailleLine(text: message, cursor: 0, kind: .message)))
        hold(message, &state, &out)
    }

    /// The message's timer rang: only the message it was started for leaves.
    func messageTimeUp(token: Int, _ state: inout ReaderState, _ out: inout Announcer) {
        guard token == state.display.token, state.display.message != nil else { return }
        showNext(&state, &out)
    }

    /// The display showed another window of its line: a message being read keeps its whole time
    /// from there; a reading without a voice gives the new window its whole time too.
    func panned(_ kind: BrailleLine.Kind, _ state: inout ReaderState, _ out: inout Announcer) {
        if kind == .message, state.display.message != nil {
            scheduleExpiry(state, &out)
        } else if kind == .focus, let reading = state.display.reading {
            out.append(.schedule(.readAllWindow(token: reading.token), afterSeconds: state.settings.brailleScrollSeconds))
        }
    }

    private func hold(_ message: String, _ state: inout ReaderState, _ out: inout Announcer) {
        state.display.message = message
        state.display.token += 1
        scheduleExpiry(state, &out)
    }

    private func scheduleExpiry(_ state: ReaderState, _ out: inout Announcer) {
        guard state.settings.brailleMessageSeconds > 0 else { return }
        out.append(.schedule(.brailleMessage(token: state.display.token), afterSeconds: state.settings.brailleMessageSeconds))
    }

    // MARK: Reading without a voice

    /// Whether `tout lire` keeps the display's time rather than the voice's: no voice, and a
    /// display to read (without either, the transcript gets the screen at once).
    func paces(_ state: ReaderState) -> Bool { !state.devices.hasVoice && state.devices.hasDisplay }

    /// `tout lire`: the focused element is on the display (the command showed it); its first
    /// window gets its time.
    func startReading(_ state: inout ReaderState, _ out: inout Announcer) {
        state.readAllSerial += 1
        state.display.reading = DisplayReading(token: state.readAllSerial)
        out.append(.schedule(.readAllWindow(token: state.readAllSerial), afterSeconds: state.settings.brailleScrollSeconds))
    }

    /// A window has had its time: the display shows the line's next window, and says whether
    /// there was one (`.displayAdvanced`). A message on the display is read first.
    func windowTimeUp(token: Int, _ state: inout ReaderState, _ out: inout Announcer) {
        guard state.display.reading?.token == token else { return }
        if state.display.message != nil {
            out.append(.schedule(.readAllWindow(token: token), afterSeconds: state.settings.brailleScrollSeconds))
        } else {
            out.append(.advanceDisplay)
        }
    }

    /// The display answered `.advanceDisplay`: another window of the same element has its time,
    /// or the reading moves on to the next element.
    func advanced(moved: Bool, _ state: inout ReaderState, _ out: inout Announcer) {
        guard let reading = state.display.reading else { return }
        if moved {
            out.append(.schedule(.readAllWindow(token: reading.token), afterSeconds: state.settings.brailleScrollSeconds))
        } else {
            nextElement(&state, &out)
        }
    }

    /// The next element from its first window (the panning key past a line's end skips there
    /// too, and the reading goes on); after the last one, « Fin de l'écran. » on the display.
    func nextElement(_ state: inout ReaderState, _ out: inout Announcer) {
        guard let reading = state.display.reading else { return }
        let screen = navigator.builder.screen(for: state)
        let index = min(max(state.focus[screen.id] ?? 0, 0), max(screen.elements.count - 1, 0))
        guard index + 1 < screen.elements.count else {
            state.display.reading = nil
            out.notice("readAll.end", strings(.readAllEnd), priority: .notice, &state.announcement)
            return
        }
        state.focus[screen.id] = index + 1
        navigator.announceFocus(&state, &out)
        out.append(.schedule(.readAllWindow(token: reading.token), afterSeconds: state.settings.brailleScrollSeconds))
    }
}

/// `tout lire` on the display, while it runs: the token its window timer rings with.
public struct DisplayReading: Hashable, Sendable {
    public let token: Int
}
