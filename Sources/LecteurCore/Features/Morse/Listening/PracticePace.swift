// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// When practice asks its next question after a verdict (`régler rythme-questions`). Lecteur's
/// own voice says when the verdict has been heard (the tones queue behind it); a screen
/// reader reading the terminal does not (Orca took 3 to 13 s to read a verdict line, and the
/// next question's tones came 0.45 s after Enter, under its speech): there the user says when.
public enum PracticePace: Hashable, Sendable {
    /// Beside a screen reader, the user's Enter; elsewhere, at once behind the verdict.
    case auto
    /// The next question waits for Enter (an empty line), whatever reads the verdict.
    case user
    /// The next question comes this many milliseconds after the verdict was given.
    case pause(ms: Int)

    public static let storageKey = "morse.practice-pace"
    /// Beside a screen reader, how long a question asked at Enter waits for the key's echo:
    /// Orca 43 (French voice, default rate) says « Entrée », then reads the new prompt; its
    /// speech was heard at the sink until 2.2 s after the key on this loaded machine
    /// (scripts/orca-pace.sh; tones 2.4 s after it left 0.22 s to spare): 2.5 s.
    public static let echoAllowanceMs = 2500
    /// Seconds; 0 is right behind the verdict.
    public static let pauseRange: ClosedRange<Double> = 0...30

    /// Whether the next question waits for the user: `auto` beside a screen reader.
    public func waitsForUser(besideScreenReader: Bool) -> Bool {
        switch self {
        case .auto: besideScreenReader
        case .user: true
        case .pause: false
        }
    }

    /// The fixed pause before the next question, when there is one (0: none).
    public var pauseMs: Int {
        if case .pause(let ms) = self { ms } else { 0 }
    }

    /// As stored: `auto`, `user`, or milliseconds.
    public var stored: String {
        switch self {
        case .auto: "auto"
        case .user: "user"
        case .pause(let ms): String(ms)
        }
    }

    public init?(stored: String) {
        switch stored {
        case "auto": self = .auto
        case "user": self = .user
        default:
            guard let ms = Int(stored), Self.pauseRange.contains(Double(ms) / 1000) else { return nil }
            self = .pause(ms: ms)
        }
    }

    /// As typed: `auto`, `entrée` (`enter`, `utilisateur`, `user`, `touche`), or seconds with the
    /// French comma (`2`, `1,5 s`).
    public init?(userValue: String) {
        var text = CommandParser.fold(userValue)
        switch text {
        case "auto", "automatique", "automatic": self = .auto; return
        case "entree", "enter", "utilisateur", "user", "touche", "key", "moi", "me": self = .user; return
        default: break
        }
        for unit in ["secondes", "seconde", "seconds", "second", "sec", "s"] where text.hasSuffix(unit) {
            text = String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        guard let seconds = MorseSettings.number(text), Self.pauseRange.contains(seconds) else { return nil }
        self = .pause(ms: Int((seconds * 1000).rounded()))
    }
}
