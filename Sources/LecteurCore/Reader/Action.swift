// SPDX-License-Identifier: GPL-3.0-or-later
/// Everything that can change the reader's state: what the user types or presses, and what the
/// devices, the network and storage report back. The reader decides every word said and every
/// line brailled from these; adapters only carry the decision out.
public enum Action: Hashable, Sendable {
    /// The reader has started: say what start-up found, then what the focus is.
    case start
    /// A line typed by the user (a command, or an answer while practice runs), stamped with the
    /// monotonic time (ms) it arrived: practice measures the time to answer from it.
    case timedLine(String, atMs: Double)
    case command(Command)
    /// A key of the braille display, once the adapter has done its own panning.
    case displayKey(DisplayIntent)
    /// The display showed another window of the current line (for the transcript).
    case displayPanned(text: String, cells: String, cursor: Int, kind: BrailleLine.Kind)
    /// A clock asked for by `Effect.schedule` has rung.
    case timer(TimerID)
    /// The display's answer to `.advanceDisplay`: it showed the line's next window (`moved`), or
    /// the line had no more (or there is no display).
    case displayAdvanced(moved: Bool)
    /// What a catalogue source reported.
    case catalogue(CatalogueEvent)
    /// What a device reported on its own.
    case device(DeviceEvent)
    /// A setting or a practice attempt could not be saved.
    case storageFailed(StorageFault)
    /// The devices' state, asked for by `.queryStatus`.
    case statusReported(DeviceStatus)
    /// The settings a device owns, as asked for by `.readSettings`.
    case settingsRead([SettingKey: SettingReading])
    /// A device took (or refused) a setting asked for by `.configureDevice`.
    case deviceConfigured(SettingKey, Result<SettingValue, SettingFault>)
    /// Practice can begin: the runtime chose the seed and knows the stored Koch level.
    case practiceReady(PracticeMode, seed: UInt64, history: PracticeHistory = .none)
    /// The tones of practice question `question` end at this monotonic time (ms), as the
    /// runtime queued them: the time to answer is counted from there. `askedAtMs`: when it
    /// queued them; an answer typed before (a pipe's lines are all read at once) is not timed.
    case questionSounded(question: Int, endsAtMs: Double, askedAtMs: Double? = nil)
    /// A copying session can begin: the runtime chose the seed and knows the Koch level (the
    /// symbols learnt).
    case copyReady(CopyKind, count: Int, seed: UInt64, kochLevel: Int)
    /// Everything said up to a `.whenSpoken(token)` effect has been heard (read-all's next step).
    case spoken(token: Int)
    case progressUpdated([String: SymbolProgress])
    /// The reader runs on a terminal (not a pipe): welcome, goodbye, `q` asks first; `inputMode`
    /// is this run's keyboard mode when `--input` chose one.
    case attachTerminal(inputMode: InputMode?)
    /// A key typed on the terminal's command line (nil: not a character: an arrow, Backspace…),
    /// with the word before the cursor it may end: silences speech, and echoes as set.
    case typed(Character?, word: String)
    /// A key in single-key mode.
    case key(Key)
    /// What Tab found to complete the command line.
    case completion([String])
    /// Escape or Ctrl-G abandoned the `/` or `:` prompt of single-key mode.
    case promptCancelled(PromptKind)
    /// Storage's counts for `statistiques`, asked for by `.loadStatistics`.
    case statisticsReady(PracticeStatistics)
    /// Storage's answers per day for `progrès`, asked for by `.loadProgress`.
    case progressReady([PracticeDay])
    /// The user's text file for `entraînement texte`, as `.readCopyText` read it (its bytes
    /// decoded as UTF-8, nothing cleaned yet), or why it could not be read.
    case copyTextRead(path: String, Result<String, InputFileError>)
    /// A key of the braille display's keyboard: a character, a cell, a chord, Enter…, stamped
    /// with the monotonic time (ms) it arrived: a practice answer's time counts to its Enter.
    case brailleTyped(BrailleInput, atMs: Double? = nil)
    /// The braille device's back-translation of these cells (`.backTranslate`); nil when it
    /// could not translate them.
    case brailleBackTranslated(cells: [UInt8], text: String?)
    /// Sending practice can begin: the runtime chose the seed and knows the Koch level.
    case sendingReady(SendingMode, seed: UInt64, kochLevel: Int)
    /// A key in single-key mode, stamped with the monotonic time (ms) its bytes were read:
    /// sending practice keys with it (a release only comes from the kitty keyboard protocol).
    case timedKey(Key, atMs: Double)
    /// The iambic keyer's clock (`TimerID.keyer`) rang at this monotonic time (ms): the keyer
    /// decides at its own times, and the time it rang puts the next ring back on them.
    case keyerClock(atMs: Double)
    /// Whether the terminal answered the kitty keyboard protocol query (`CSI ? u`): only then
    /// are key releases reported, and a held key can be a straight key.
    case keyboardProtocol(answered: Bool)
    /// A screen reader started or stopped, or the terminal gained or lost the focus.
    case screenReader(ScreenReaderEvent)
    /// A reflex drill can begin: the runtime chose the seed and knows the Koch level and the
    /// stored times of the latest reflex answers (newest first).
    case reflexReady(ReflexMode, seed: UInt64, kochLevel: Int, storedTimes: [Int] = [])
}

