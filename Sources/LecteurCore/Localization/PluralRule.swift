// SPDX-License-Identifier: GPL-3.0-or-later
/// CLDR plural categories (https://cldr.unicode.org, "Language Plural Rules") for the locales
/// Lecteur ships. French is not English: 0 and 1 are singular (« 0 formation chargée »), and so
/// is 1,5; exact millions take « de » (category `many`: « 1 000 000 de formations »).
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
    case zero, one, two, few, many, other
}

public enum PluralRule {
    /// The category of a number written with ASCII digits and an optional decimal part ("1",
    /// "1,5", "1.5", "1 490"). Anything that is not a number is `other`.
    public static func category(localeCode: String, number: String) -> PluralCategory {
        var integer: UInt64 = 0
        var overflow = false
        var hasDigits = false
        var fractionDigits = 0
        var inFraction = false
        for scalar in number.unicodeScalars {
            switch scalar {
            case "0"..."9":
                hasDigits = true
                if inFraction { fractionDigits += 1; continue }
                let (times, o1) = integer.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(UInt64(scalar.value - 48))
                overflow = overflow || o1 || o2
                integer = sum
            case ",", ".": inFraction = true
            case " ", "\u{00A0}", "\u{202F}", "\u{2009}", "-": continue
            default: return .other
            }
        }
        guard hasDigits else { return .other }
        return category(localeCode: localeCode, integer: overflow ? UInt64.max : integer, fractionDigits: fractionDigits)
    }

    public static func category(localeCode: String, count: Int) -> PluralCategory {
        category(localeCode: localeCode, integer: UInt64(count.magnitude), fractionDigits: 0)
    }

    /// `i` is the integer part, `v` the number of visible fraction digits (CLDR operands).
    static func category(localeCode: String, integer i: UInt64, fractionDigits v: Int) -> PluralCategory {
        switch localeCode.prefix(2) {
        case "fr":
            if i == 0 || i == 1 { return .one }
            if v == 0 && i % 1_000_000 == 0 { return .many }
            return .other
        default: // en and the CLDR default
            return i == 1 && v == 0 ? .one : .other
        }
    }
}
