// SPDX-License-Identifier: GPL-3.0-or-later
/// What the screen-reader watch and the terminal report: the adapter says what runs and where
/// the focus is, the reader decides what that means for its voice.
public enum ScreenReaderEvent: Hashable, Sendable {
    /// At start, under `--speech auto`: the screen reader running (nil: none; the start-up notice
    /// says it), and whether the voice is speech-dispatcher, the queue the screen reader speaks in.
    case found(ScreenReader?, voiceSharesQueue: Bool)
    /// The watch read something else than before (a process, Speakup's state in sysfs): the
    /// reader decides whether the screen reader that speaks has changed.
    case observed(ScreenReaderSignals)
    /// The terminal's focus report (`CSI ? 1004 h`): `ESC [ I` in, `ESC [ O` out.
    case terminalFocus(focused: Bool)
    /// The terminal's size in rows and columns (`TIOCGWINSZ`), at start and whenever it changed:
    /// what the screen reader can read of what was printed (`tout lire` prints a screen at most).
    case terminalSize(rows: Int, columns: Int)
}

/// The reader beside a screen reader (`ScreenReaderReducer`'s slice).
public struct BesideScreenReader: Hashable, Sendable {
    /// The screen reader running now; nil when none (or when speech was forced on or off).
    public var reader: ScreenReader?
    /// speech-dispatcher speaks for the reader: a background event can be said at `text`, which
    /// the screen reader's own `message` cuts.
    public var voiceSharesQueue = false
    /// The terminal has the focus, as it last reported (a terminal that never reports keeps it).
    public var terminalFocused = true
    /// GNOME's « screen reader » switch as the bus last said it (nil: not known).
    public var screenReaderSwitch: Bool?
    /// A screen reader that started and whose start is not said yet: said with the answer to
    /// the user's next key or line, when it surely reads (printed at once, « Orca a démarré »
    /// came while Orca was still starting: nobody heard it).
    public var startUnsaid: ScreenReader?
    /// The terminal's size as it last reported it (nil: never; `TerminalPage.fallback` then).
    public var terminalSize: TerminalPage?

    /// Beside a screen reader on a terminal, how long start-up's first element stays the last
    /// line printed before the lines start-up has after it (the catalogue's count, the notice).
    /// Orca reads what VTE reports changed as one utterance, and VTE reports in one change what
    /// reached it together: printed in the same burst, element, count and notice were one
    /// utterance of 9.6 s, read « filtre 1 sur 7 14 formations chargées » (a line break is no
    /// pause); 30 ms apart, two utterances, the element heard whole 3.85 s after Enter
    /// (scripts/orca-pace.sh, Orca 43.1, GNOME Terminal 3.46, runs 5 and 6). Orca queues
    /// the next utterance behind the one it reads (its `speak` never interrupts), so the lines
    /// after the pause cut nothing; a second leaves VTE room on a loaded machine and queues them
    /// while Orca is still reading the element, so no silence is added.
    public static let startupRestAfterSeconds: Double = 1

    public init() {}
}

/// Beside a screen reader on a terminal, the screen reader reads what is printed: the reader
/// prints everything and speaks nothing, or its words would come twice (measured with Orca 43:
/// every answer heard twice, or cut by Orca's own speech). While the terminal is not focused
/// the screen reader does not read it, so an event the user did not ask for (the catalogue
/// loaded, an error) is said once, at speech-dispatcher's `text` priority: the screen reader's
/// own speech (`message`) cuts it and is never held behind it.
struct ScreenReaderReducer: Sendable {
    let strings: Strings

    /// What the watch reported (the entry's `.event`).
    func receive(_ event: ScreenReaderEvent, _ beside: inout BesideScreenReader, hasVoice: Bool) -> ChildOutput<Never> {
        var out = ChildOutput<Never>()
        switch event {
        case .found(let reader, let sharesQueue):
            beside.reader = reader
            beside.voiceSharesQueue = sharesQueue
        case .observed(let signals):
            let switchWasOn = beside.screenReaderSwitch == true
            beside.screenReaderSwitch = signals.screenReaderSwitch
            if signals.screenReaderSwitch == true, !switchWasOn, !signals.orcaProcess {
                // GNOME starts Orca when its switch goes on: the switch alone is said only if
                // no Orca has come by the time it rings (`switchTimeUp`), once per switch.
                out.append(.schedule(.screenReaderSwitch, afterSeconds: Self.orcaGraceSeconds))
            }
            // Speakup loaded beside a running Orca, say, changes nothing Lecteur does: unsaid.
            let reader = signals.screenReader
            guard reader != beside.reader else { return out }
            let before = beside.reader
            beside.reader = reader
            if let reader {
                // Lecteur's voice keeps out of its way at once; the words wait for it to read them.
                beside.startUnsaid = reader
            } else if let before {
                beside.startUnsaid = nil
                let key: L10n = hasVoice ? .screenReaderStopped : .screenReaderStoppedNoVoice
                out.notice("screenreader.stopped", strings(key, ["reader": before.name(strings)]), kind: .notice)
            }
        case .terminalFocus(let focused):
            beside.terminalFocused = focused
        case .terminalSize(let rows, let columns):
            // A terminal that reports 0 × 0 (a pseudo-terminal nobody sized) keeps the fallback.
            beside.terminalSize = rows > 0 && columns > 0 ? TerminalPage(rows: rows, columns: columns) : nil
        }
        return out
    }

