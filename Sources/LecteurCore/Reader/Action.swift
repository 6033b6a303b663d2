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
    /// A line read from a pipe (or the report that one was too long), queued by the reader and
    /// applied in turn once what the lines before it started has settled (`ScriptQueue`).
    case piped(PipedLine)
    /// Nothing is in flight any more (no load, reading or speech mark): the answer to
    /// `.whenSettled`, which lets the script's next line run.
    case settled
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
    /// The exercise `.preparePractice` asked for can begin: the runtime chose its seed, the
    /// reader's state has the rest (the Koch level, storage's past answers).
    case practiceSeeded(PracticeRequest, seed: UInt64)
    /// The tones of practice question `question` end at this monotonic time (ms), as the
    /// runtime queued them: the time to answer is counted from there. `askedAtMs`: when it
    /// queued them; an answer typed before (a pipe's lines are all read at once) is not timed.
    case questionSounded(question: Int, endsAtMs: Double, askedAtMs: Double? = nil)
    /// The tones of question `question` have been played at the sound output at `atMs`
    /// (monotonic ms): everything queued ahead of them too. The sound device says so from its
    /// played position (a marker after the tones); without one, the runtime from their length.
    /// A drill's clock starts here: what is heard, not what is queued.
    case questionHeard(question: Int, atMs: Double)
    /// A correction's tones asked with `heard` (beside a screen reader) have been played at the
    /// sound output: its verdict may be printed.
    case correctionHeard
    /// Everything said up to a `.whenSpoken(token)` effect has been heard (read-all's next step).
    case spoken(token: Int)
    /// Storage's answer to a write the reader asked for (`.recordAttempt`, `.storeCopyResult`):
    /// what it now holds, read as part of the write, or why it could not keep it.
    case stored(Result<StoredRecord, StorageFault>)
    /// The reader runs on a terminal (not a pipe): welcome, goodbye, `q` asks first; `inputMode`
    /// is this run's keyboard mode when `--input` chose one.
    case attachTerminal(inputMode: InputMode?)
    /// A key typed on the terminal's command line (nil: not a character: an arrow, Backspace…),
    /// with the word before the cursor it may end: silences speech, and echoes as set.
    case typed(Character?, word: String)
    /// A key in single-key mode.
    case key(Key)
    /// Tab on the command line, with the text before the cursor: the reader answers
    /// `.completed` (what the line editor writes in) and says the candidates.
    case completion(beforeCursor: String)
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
