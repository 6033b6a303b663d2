// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurAudio
import LecteurCore

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
}
