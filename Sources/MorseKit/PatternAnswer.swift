// SPDX-License-Identifier: GPL-3.0-or-later
/// A pattern typed as text: `.` or `·` a dit; `-`, `−`, `_` or `–` a dah; characters apart by a
/// space, words by `/`. The dots of a braille keyboard arrive as these same characters.
public enum PatternAnswer {
    /// The patterns of each character (nil when the line has anything else in it).
    public static func parse(_ line: String) -> [String]? {
        var characters: [String] = []
        var current = ""
        for character in line {
            switch character {
            case ".", "·", "•", "∙": current.append(".")
            case "-", "−", "_", "–", "—": current.append("-")
            case " ", "/", "\t":
                if !current.isEmpty { characters.append(current); current = "" }
            default:
                return nil
            }
        }
        if !current.isEmpty { characters.append(current) }
        return characters.isEmpty ? nil : characters
    }
}
