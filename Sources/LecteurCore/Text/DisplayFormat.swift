import Foundation

/// How prices and dates are written on screen, from the locale's own templates: in French
/// "1 490 €" with U+202F between digit groups and U+00A0 before the sign, as iOS writes it.
public struct DisplayFormat: Sendable {
    public let strings: Strings
    public let timeZone: TimeZone

    public init(strings: Strings, timeZone: TimeZone) {
        self.strings = strings
        self.timeZone = timeZone
    }

    /// Whole euros, rounded half up, as the seeds' formatter (maximumFractionDigits = 0) shows them.
    public func price(_ amount: Decimal) -> String {
        strings(.priceFormat, ["amount": Self.grouped(Self.wholeUnits(amount), separator: strings(.numberGroupSeparator))])
    }

    public static func wholeUnits(_ amount: Decimal) -> Int {
        var value = amount, rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return NSDecimalNumber(decimal: rounded).intValue
    }

    public static func grouped(_ value: Int, separator: String) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += separator }
            out.append(c)
        }
        return value < 0 ? "-" + out : out
    }

    /// "15 février 2026" ("1er mars 2026" on the first of a month).
    public func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let day = parts.day ?? 1
        let monthKey = L10n(rawValue: "month.\(parts.month ?? 1)") ?? .month1
        return strings(.dateFormat, ["day": day == 1 ? strings(.dateFirstDay) : String(day),
                                     "month": strings(monthKey), "year": String(parts.year ?? 1970)])
    }
}
