// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// ISO 8601 as Laravel and others send it: "2026-02-15T09:00:00Z", with or without fractional
/// seconds (Laravel sends microseconds), with an offset, or a bare date. Hand-parsed because
/// ISO8601DateFormatter takes one of those shapes at a time and is slow on a 100 000-row list.
public enum ISODate {
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// The same, on the text's UTF-8 bytes (the catalogue decoder reads dates in place).
    static func parse(utf8 b: UnsafeRawBufferPointer) -> Date? {
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in 0..<n {
                let c = b[i + k]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += n
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offset = 0
        if i < b.count {
            guard b[i] == 84 || b[i] == 116 || b[i] == 32 else { return nil } // T, t or space
            i += 1
            guard let h = digits(2), expect(58), let m = digits(2) else { return nil }
            hour = h; minute = m
            if expect(58) {
                guard let s = digits(2) else { return nil }
                second = s
                if i < b.count, b[i] == 46 || b[i] == 44 { // fraction
                    i += 1
                    var scale = 0.1
                    let start = i
                    while i < b.count, b[i] >= 48, b[i] <= 57 { fraction += Double(b[i] - 48) * scale; scale /= 10; i += 1 }
                    guard i > start else { return nil }
                }
            }
            guard hour < 24, minute < 60, second < 61 else { return nil }
            if i < b.count {
                if b[i] == 90 || b[i] == 122 { i += 1 } // Z
                else if b[i] == 43 || b[i] == 45 {
                    let sign = b[i] == 45 ? -1 : 1
                    i += 1
                    guard let oh = digits(2) else { return nil }
                    _ = expect(58)
                    let om = digits(2) ?? 0
                    offset = sign * (oh * 3600 + om * 60)
                }
            }
            guard i == b.count else { return nil }
        }
        guard let days = daysFromCivil(year: year, month: month, day: day) else { return nil }
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm);
    /// nil for a day that does not exist in that month.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int? {
        let monthLengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= monthLengths[month - 1] else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
}
