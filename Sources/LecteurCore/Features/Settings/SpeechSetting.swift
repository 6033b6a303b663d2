// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One adjustable setting, named in English or French on the command line.
public enum SpeechSetting: String, Hashable, Sendable, CaseIterable, Codable {
    case rate, pitch, volume, voice

    /// "rate", "débit"/"debit"/"vitesse", "pitch"/"hauteur", "volume", "voice"/"voix".
    public init?(name: String) {
        let folded = name.trimmingCharacters(in: .whitespaces)
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        switch folded {
        case "rate", "debit", "vitesse", "speed": self = .rate
        case "pitch", "hauteur": self = .pitch
        case "volume", "vol": self = .volume
        case "voice", "voix": self = .voice
        default: return nil
        }
    }

    /// espeak-ng's accepted range; nil for the voice.
    public var range: ClosedRange<Int>? {
        switch self {
        case .rate: 80...450
        case .pitch: 0...100
        case .volume: 0...200
        case .voice: nil
        }
    }
}
