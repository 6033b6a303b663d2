// SPDX-License-Identifier: GPL-3.0-or-later

/// Why the reader's sound (speech and Morse) cannot play or be written; worded in
/// `Messages/SpeechMessages.swift`.
public enum AudioOutputError: Error, Hashable, Sendable {
    /// Neither PulseAudio nor ALSA accepted a playback stream (no server, no card).
    case noAudioDevice(detail: String)
    /// The device did not answer the probe in time (for instance a remote server that is down).
    case probeTimedOut(milliseconds: Int)
    case cannotCreateFile(path: String, detail: String)
    case writeFailed(path: String, detail: String)
    /// The `--audio-out` file could not be opened or written (a folder, no permission, disk full…).
    case file(OutputFileError)
    /// The `--audio-out` file reached the WAV format's 4 GiB limit; later audio is not written.
    case fileTooLong(path: String)
}
