// SPDX-License-Identifier: GPL-3.0-or-later
/// Why the catalogue is (re)loaded.
public enum LoadReason: String, Hashable, Sendable {
    case initial, retry, refresh
}

/// Where focus is, as the transcript's `focus` event reports it.
public struct FocusReport: Hashable, Sendable {
    public let screen: String
    public let title: String
    /// 1-based, as it is said ("élément 3 sur 14").
    public let index: Int
    public let count: Int
    public let element: Element
    /// The role as it is said ("bouton"), nil for plain text.
    public let roleWord: String?
}

/// One utterance as handed to the speech engine.
public struct Utterance: Hashable, Sendable {
    /// Exactly the text the engine gets (after the lexicon).
    public let text: String
    /// Silence what is playing first (the answer to a command); otherwise queue after it.
    public let interrupt: Bool
    public let priority: Priority
    /// The line the text transcript prints for it, in the interface's words (as composed, before
    /// signs are named and the lexicon applied), so that someone reading the terminal (Speakup,
    /// Orca, a braille display on the console) gets what is said. Nil when the line is printed
    /// otherwise: by its own event (a notice, an error, the devices' status) or by the terminal
    /// itself (the echo of a typed key, a completion written into the line).
    public let printed: String?

    public init(text: String, interrupt: Bool, priority: Priority, printed: String? = nil) {
        self.text = text
        self.interrupt = interrupt
        self.priority = priority
        self.printed = printed
    }

    /// What kind of speech it is, for engines with their own queue policy (speech-dispatcher).
    public enum Priority: String, Hashable, Sendable {
        /// The answer to what the user just did.
        case answer
        /// Something the reader says on its own (start-up, load results, device notices).
        case notice
        /// A message about something wrong: never cut by the rest of its answer.
        case error
        /// Progress that replaces itself (a retry countdown).
        case progress
        /// Said beside a screen reader while its terminal is not focused: speech-dispatcher's
        /// `text`, which the screen reader's own speech (`message`) cuts and is never held behind.
        case background
    }
}

/// A Morse playback as the transcript reports it.
public struct MorseReport: Hashable, Sendable {
    public let text: String
    public let pattern: String
    public let wpm: Int
    public let toneHz: Int
    public let durationMs: Double
    /// Whether the text transcript prints its line. Not a correction's beside a screen reader:
    /// printed with its tones, Orca read « ♪ K, puis M » over them; the verdict printed once
    /// they are heard names both characters.
    public var printed = true
}

/// A practice question as the transcript reports it: its number, never its text or pattern,
/// nor its length (K is 540 ms at 20 WPM, M 420: a duration names the answer).
public struct MorseQuestionReport: Hashable, Sendable {
    public let question: Int
    public let wpm: Int
    public let toneHz: Int
    /// Whether the text transcript prints its line now. Beside a screen reader it is printed
    /// once the tones have been heard (`Effect.print`): printed with them, it was read aloud
    /// over them (scripts/orca-pace.sh).
    public var printed = true

    public init(question: Int, wpm: Int, toneHz: Int, printed: Bool = true) {
        self.question = question
        self.wpm = wpm
        self.toneHz = toneHz
        self.printed = printed
    }
}