    /// The user acted (a key, a line, a display key): a screen reader's start not said yet is
    /// said now, before the answer, when the screen reader runs and reads it.
    func userActed(_ beside: inout BesideScreenReader) -> ChildOutput<Never> {
        guard let reader = beside.startUnsaid else { return ChildOutput() }
        beside.startUnsaid = nil
        return ChildOutput([.say(.notice("screenreader.started", strings(.screenReaderStarted, ["reader": reader.name(strings)]),
                                         kind: .notice))])
    }

    /// How long GNOME's switch may be on before an Orca process is seen: GNOME Shell starts
    /// Orca after the switch goes on, and the watch reads /proc every 0.5 s.
    static let orcaGraceSeconds: Double = 3

    /// GNOME's switch went on and no Orca process has come since: said once, Lecteur's voice
    /// unchanged (« the switch without an Orca process is not Orca »).
    func switchTimeUp(_ beside: BesideScreenReader, hasVoice: Bool) -> ChildOutput<Never> {
        guard beside.screenReaderSwitch == true, beside.reader != .orca else { return ChildOutput() }
        let key: L10n = hasVoice ? .screenReaderSwitchWithoutOrca : .screenReaderSwitchWithoutOrcaNoVoice
        return ChildOutput([.say(.notice("screenreader.switch", strings(key), kind: .notice))])
    }

    /// What the voice says of `effects`: all of it away from a screen reader; beside one on a
    /// terminal, only the notices and errors of a background event while the terminal is not
    /// focused, at the `background` priority, never interrupting.
    func voice(_ effects: [Effect], background: Bool, _ beside: BesideScreenReader, onTerminal: Bool) -> [Effect] {
        guard onTerminal, beside.reader != nil else { return effects }
        let speaksBackground = background && !beside.terminalFocused && beside.voiceSharesQueue
        var kept: [Effect] = []
        var previous: Effect?
        for effect in effects {
            defer { previous = effect }
            guard case .speak(let utterance) = effect else {
                kept.append(effect)
                continue
            }
            // A notice or an error is written, then said (`Announcer.notice`, `.error`).
            switch previous {
            case .notice?, .error?:
                if speaksBackground {
                    kept.append(.speak(Utterance(text: utterance.text, interrupt: false, priority: .background,
                                                 printed: utterance.printed)))
                    continue
                }
            default: break
            }
            // Not spoken, but printed all the same: the screen reader reads the terminal, and
            // the text transcript printed only what was spoken (measured with Orca 43: the
            // answers to `suivant` and `aide` were neither printed nor heard).
            if let printed = utterance.printed { kept.append(.print(printed)) }
        }
        return kept
    }
}

extension Action {
    /// Not the answer to anything the user did: what the reader says of it is a background event.
    /// Named case by case: a new action does not compile until it is placed.
    var isBackground: Bool {
        switch self {
        case .catalogue, .device, .storageFailed, .stored, .screenReader: true
        case .timer(let id):
            switch id {
            case .catalogueStillLoading, .screenReaderSwitch, .startupRest: true
            case .brailleMessage, .readAllWindow, .sendingSilence, .reflex, .practiceNext, .practiceCorrection: false
            case .keyer, .quit: false
            }
        case .start, .timedLine, .command, .displayKey, .displayPanned, .displayAdvanced, .statusReported, .settingsRead,
             .deviceConfigured, .practiceSeeded, .questionSounded, .questionHeard, .correctionHeard, .spoken, .attachTerminal,
             .typed, .key, .completion, .statisticsReady, .brailleTyped, .brailleBackTranslated, .timedKey,
             .keyboardProtocol, .promptCancelled, .progressReady, .copyTextRead, .piped, .settled:
            false
        case .keyerClock: false
        }
    }
}
