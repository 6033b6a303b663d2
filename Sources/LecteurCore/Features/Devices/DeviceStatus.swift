// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What `état` (status) reports: each device's state as numbers for the JSON transcript (a soak
/// reads them to show that no queue grows) and as one French sentence for the user.
public struct DeviceStatus: Hashable, Sendable {
    public enum Sound: Hashable, Sendable {
        /// Audio waiting in the output, the most that ever waited, and audio dropped because
        /// the sound server was gone, in milliseconds.
        case device(connected: Bool, queuedMs: Int, largestQueuedMs: Int, droppedMs: Int)
        /// The device is opened at the first sound, and none has been played yet.
        case notOpenedYet
        case file
        case none
    }

    public enum Braille: Hashable, Sendable {
        case connected(columns: Int)
        case waiting
        case off
    }

    public var sound: Sound
    /// Utterances waiting for or in synthesis; nil when speech is off.
    public var speechPending: Int?
    public var braille: Braille

    public init(sound: Sound, speechPending: Int?, braille: Braille) {
        self.sound = sound
        self.speechPending = speechPending
        self.braille = braille
    }

    public func message(_ strings: Strings) -> String {
        var parts: [String] = []
        switch sound {
        case .device(true, let queued, _, _):
            let formatted = (Double(queued) / 1000)
                .formatted(.number.precision(.fractionLength(1)).locale(Locale(identifier: strings.localeCode)))
            parts.append(strings(.statusSoundConnected, ["queued": formatted]))
        case .device(false, _, _, _): parts.append(strings(.statusSoundLost))
        case .notOpenedYet: parts.append(strings(.statusSoundNotOpened))
        case .file: parts.append(strings(.statusSoundFile))
        case .none: parts.append(strings(.statusSoundNone))
        }
        if let speechPending {
            parts.append(strings(.statusSpeechOn, ["pending": String(speechPending)]))
        } else {
            parts.append(strings(.statusSpeechOff))
        }
        switch braille {
        case .connected(let columns): parts.append(strings(.statusBrailleConnected, ["columns": String(columns)]))
        case .waiting: parts.append(strings(.statusBrailleWaiting))
        case .off: parts.append(strings(.statusBrailleOff))
        }
        return parts.joined(separator: ". ") + "."
    }
}
