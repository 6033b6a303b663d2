// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurAudio
import LecteurCore
import LecteurSpeech

/// Device events as the actions (and French words) the reader hears of them.
public enum DeviceMessages {
    /// The sound server went away, or is back. Both are said in turn, never cutting what is
    /// being said ("sound is back" would otherwise cut the very announcement that brought it back).
    public static func action(for event: AudioDeviceEvent, _ strings: Strings) -> Action {
        switch event {
        case .lost: .notice(code: "audio.lost", message: strings(.speechNoticeAudioLost))
        case .restored: .notice(code: "audio.restored", message: strings(.speechNoticeAudioRestored))
        }
    }

    /// A typed or piped line longer than `LineReader.maximumLineBytes`.
    public static func lineTooLong(_ strings: Strings) -> Action {
        .failure(code: "input.tooLong",
                 message: strings(.hardeningDevicesInputLineTooLong, ["limit": String(LineReader.maximumLineBytes)]))
    }

    /// speech-dispatcher hung, closed or died mid-session: said once, by the voice that takes
    /// over (espeak-ng, or none). libspeechd's own words go only to the transcript's `detail`.
    public static func action(for error: SpeechdError, fallback speaks: Bool, _ strings: Strings) -> Action {
        let key: L10n = speaks ? .hardeningDevicesSpeechdLostEspeak : .hardeningDevicesSpeechdLostSilent
        return .notice(code: "speechd.lost", message: strings(key, ["reason": error.reason(strings)]),
                       detail: TextSanitizer.clean(error.description))
    }
}
