// SPDX-License-Identifier: GPL-3.0-or-later

/// Something start-up found wrong that the reader goes on without (storage, configuration,
/// lexicon, the voice's set-up). The adapters and the composition root report these; the reader
/// says each once on `.start`, worded in `Messages/StartupMessages.swift`.
public enum StartupProblem: Hashable, Sendable {
    /// The database could not be opened: attempts are not saved this session.
    case database(StorageError)
    /// The database was opened, but set aside or read-only.
    case databaseWarning(StorageWarning)
    /// A configuration file (the user's or a system one, at `file`) has a fault; its default applies.
    case configuration(file: String, ConfigurationFault)
    /// A saved Morse setting that could not be used.
    case storedSetting(MorseStoredSettingIssue)
    /// The user's pronunciation lexicon (`file`) is left out.
    case lexicon(file: String, LexiconFault)
    /// speech-dispatcher did not answer as it should: espeak-ng speaks instead.
    case speechdFallback(SpeechdError)
    /// A screen reader runs and speaks through speech-dispatcher, which the reader shares.
    case screenReaderSharesSpeechd(ScreenReader)
    /// A screen reader already speaks: the reader keeps quiet.
    case screenReaderSilent(ScreenReader)
    /// The voice started with a problem (a voice not found, a setting out of range…).
    case speech(SpeechError)
    /// `--input keys` without a terminal: lines are read.
    case keysNeedTerminal
    /// `$HOME` was unset or relative: the account's home is used for every file (`UserHome`).
    case home(HomeProblem)
    /// The command history file (at `file`) is left alone: neither read nor replaced.
    case history(file: String, HistoryFault)
}

extension StartupProblem {
    /// The notice that a screen reader runs (the reader then prints and keeps quiet).
    var isScreenReader: Bool {
        switch self {
        case .screenReaderSharesSpeechd, .screenReaderSilent: true
        default: false
        }
    }
}

/// Why the command history file is left alone (issue 38 item 3).
public enum HistoryFault: Error, Hashable, Sendable {
    /// A symbolic link: it is not followed (saving would have replaced its target).
    case symlink
    /// A FIFO, a device, too large, unreadable: the checks every input file gets.
    case unreadable(InputFileError)
}

/// Why the user's pronunciation lexicon is left out.
public enum LexiconFault: Hashable, Sendable {
    case unreadable(InputFileError)
    /// Not a JSON object (or not one that can be merged with the shipped lexicon).
    case notJSON
    /// A JSON object with a member the lexicon cannot take.
    case invalid(PronunciationLexicon.LoadError)
}

/// A device asked for with `on` that cannot start: the program stops (exit status 69), saying
/// why in `Messages/StartupMessages.swift`.
public enum StartupFailure: Hashable, Sendable {
    case speechdUnavailable(SpeechdError)
    case speechUnavailable(SpeechError)
    /// No braille display answered at `host`: the display's error, nil when none came in time.
    case brailleUnavailable(host: String, BrailleDisplayError?)
}
