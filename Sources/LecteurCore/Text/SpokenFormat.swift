// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Values written for the ear rather than the eye. espeak-ng reads the U+202F inside "1 490 €"
/// as a word break ("un, quatre cent quatre-vingt-dix") and "990,00" as "virgule zéro zéro",
/// so spoken prices carry plain digits and a word for the unit.
public struct SpokenFormat: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    /// The card's price, rounded as it is shown: « 2250 euros », « 1 euro », « 0 euro ».
    public func price(_ amount: Decimal) -> String { price(wholeUnits: DisplayFormat.wholeUnits(amount)) }

    /// `price` of an amount already rounded to whole units.
    public func price(wholeUnits units: Int) -> String { strings(.speechPrice, "amount", String(units)) }

    /// The detail view's exact price: « 2250 euros 50 », « 50 centimes », « 1490 euros ».
    public func exactPrice(_ amount: Decimal) -> String {
        let (units, cents) = DisplayFormat.unitsAndCents(amount)
        if cents == 0 { return strings(.speechPrice, "amount", String(units)) }
        if units == 0 { return strings(.speechPriceCentsOnly, "cents", String(cents)) }
        return strings(.speechPriceCents, with: ["amount": String(units), "cents": String(cents)])
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
