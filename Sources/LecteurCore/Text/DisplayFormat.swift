// SPDX-License-Identifier: GPL-3.0-or-later
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

    /// Whole euros as the seeds' formatter shows them on a card: `NumberFormatter` with
    /// `maximumFractionDigits = 0` and its default rounding, half-even (2250,5 → « 2 250 € »,
    /// 2251,5 → « 2 252 € », 99,99 → « 100 € »).
    public func price(_ amount: Decimal) -> String { price(wholeUnits: Self.wholeUnits(amount)) }

    /// `price` of an amount already rounded to whole units.
    public func price(wholeUnits units: Int) -> String {
        strings(.priceFormat, "amount", Self.grouped(units, separator: strings(.numberGroupSeparator)))
    }

    /// The price to the cent, for the detail view: « 2 250,50 € », and « 1 490 € » when there
    /// are no cents (the seed's formatter never shows ",00").
    public func exactPrice(_ amount: Decimal) -> String {
        let (units, cents) = Self.unitsAndCents(amount)
        var text = Self.grouped(units, separator: strings(.numberGroupSeparator))
        if cents != 0 {
            text += strings(.numberDecimalSeparator) + (cents < 10 ? "0" : "") + String(cents)
        }
        if amount < 0 && units == 0 { text = "-" + text }
        return strings(.priceFormat, "amount", text)
    }

    public static func wholeUnits(_ amount: Decimal) -> Int {
        var value = amount, rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .bankers)
        return NSDecimalNumber(decimal: rounded).intValue
    }

    /// Units and cents (0…99, of the magnitude), rounded half-even to the cent.
    public static func unitsAndCents(_ amount: Decimal) -> (units: Int, cents: Int) {
        var value = amount, rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .bankers)
        let totalCents = NSDecimalNumber(decimal: rounded * 100).int64Value
        let units = Int(totalCents / 100)
        return (units, Int((totalCents % 100).magnitude))
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
        let (year, month, day) = Self.civilDate(date, timeZone: timeZone)
        let monthKey = L10n.month(month) ?? .month1
        return strings(.dateFormat, with: ["day": day == 1 ? strings(.dateFirstDay) : String(day),
                                           "month": strings(monthKey), "year": String(year)])
    }

    /// Year, month and day of `date` in `timeZone`, as the Gregorian `Calendar` gives them.
    /// Every detail screen has a date: worked out from the zone's offset and the day number
    /// rather than with a `Calendar` made per call. Dates far from ours (Foundation's calendar
    /// is Julian before 1582) go through `Calendar`.
    public static func civilDate(_ date: Date, timeZone: TimeZone) -> (year: Int, month: Int, day: Int) {
        let seconds = date.timeIntervalSince1970
        // 1601-01-01 to 5000-01-01.
        guard seconds > -11_644_473_600, seconds < 95_617_584_000 else { return calendarDate(date, timeZone: timeZone) }
        let local = seconds + Double(timeZone.secondsFromGMT(for: date))
        let days = Int((local / 86_400).rounded(.down))
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func calendarDate(_ date: Date, timeZone: TimeZone) -> (year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
