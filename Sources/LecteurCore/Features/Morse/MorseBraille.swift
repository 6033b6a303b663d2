/// Morse patterns for the fingers: a dit is ⠂ (dot 2), a dah ⠒ (dots 2-5), one cell per element,
/// a blank cell between characters and three between words, so every row of the Morse list
/// fits a 40-cell display and a deafblind learner reads a pattern in one touch.
public enum MorseBraille {
    public static let dit: Character = "\u{2802}"
    public static let dah: Character = "\u{2812}"
    public static let blank: Character = "\u{2800}"

    public static func cells(_ pattern: String) -> String {
        String(pattern.compactMap { $0 == "." ? dit : $0 == "-" ? dah : nil })
    }

    public static func cells(_ encoding: MorseEncoding) -> String {
        encoding.words.map { word in word.map { cells($0.pattern) }.joined(separator: String(blank)) }
            .joined(separator: String(repeating: blank, count: 3))
    }
}