/// What a braille display key asks for (after panning inside a long line).
public enum DisplayIntent: Hashable, Sendable {
    /// LNDN, or panning forward past the end of the line.
    case next
    /// LNUP, or panning back past the start of the line.
    case previous
    /// RETURN, or a routing key over the line.
    case activate
    /// HOME.
    case repeatElement
    /// FWINRT on the line's last window: the next element (a reading without a voice goes on
    /// from there).
    case panForward
    /// FWINLT on the line's first window: the previous element, opened on its last window.
    case panBack
    /// A routing key over the character at this offset of the line's text: over an element that
    /// acts it activates, over plain text it moves the review cursor there.
    case route(character: Int)
}

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
}

/// A practice question as the transcript reports it: its number, never its text or pattern,
/// nor its length (K is 540 ms at 20 WPM, M 420: a duration names the answer).
public struct MorseQuestionReport: Hashable, Sendable {
    public let question: Int
    public let wpm: Int
    public let toneHz: Int
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
    case loadCatalogue(LoadReason)
    /// Sound a text in Morse with these settings, queued after the speech already asked for.
    case playMorse(text: String, settings: MorseSettings)
    /// After a wrong answer: the right character and the one typed, like `.playMorse` but after a
    /// word space, so they never run into the question's last character.
    case playCorrection(text: String, settings: MorseSettings)
    /// Sound a practice question like `.playMorse`, then report when its tones end
    /// (`.questionSounded`).
    case playQuestion(text: String, settings: MorseSettings, question: Int)
    /// Silence speech and sound at once.
    case silence
    /// Ask the devices how they are; they answer `.statusReported`.
    case queryStatus
    /// Ask for a practice seed (and, for listening, storage's history for that mode); answered
    /// `.practiceReady`, `.copyReady` or `.sendingReady` with what the request says.
    case preparePractice(PracticeRequest)
    /// Give a device a setting it owns (speech, braille table); answered `.deviceConfigured`.
    case configureDevice(SettingKey, value: String)
    /// Flash a question's rhythm on the display in time with its tones, then show `then` again.
    case brailleRhythm(BrailleRhythm)
    /// Ask the devices for these settings' values; answered `.settingsRead`.
    case readSettings([SettingKey])
    /// Save these settings (only what changed, so two readers running at once keep each other's).
    case persist([String: String])
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
    case quit
    /// Read a line on the terminal (single-key mode's `/` and `:`), then run it.
    case prompt(PromptKind)
    /// Translate cells typed on the braille keyboard back to text in the user's braille table;
    /// answered `.brailleBackTranslated`.
    case backTranslate([UInt8])
}

/// The line single-key mode asks for.
public enum PromptKind: Hashable, Sendable {
    case search, commandLine
}

/// The practice the reader built (mode, pool and Koch level decided from the state); the
/// runtime adds only the seed, and for listening the history storage keeps for that mode.
public enum PracticeRequest: Hashable, Sendable {
    case listening(PracticeMode)
    case copy(CopyKind, count: Int, kochLevel: Int)
    case sending(SendingMode, kochLevel: Int)
    case reflex(ReflexMode, kochLevel: Int)
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
