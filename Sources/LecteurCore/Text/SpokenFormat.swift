import Foundation

/// Values written for the ear rather than the eye. espeak-ng reads the U+202F inside "1 490 €"
/// as a word break ("un, quatre cent quatre-vingt-dix") and "990,00" as "virgule zéro zéro",
/// so spoken prices carry plain digits and a word for the unit.
public struct SpokenFormat: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    public func price(_ amount: Decimal) -> String {
        strings(.speechPrice, ["amount": String(DisplayFormat.wholeUnits(amount))])
    }

    /// ".-" → "point, trait": raw dots and dashes are not spoken by the engine.
    public func morsePattern(_ pattern: String) -> String {
        pattern.compactMap { mark -> String? in
            switch mark {
            case ".": strings(.morseDot)
            case "-": strings(.morseDash)
            default: nil
            }
        }.joined(separator: ", ")
    }
}
