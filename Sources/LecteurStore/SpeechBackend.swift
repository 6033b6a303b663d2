// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// `--speech-backend auto|espeak|speechd` for a session, or `régler synthèse` saved as a setting.
public enum SpeechBackend: String, CaseIterable, Hashable, Sendable {
    /// speech-dispatcher when a daemon already runs (or a screen reader is active), else espeak-ng.
    case auto
    /// espeak-ng called directly into the reader's own audio output (lowest latency).
    case espeak
    /// speech-dispatcher, started for the user if needed.
    case speechd

    public static let storageKey = DeviceSettingStorage.speechBackend
}
