// SPDX-License-Identifier: GPL-3.0-or-later
extension L10n {
    /// The month names' keys, January first: found by number, not by building "month.N" and
    /// matching it against every key (each detail screen's date asks).
    static let months: [L10n] = [.month1, .month2, .month3, .month4, .month5, .month6,
                                 .month7, .month8, .month9, .month10, .month11, .month12]

    /// The key of month `number` (1…12), nil for any other number.
    static func month(_ number: Int) -> L10n? { (1...12).contains(number) ? months[number - 1] : nil }
}
