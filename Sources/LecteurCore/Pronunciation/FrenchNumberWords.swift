// SPDX-License-Identifier: GPL-3.0-or-later
/// French numbers in words, for what espeak-ng cannot read from digits: ordinals ("2e" is read
/// "deux e", "XXe" as letters) and fraction denominators. Spelling of the 1990 reform (hyphens
/// throughout: "vingt-et-un", "deux-cents"), which espeak-ng reads the same as the older one.
public enum FrenchNumberWords {
    static let small = ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
                        "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"]
    static let tens = ["", "", "vingt", "trente", "quarante", "cinquante", "soixante"]

    /// 0 ..< 1 000 000 000; nil beyond (the caller leaves such numbers to the synthesiser).
    public static func cardinal(_ n: Int) -> String? {
        guard n >= 0, n < 1_000_000_000 else { return nil }
        if n < 1000 { return belowThousand(n) }
        if n < 1_000_000 {
            let thousands = n / 1000, rest = n % 1000
            // "mille" is invariable, and "cents"/"vingts" lose their s before it.
            let head = thousands == 1 ? "mille" : unpluralised(belowThousand(thousands)) + "-mille"
            return rest == 0 ? head : head + "-" + belowThousand(rest)
        }
        let millions = n / 1_000_000, rest = n % 1_000_000
        let head = millions == 1 ? "un million" : unpluralised(belowThousand(millions)) + " millions"
        return rest == 0 ? head : head + " " + cardinal(rest)!
    }

    /// "premier", "deuxième", "vingt-et-unième", "centième"; nil out of range.
    public static func ordinal(_ n: Int) -> String? {
        guard n >= 1 else { return nil }
        if n == 1 { return "premier" }
        guard var word = cardinal(n) else { return nil }
        if word.hasSuffix("cents") || word.hasSuffix("vingts") { word.removeLast() }
        if word.hasSuffix("cinq") { word += "u" }
        else if word.hasSuffix("neuf") { word.removeLast(); word += "v" }
        else if word.hasSuffix("e") { word.removeLast() }
        return word + "ième"
    }

    private static func unpluralised(_ word: String) -> String {
        word.hasSuffix("cents") || word.hasSuffix("vingts") ? String(word.dropLast()) : word
    }

    private static func belowHundred(_ n: Int) -> String {
        if n < 20 { return small[n] }
        if n < 70 {
            let unit = n % 10
            return tens[n / 10] + (unit == 0 ? "" : unit == 1 ? "-et-un" : "-" + small[unit])
        }
        if n < 80 { return n == 71 ? "soixante-et-onze" : "soixante-" + small[n - 60] }
        return n == 80 ? "quatre-vingts" : "quatre-vingt-" + small[n - 80]
    }

    private static func belowThousand(_ n: Int) -> String {
        if n < 100 { return belowHundred(n) }
        let hundreds = n / 100, rest = n % 100
        let head = hundreds == 1 ? "cent" : small[hundreds] + "-cent" + (rest == 0 ? "s" : "")
        return rest == 0 ? head : head + "-" + belowHundred(rest)
    }

    /// I, IV, XX, XIX… up to 3999, strictly formed; nil otherwise.
    public static func roman(_ text: String) -> Int? {
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        let digits = text.compactMap { values[$0] }
        guard !digits.isEmpty, digits.count == text.count else { return nil }
        var total = 0
        for (i, value) in digits.enumerated() {
            if i + 1 < digits.count && value < digits[i + 1] { total -= value } else { total += value }
        }
        guard total > 0, total < 4000, romanNumeral(total) == text else { return nil }
        return total
    }

    static func romanNumeral(_ n: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n, out = ""
        for (value, numeral) in table { while n >= value { out += numeral; n -= value } }
        return out
    }
}
