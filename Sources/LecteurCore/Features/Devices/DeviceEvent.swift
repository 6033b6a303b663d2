// SPDX-License-Identifier: GPL-3.0-or-later
/// What a device reported on its own, as typed data: the reader words it (`Messages/`) and
/// decides whether it is said (a braille outage is said once, until the display is back).
public enum DeviceEvent: Hashable, Sendable {
    /// The sound server went away: speech and Morse are dropped until it is back.
    case audioLost
    case audioRestored
    /// speech-dispatcher hung, closed or died mid-session; `fallbackSpeaks`: espeak-ng took
    /// over (otherwise the reader goes on silent).
    case speechLost(SpeechdError, fallbackSpeaks: Bool)
    /// The braille display cannot be used; the adapter keeps trying and reports each failure.
    case brailleUnavailable(BrailleDisplayError)
    /// The braille display is connected (again).
    case brailleConnected
    /// The display that answered is this many cells wide: a long answer is measured in its
    /// windows (`Announcer`).
    case displayWidth(columns: Int)
    /// A typed or piped line longer than `limitBytes` was set aside unread.
    case lineTooLong(limitBytes: Int)
}

/// Why something could not be saved (GRDB style: typed, no user wording).
public enum StorageFault: Error, Hashable, Sendable {
    /// The user's settings file (at `file`) could not be written: the setting holds for this
    /// session only.
    case settingsNotSaved(file: String, SettingsFileFault)
    /// The practice database failed.
    case database(StorageError)
    /// The command history (at `file`) could not be saved (a full disk, `ulimit -f`…): the
    /// previous file is kept whole, never cut mid-entry.
    case historyNotSaved(file: String, errno: Int32)
}

/// Why the settings file was not written.
public enum SettingsFileFault: Hashable, Sendable {
    /// It has a syntax error (at this line when known): it is not replaced, so nothing in it is lost.
    case syntax(line: Int?)
    /// It is ignored at start-up for another reason: not replaced either.
    case ignored
    case unreadable(InputFileError)
    case write(errno: Int32)
}