/// What the runtime must do after an action: device commands and transcript lines, with the
/// data they need. Nothing here is a decision.
public enum Effect: Hashable, Sendable {
    case focus(FocusReport)
    case speak(Utterance)
    /// A line the text transcript prints and no voice says: an utterance's printed line beside a
    /// screen reader, which reads it from the terminal (not a `speech` event: nothing is spoken).
    case print(String)
    /// A line for the braille display (and the transcript's `braille` event).
    case braille(BrailleLine)
    /// A window the display panned to, for the transcript only (the display already shows it).
    case braillePanned(text: String, cells: String, cursor: Int, kind: BrailleLine.Kind)
    /// Ask for `Action.timer(id)` after this many seconds (replacing a pending one with that id).
    case schedule(TimerID, afterSeconds: Double)
    /// Stop a pending timer: it will not ring.
    case cancelTimer(TimerID)
    /// Show the next window of the display's line; answered `.displayAdvanced`.
    case advanceDisplay
    /// `detail`: the raw text of a system or library error, for the transcript's event only;
    /// `braille`: the display's shorter form of the message, when it has one.
    case notice(code: String, message: String, detail: String? = nil, braille: String? = nil)
    case error(code: String, message: String, detail: String? = nil)
    case status(DeviceStatus, message: String)
    case morse(MorseReport)
    case morseQuestion(MorseQuestionReport)
    /// The truth about a question once answered (the transcript's `practice` event).
    case practiceAnswered(PracticeResult)
    /// A sending judged (the transcript's `practice` event, with the keyed pattern and timings).
    case sendingAnswered(SendingResult)
    /// The learner's own keying made audible.
    case sidetone(Sidetone)
    /// A scored copy (the transcript's `copy_result` event).
    case copyResult(CopyResult)
    /// Keep a scored copy for « Progrès »; answered `.stored`.
    case storeCopyResult(CopyResult)
    case loadCatalogue(LoadReason)
    /// Sound a text in Morse with these settings, queued after the speech already asked for.
    case playMorse(text: String, settings: MorseSettings)
    /// After a wrong answer: the right character and the one typed, like `.playMorse` but after a
    /// word space, so they never run into the question's last character.
    /// `heard`: report `.correctionHeard` once the tones have been played (beside a screen
    /// reader, the verdict is printed then).
    case playCorrection(text: String, settings: MorseSettings, heard: Bool = false)
    /// Sound a practice question like `.playMorse`, then report when its tones end
    /// (`.questionSounded`).
    case playQuestion(text: String, settings: MorseSettings, question: Int)
    /// Silence speech and sound at once.
    case silence
    /// Ask the devices how they are; they answer `.statusReported`.
    case queryStatus
    /// Ask for a practice seed; answered `.practiceSeeded` with the request.
    case preparePractice(PracticeRequest)
    /// Give a device a setting it owns (speech, braille table); answered `.deviceConfigured`.
    case configureDevice(SettingKey, value: String)
    /// Flash a question's rhythm on the display in time with its tones, then show `then` again.
    case brailleRhythm(BrailleRhythm)
    /// Ask the devices for these settings' values; answered `.settingsRead`.
    case readSettings([SettingKey])
    /// Save these settings (only what changed, so two readers running at once keep each other's).
    case persist([String: String])
    /// Keep a practice answer; answered `.stored` with the symbols' counts as storage now has them.
    case recordAttempt(PracticeAttempt)
    /// Read the practice statistics from storage; answered `.statisticsReady`.
    case loadStatistics
    /// Read the answers per day from storage; answered `.progressReady`.
    case loadProgress
    /// Read the user's text file (at most `CopyText.fileLimit` bytes); answered `.copyTextRead`.
    case readCopyText(path: String)
    /// Answer `.spoken(token)` once everything asked of the voice so far has been heard (at once
    /// when there is no voice).
    case whenSpoken(token: Int)
    /// Answer `.settled` once nothing is in flight (a catalogue load, a `.whenSpoken`, a speech
    /// mark): the script's next line waits for it.
    case whenSettled
    /// Apply the script's line now (as `.timedLine`, stamped when it arrived, or the too-long report).
    case runPiped(PipedLine)
    case quit
    /// Read a line on the terminal (single-key mode's `/` and `:`), then run it.
    case prompt(PromptKind)
    /// Translate cells typed on the braille keyboard back to text in the user's braille table;
    /// answered `.brailleBackTranslated`.
    case backTranslate([UInt8])
    /// What the runtime's input loops act on changed (`RuntimeFacts`): they never read the state.
    /// The keyboard mode to read in.
    case inputMode(InputMode)
    /// Whether the terminal reports key releases (nil: not known yet).
    case keyReleases(Bool?)
    /// The goodbye holds the display: no prompt under it, and any key ends the program.
    case closing(Bool)
    /// « Quitter Lecteur ? » waits: the line that answers it is no command to recall.
    case quitPending(Bool)
    /// A reading goes on: `stop` or `quitter` piped during it are not held behind it.
    case reading(Bool)
    /// What Tab completes on the command line (`.completion`): the line editor writes it in.
    case completed(Completion)
}

/// The line single-key mode asks for.
public enum PromptKind: Hashable, Sendable {
    case search, commandLine
}

/// The exercise the reader chose (mode, pool, count); the runtime adds only the seed, and the
/// reader starts it from its own state (Koch level, `PracticeRecord`).
public enum PracticeRequest: Hashable, Sendable {
    case listening(PracticeMode)
    case copy(CopyKind, count: Int, language: QSOLanguage? = nil)
    case sending(SendingMode)
    case reflex(ReflexMode)
}

/// The tone a learner hears while keying.
public enum Sidetone: Hashable, Sendable {
    /// A tapped element: a tone of this length at once.
    case element(MorseElement, durationMs: Double, settings: MorseSettings)
    /// The straight key went down: a tone until `.release`.
    case hold(MorseSettings)
    case release
    /// An iambic keyer's element: its tone (`markMs` at half amplitude), then its space of
    /// silence, sounded as one piece when the keyer starts it.
    case keyed(MorseElement, markMs: Double, spaceMs: Double, settings: MorseSettings)
}
