// SPDX-License-Identifier: GPL-3.0-or-later
/// Sending practice, while it runs (`state.sending`): chooses the keying level from what the
/// terminal can give (and says why a level is missing), turns single keys into keyed elements
/// with their sidetone, ends a character on the silence timer, and says, shows, sounds and stores
/// what the pure `SendingSession` decides.
struct SendingReducer: Sendable {
    let strings: Strings
    let alphabet: MorseAlphabet
    let morse: MorseReducer

    func start(_ mode: SendingMode, seed: UInt64, kochLevel: Int, _ state: inout ReaderState, _ out: inout Announcer) {
        let learnt = Array(alphabet.kochSymbols.prefix(max(PracticeMode.kochStartLevel, kochLevel)))
        var session = SendingSession(mode: mode, learnt: learnt, wpm: state.settings.effectiveSendingWPM, strings: strings,
                                     random: SeededRandom(seed: seed), alphabet: alphabet)
        let (level, note) = Self.level(state, strings)
        let effects = session.start(level: level, note: note)
        state.sending = session
        run(effects, &state, &out)
    }

    /// Straight key where releases are reported, tapping on any other terminal in single-key
    /// mode, patterns everywhere else; the reason a better level is missing, to say.
    static func level(_ state: ReaderState, _ strings: Strings) -> (KeyingLevel, String?) {
        guard state.onTerminal, state.settings.inputMode == .keys else {
            return (.pattern, state.onTerminal ? strings(.morseSendingLinesOnly) : nil)
        }
        return state.devices.keyReleases == true ? (.straightKey, nil) : (.tapping, strings(.morseSendingNoStraightKey))
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

    /// Whether the key is keying (nil state or another key: the key table's).
    func takes(_ key: Key, _ state: ReaderState) -> Bool {
        guard let session = state.sending, session.isActive, !state.quitPending else { return false }
        if case .released = key { return true }
        return Self.event(for: key, atMs: 0) != nil
    }

    func key(_ key: Key, atMs: Double, _ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.sending, let event = Self.event(for: key, atMs: atMs) else { return }
        session.key(event)
        state.sending = session
        let settings = state.settings.morse
        switch event {
        case .element(let element, _):
            // The first element cuts what was being said; the next ones queue behind the tone
            // still sounding, as their marks start when it ends.
            if session.marks.count == 1 { out.append(.silence) }
            out.append(.sidetone(.element(element, durationMs: Double(element.units) * session.unitMs, settings: settings)))
        case .down:
            out.append(.silence)
            out.append(.cancelTimer(.sendingSilence))
            out.append(.sidetone(.hold(settings)))
            return
        case .up:
            out.append(.sidetone(.release))
        }
        out.showMessage(strings(.morseSendingKeying, ["cells": session.keyedCells]))
        if let deadline = session.silenceDeadlineMs {
            out.append(.schedule(.sendingSilence, afterSeconds: max(0, deadline - atMs) / 1000))
        }
    }

    func line(_ line: String, _ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.sending else { return }
        state.announcement.answerPending = false
        out.append(.cancelTimer(.sendingSilence))
        let effects = session.line(line)
        state.sending = session
        run(effects, &state, &out)
    }

    /// The silence timer rang: the character (or word) keyed is decoded and judged.
    func silence(_ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.sending else { return }
        let effects = session.silence()
        state.sending = session
        run(effects, &state, &out)
    }

    func whereAmI(_ state: inout ReaderState, _ out: inout Announcer) {
        guard let session = state.sending else { return }
        out.notice("sending.where", strings(.morseSendingWhere, count: session.summary.correct, ["question": "\(session.question)",
                                                               "correct": "\(session.summary.correct)",
                                                               "attempts": "\(session.summary.attempts)"]), &state.announcement)
    }

    /// `aide` during sending: how to key at this level.
    func help(_ state: inout ReaderState, _ out: inout Announcer) {
        guard let session = state.sending else { return }
        out.notice("sending.help", session.howToKey, &state.announcement)
    }

    func stop(_ state: inout ReaderState, _ out: inout Announcer) {
        guard var session = state.sending else { return }
        let effects = session.stop()
        state.sending = session
        run(effects, &state, &out)
    }

    private func run(_ effects: [SendingEffect], _ state: inout ReaderState, _ out: inout Announcer) {
        // The verdict stays on the display in front of the next question, for a braille reader.
        var said: String?
        for effect in effects {
            switch effect {
            case .say(let text):
                out.notice("sending", text, showing: false, &state.announcement)
                said = [said, text].compactMap { $0 }.joined(separator: " ")
            case .sound(let text, let question):
                morse.ask(text, question: question, settings: state.settings.morse, showing: state.settings.questionBraille,
                          after: &said, &out)
            case .answered(let result):
                out.append(.sendingAnswered(result))
            case .record(let attempt):
                out.append(.recordAttempt(attempt))
            case .ended:
                state.sending = nil
                out.append(.cancelTimer(.sendingSilence))
            }
        }
        // The verdict answers the user's keying even when the silence timer brings it: it takes
        // the place of the keyed pattern on the display at once, never queued behind it.
        if let said { out.showMessage(said, now: true) }
    }
}
