// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurCore

// The spoken-text builder as it was before its scan became generic over Characters and Unicode
// scalars (commit 3fa4d27, Sources/LecteurCore/Pronunciation/SpokenTextBuilder.swift), kept
// verbatim but for its names: the oracle of `SpokenTextDifferentialTests`, which hold the
// shipped builder to the same output, byte for byte. Not to be edited with the builder: when
// the builder's rules change on purpose, the differential tests will say so, and this copy is
// then replaced by the new rules' Character-only form.

struct LegacySpokenTextBuilder: Sendable {
    let lexicon: PronunciationLexicon
    let strings: Strings
    fileprivate let unitKeys: [[Character]]
    fileprivate let currencyKeys: [[Character]]
    /// Abbreviations by their first character, longest first.
    fileprivate let abbreviationKeys: [Character: [[Character]]]
    fileprivate let symbolNames: [Character: String]
    /// Ordinal suffixes, longest first, with the word they stand for when it is fixed.
    fileprivate let ordinalSuffixes: [(suffix: [Character], kind: OrdinalKind)]

    enum OrdinalKind { case first(String), second(String), nth }

    init(lexicon: PronunciationLexicon, strings: Strings) {
        self.lexicon = lexicon
        self.strings = strings
        // Longest first, so that "min" wins over "m" when both are listed.
        unitKeys = lexicon.units.keys.map(Array.init).sorted { $0.count > $1.count }
        currencyKeys = lexicon.currencies.keys.map(Array.init).sorted { $0.count > $1.count }
        abbreviationKeys = Dictionary(grouping: lexicon.abbreviations.keys.map(Array.init), by: { $0[0] })
            .mapValues { $0.sorted { $0.count > $1.count } }
        symbolNames = Dictionary(lexicon.symbols.compactMap { key, name in key.first.map { ($0, name) } },
                                 uniquingKeysWith: { a, _ in a })
        var suffixes: [(suffix: [Character], kind: OrdinalKind)] = []
        if let ordinals = lexicon.ordinals {
            suffixes += ordinals.first.map { (Array($0.key), .first($0.value)) }
            suffixes += ordinals.second.map { (Array($0.key), .second($0.value)) }
            suffixes += ordinals.nth.map { (Array($0), .nth) }
        }
        ordinalSuffixes = suffixes.sorted { $0.suffix.count > $1.suffix.count }
    }

    func build(_ text: String) -> String {
        var scan = LegacyScan(chars: Array(text), builder: self)
        return Self.plainSpaces(scan.run())
    }

    /// espeak-ng reads a no-break space as a word break anyway; a plain space says the same
    /// without the trap. Done on scalars: a no-break space followed by a combining mark is one
    /// Character, which the character scan cannot see (found by the spokentext fuzz target).
    static func plainSpaces(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value == 0x00A0 || $0.value == 0x202F || $0.value == 0x2009 }) else {
            return text
        }
        return String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value == 0x00A0 || $0.value == 0x202F || $0.value == 0x2009 ? " " : $0
        }))
    }

    fileprivate func singular(_ value: Double) -> Bool {
        lexicon.singularBelowTwo ? value < 2 : value == 1
    }
}

private struct LegacyScan {
    let chars: [Character]
    let builder: LegacySpokenTextBuilder
    var out = ""

    init(chars: [Character], builder: LegacySpokenTextBuilder) {
        self.chars = chars
        self.builder = builder
        out.reserveCapacity(chars.count + 16)
    }

    var lexicon: PronunciationLexicon { builder.lexicon }
    var n: Int { chars.count }

    /// Where the last number read (with its unit) ended: a dash there starts a range.
    var lastNumberEnd = -1
    /// Addresses are looked for only in a text with an "@" or a "/" or "www." in it.
    lazy var mayHoldAddress: Bool = !builder.symbolNames.isEmpty && chars.contains { $0 == "@" || $0 == "/" || $0 == "." }

    mutating func run() -> String {
        var i = 0
        while i < n {
            let c = chars[i]
            let afterWord = i > 0 && Self.isWordChar(chars[i - 1])
            if mayHoldAddress && !afterWord && (c.isLetter || Self.isDigit(c)) && tokenStart(i),
               let (text, end) = address(at: i) {
                out += text
                i = end
            } else if !c.isLetter && !Self.isDigit(c), let name = builder.symbolNames[c], standsAlone(i, .quoted) {
                // « & » is the sign's name; between words the abbreviation ("et") applies.
                out += name
                i += 1
            } else if !afterWord, let (text, end) = abbreviation(at: i) {
                out += text
                i = end
            } else if !afterWord && Self.isDigit(c), let (text, end) = number(at: i) {
                out += text
                i = end
                lastNumberEnd = end
            } else if !afterWord, let (text, end) = vulgarFraction(at: i) {
                out += text
                i = end
            } else if !afterWord && c.isLetter {
                let (text, end) = word(at: i)
                out += text
                i = end
            } else if !afterWord && Self.isMorseMark(c), let (text, end) = morse(at: i) {
                out += text
                i = end
            } else if let range = lexicon.range, c == "-" || c == "\u{2013}",
                      i > 0 && (Self.isDigit(chars[i - 1]) || lastNumberEnd == i), i + 1 < n, Self.isDigit(chars[i + 1]) {
                out += " \(range) "
                i += 1
            } else if let name = symbolName(at: i) {
                out += name
                i += 1
            } else {
                if Self.isSpace(c) { out += " " } else { out.append(c) }
                i += 1
            }
        }
        return out
    }

    // MARK: numbers

    func number(at i: Int) -> (String, Int)? {
        if let date = date(at: i) { return date }
        if let phone = phone(at: i) { return phone }
        if let price = price(at: i) { return price }
        if let ordinal = ordinal(at: i) { return ordinal }
        if let fraction = fraction(at: i) { return fraction }
        let (integer, afterInteger) = digits(at: i, joining: lexicon.groupSeparators)
        let (fraction, end) = fractionDigits(at: afterInteger)
        if let fraction, fraction.allSatisfy({ $0 == "0" }), currencyWordFollows(end) {
            return (integer, end)
        }
        let written = fraction.map { integer + String(lexicon.decimalSeparator) + $0 } ?? integer
        if let (inflection, afterUnit) = unit(at: end) {
            let value = Double(integer + "." + (fraction ?? "0")) ?? 0
            var text = written + " " + (builder.singular(value) ? inflection.one : inflection.many)
            var stop = afterUnit
            if let (per, afterRate) = rate(at: afterUnit) {
                text += per
                stop = afterRate
            }
            // "1h30": the minutes follow the unit directly.
            if stop < n && Self.isDigit(chars[stop]) { text += " " }
            return (text, stop)
        }
        return (written, end)
    }

    /// "/h", "/jour" after a unit or a currency: " par heure", " par jour".
    func rate(at j: Int) -> (String, Int)? {
        guard let word = lexicon.rate, j + 1 < n, chars[j] == "/", chars[j + 1].isLetter else { return nil }
        if let (key, end) = match(builder.unitKeys, at: j + 1), let unit = lexicon.units[String(key)] {
            return (" \(word) \(unit.one)", end)
        }
        var e = j + 1
        while e < n && chars[e].isLetter { e += 1 }
        guard e >= n || !Self.isWordChar(chars[e]) else { return nil }
        return (" \(word) " + String(chars[(j + 1)..<e]), e)
    }

    /// A French phone number, ten digits from a 0, together or in pairs: read in pairs.
    func phone(at i: Int) -> (String, Int)? {
        guard chars[i] == "0", i + 1 < n, Self.isDigit(chars[i + 1]) else { return nil }
        var pairs = [String(chars[i...(i + 1)])]
        var j = i + 2
        var separator: Character?
        while pairs.count < 5 {
            var k = j
            if k < n, chars[k] == " " || chars[k] == "." || chars[k] == "\u{00A0}" || chars[k] == "\u{202F}" {
                if separator == nil && pairs.count == 1 { separator = chars[k] }
                guard chars[k] == separator else { return nil }
                k += 1
            } else if separator != nil {
                return nil
            }
            guard k + 1 < n, Self.isDigit(chars[k]), Self.isDigit(chars[k + 1]) else { return nil }
            pairs.append(String(chars[k...(k + 1)]))
            j = k + 2
        }
        guard j >= n || !Self.isWordChar(chars[j]) else { return nil }
        return (pairs.joined(separator: " "), j)
    }

    /// "2e", "1er", "1re", "2nde" (and Roman numbers, see `word(at:)`).
    func ordinal(at i: Int) -> (String, Int)? {
        guard !builder.ordinalSuffixes.isEmpty else { return nil }
        var j = i
        while j < n && Self.isDigit(chars[j]) { j += 1 }
        guard j < n, chars[j].isLetter, j - i <= 6, let value = Int(String(chars[i..<j])) else { return nil }
        return ordinalWord(value, suffixAt: j)
    }

    func ordinalWord(_ value: Int, suffixAt j: Int) -> (String, Int)? {
        for (suffix, kind) in builder.ordinalSuffixes where j + suffix.count <= n && Array(chars[j..<(j + suffix.count)]) == suffix {
            let end = j + suffix.count
            guard end >= n || !Self.isWordChar(chars[end]) else { continue }
            switch kind {
            case .first(let word): if value == 1 { return (word, end) }
            case .second(let word): if value == 2 { return (word, end) }
            case .nth:
                if let word = FrenchNumberWords.ordinal(value) { return (word, end) }
            }
        }
        return nil
    }

    /// "1/2" → "un demi", "3/4" → "3 quarts", "1/2 journée" → "demi-journée" (not a date: those
    /// are tried first). Only proper fractions with a denominator up to 10 count, so "24/7" stays.
    func fraction(at i: Int) -> (String, Int)? {
        var j = i
        while j < n && Self.isDigit(chars[j]) { j += 1 }
        guard j + 1 < n, chars[j] == "/", Self.isDigit(chars[j + 1]) else { return nil }
        var k = j + 1
        while k < n && Self.isDigit(chars[k]) { k += 1 }
        guard k >= n || !Self.isWordChar(chars[k]),
              let numerator = Int(String(chars[i..<j])), let denominator = Int(String(chars[(j + 1)..<k]))
        else { return nil }
        return fractionWords(numerator, denominator, end: k)
    }

    func fractionWords(_ numerator: Int, _ denominator: Int, end k: Int) -> (String, Int)? {
        guard numerator >= 1, numerator < denominator, (2...10).contains(denominator) else { return nil }
        let inflection = lexicon.fractions[String(denominator)]
            ?? FrenchNumberWords.ordinal(denominator).map { PronunciationLexicon.Inflection(one: $0, many: $0 + "s") }
        guard let inflection else { return nil }
        // "1/2 journée": a half before a noun is its prefix.
        if numerator == 1, denominator == 2, let prefix = lexicon.halfBefore,
           k + 1 < n, Self.isSpace(chars[k]), chars[k + 1].isLetter {
            return (prefix, k + 1)
        }
        let one = builder.singular(Double(numerator))
        return ((numerator == 1 ? "un" : String(numerator)) + " " + (one ? inflection.one : inflection.many), k)
    }

    func vulgarFraction(at i: Int) -> (String, Int)? {
        let parts: (Int, Int)
        switch chars[i] {
        case "½": parts = (1, 2)
        case "¼": parts = (1, 4)
        case "¾": parts = (3, 4)
        case "⅓": parts = (1, 3)
        case "⅔": parts = (2, 3)
        default: return nil
        }
        return fractionWords(parts.0, parts.1, end: i + 1)
    }

    /// Digits, with groups of exactly three after a separator merged in ("1 490" → "1490").
    func digits(at start: Int, joining separators: Set<Character>) -> (String, Int) {
        var text = ""
        var j = start
        while j < n && Self.isDigit(chars[j]) { text.append(chars[j]); j += 1 }
        while j + 3 < n, separators.contains(chars[j]),
              (1...3).allSatisfy({ Self.isDigit(chars[j + $0]) }),
              j + 4 >= n || !Self.isDigit(chars[j + 4]) {
            text += String(chars[(j + 1)...(j + 3)])
            j += 4
        }
        return (text, j)
    }

    func fractionDigits(at j: Int) -> (String?, Int) {
        guard j + 1 < n, chars[j] == lexicon.decimalSeparator, Self.isDigit(chars[j + 1]) else { return (nil, j) }
        var k = j + 1
        var text = ""
        while k < n && Self.isDigit(chars[k]) { text.append(chars[k]); k += 1 }
        return (text, k)
    }

    func price(at i: Int) -> (String, Int)? {
        guard !builder.lexicon.currencies.isEmpty else { return nil }
        let (integer, afterInteger) = digits(at: i, joining: lexicon.groupSeparators.union([" "]))
        let (fraction, afterFraction) = fractionDigits(at: afterInteger)
        let symbolStart = skipSpaces(afterFraction)
        guard let (key, end) = match(builder.currencyKeys, at: symbolStart),
              let currency = lexicon.currencies[String(key)] else { return nil }
        let whole = Int(integer) ?? 0
        var cents = 0
        if let fraction {
            let two = (fraction + "00").prefix(2)
            cents = Int(two) ?? 0
        }
        var text: String
        if cents == 0 {
            text = "\(integer) " + (builder.singular(Double(whole)) ? currency.one : currency.many)
        } else if whole == 0 {
            text = "\(cents) " + (builder.singular(Double(cents)) ? currency.centOne : currency.centMany)
        } else {
            text = "\(integer) " + (builder.singular(Double(whole)) ? currency.one : currency.many) + " \(cents)"
        }
        if let (per, afterRate) = rate(at: end) { return (text + per, afterRate) }
        return (text, end)
    }

    func currencyWordFollows(_ j: Int) -> Bool {
        let k = skipSpaces(j)
        var e = k
        while e < n && chars[e].isLetter { e += 1 }
        guard e > k else { return false }
        let word = String(chars[k..<e])
        return lexicon.currencies.values.contains { $0.one == word || $0.many == word }
    }

    func unit(at j: Int) -> (PronunciationLexicon.Inflection, Int)? {
        var k = j
        if k < n && Self.isSpace(chars[k]) { k += 1 }
        guard let (key, end) = match(builder.unitKeys, at: k) else { return nil }
        return lexicon.units[String(key)].map { ($0, end) }
    }

    /// The longest key found at `k` that is not the start of a longer word.
    func match(_ keys: [[Character]], at k: Int) -> ([Character], Int)? {
        for key in keys where k + key.count <= n && Array(chars[k..<(k + key.count)]) == key {
            let end = k + key.count
            // "3 s'inscrivent": an apostrophe continues the word, so "s" is no unit there.
            let boundary = end >= n || !((chars[end].isLetter || chars[end] == "'" || chars[end] == "\u{2019}")
                                         && key.last?.isLetter == true)
            if boundary { return (key, end) }
        }
        return nil
    }

    func date(at i: Int) -> (String, Int)? {
        func run(_ k: Int, _ lengths: ClosedRange<Int>) -> (Int, Int)? {
            var e = k
            while e < n && Self.isDigit(chars[e]) { e += 1 }
            guard lengths.contains(e - k), let value = Int(String(chars[k..<e])) else { return nil }
            return (value, e)
        }
        func separator(_ k: Int, _ c: Character) -> Bool { k < n && chars[k] == c }
        var parts: (day: Int, month: Int, year: Int)?
        var end = i
        if let (a, e1) = run(i, 1...2), separator(e1, "/"), let (b, e2) = run(e1 + 1, 1...2),
           separator(e2, "/"), let (year, e3) = run(e2 + 1, 4...4) {
            parts = lexicon.dateOrder == .dayMonthYear ? (a, b, year) : (b, a, year)
            end = e3
        } else if let (year, e1) = run(i, 4...4), separator(e1, "-"), let (month, e2) = run(e1 + 1, 2...2),
                  separator(e2, "-"), let (day, e3) = run(e2 + 1, 2...2) {
            parts = (day, month, year)
            end = e3
        }
        guard let parts, (1...12).contains(parts.month), (1...31).contains(parts.day),
              let monthKey = L10n(rawValue: "month.\(parts.month)") else { return nil }
        let strings = builder.strings
        let text = strings(.dateFormat, ["day": parts.day == 1 ? strings(.dateFirstDay) : String(parts.day),
                                         "month": strings(monthKey), "year": String(parts.year)])
        return (text, end)
    }

    func skipSpaces(_ j: Int) -> Int {
        var k = j
        while k < n && Self.isSpace(chars[k]) { k += 1 }
        return k
    }

    // MARK: words and marks

    func word(at i: Int) -> (String, Int) {
        var j = i
        while j < n && Self.isWordChar(chars[j]) { j += 1 }
        if j - i == 1, let dotted = dottedAcronym(at: i) { return dotted }
        if let roman = romanOrdinal(at: i) { return roman }
        let word = String(chars[i..<j])
        if j - i == 1, let name = builder.symbolNames[chars[i]], standsAlone(i, .letter) { return (name, j) }
        return (lexicon.words[word] ?? word, j)
    }

    /// "XXe", "XIXe", "Ier", "VIe": a Roman number and an ordinal suffix. A lone C, D, L or M is
    /// left alone ("Ce", "De", "Le", "Me" are words).
    func romanOrdinal(at i: Int) -> (String, Int)? {
        guard !builder.ordinalSuffixes.isEmpty else { return nil }
        var j = i
        while j < n && Self.roman.contains(chars[j]) { j += 1 }
        guard j > i, j < n, chars[j].isLowercase else { return nil }
        let numeral = String(chars[i..<j])
        if numeral.count == 1 && !"IVX".contains(numeral) { return nil }
        guard let value = FrenchNumberWords.roman(numeral) else { return nil }
        return ordinalWord(value, suffixAt: j)
    }

    // MARK: abbreviations, addresses, signs

    func abbreviation(at i: Int) -> (String, Int)? {
        guard let keys = builder.abbreviationKeys[chars[i]] else { return nil }
        for key in keys where i + key.count <= n && Array(chars[i..<(i + key.count)]) == key {
            let end = i + key.count
            if let last = key.last, Self.isWordChar(last), end < n, Self.isWordChar(chars[end]) { continue }
            // "M." is "monsieur" only before a name, not a capital ending a sentence.
            if key.count == 2, key[0].isUppercase, key[1] == "." {
                guard end + 1 < n, Self.isSpace(chars[end]), chars[end + 1].isUppercase else { continue }
                // Nor in a list of letters ("symboles : K, M. Écoutez").
                var b = i - 1
                while b >= 0 && Self.isSpace(chars[b]) { b -= 1 }
                if b >= 1, chars[b] == ",", Self.isWordChar(chars[b - 1]), b < 2 || !Self.isWordChar(chars[b - 2]) { continue }
            }
            let expansion = lexicon.abbreviations[String(key)] ?? String(key)
            // "n°6": the expansion needs a space before what followed the sign.
            return (end < n && Self.isWordChar(chars[end]) ? expansion + " " : expansion, end)
        }
        return nil
    }

    func tokenStart(_ i: Int) -> Bool {
        i == 0 || Self.isSpace(chars[i - 1]) || Self.tokenOpeners.contains(chars[i - 1])
    }

    /// A URL (with a scheme, or from "www.") or an e-mail address, read with its signs named.
    func address(at i: Int) -> (String, Int)? {
        guard !builder.symbolNames.isEmpty else { return nil }
        // Bounded, so that a pasted run of "'a'a'a…" (a token start at every other character)
        // stays linear: nothing longer is read as an address.
        var e = i
        while e < n && e - i <= Self.longestAddress && !Self.isSpace(chars[e]) && !Self.addressEnders.contains(chars[e]) { e += 1 }
        guard e - i <= Self.longestAddress else { return nil }
        // Punctuation ending the sentence is not part of the address.
        while e > i && Self.sentencePunctuation.contains(chars[e - 1]) { e -= 1 }
        let token = String(chars[i..<e])
        var body = Substring(token)
        let lower = token.lowercased()
        if lower.hasPrefix("https://") { body = body.dropFirst(8) }
        else if lower.hasPrefix("http://") { body = body.dropFirst(7) }
        else if lower.hasPrefix("www.") { }
        else if let at = token.firstIndex(of: "@"), at != token.startIndex,
                token[token.index(after: at)...].contains("."),
                token.allSatisfy({ $0.isLetter || $0.isNumber || "._%+-@".contains($0) }) { }
        else { return nil }
        guard body.contains(where: { $0.isLetter }) else { return nil }
        var pieces: [String] = []
        var run = ""
        for c in body {
            if c.isLetter || c.isNumber {
                run.append(c)
            } else {
                if !run.isEmpty { pieces.append(run); run = "" }
                if let name = builder.symbolNames[c] { pieces.append(name) }
            }
        }
        if !run.isEmpty { pieces.append(run) }
        // A trailing slash says nothing worth hearing.
        if body.hasSuffix("/"), let slash = builder.symbolNames["/"], pieces.last == slash { pieces.removeLast() }
        return (pieces.joined(separator: " "), e)
    }

    /// The name of a sign standing alone, if the lexicon has one.
    func symbolName(at i: Int) -> String? {
        let c = chars[i]
        guard let name = builder.symbolNames[c], !c.isLetter else { return nil }
        // French high punctuation follows a space in running text (« Vouliez-vous dire … ? »),
        // and a dash separates words: those are named only between quotes or alone.
        // After a number a sign is its unit ("80 %, 5 essais"), which the synthesiser reads well.
        if i >= 2, Self.isSpace(chars[i - 1]), Self.isDigit(chars[i - 2]) { return nil }
        let kind: Alone = Self.itemOnlySigns.contains(c) ? .item : .sign
        return standsAlone(i, kind) ? name : nil
    }

    /// quoted: only between quotes or alone; item: also before a comma or a full stop;
    /// letter: also at the end of the text; sign: also between spaces.
    enum Alone { case quoted, item, letter, sign }

    /// Quoted (« X ») or alone in the text, or an item followed by a comma or a full stop
    /// ("À, point, trait", "Juste : ?."); a letter also at the end of the text, a sign also
    /// between spaces ("Symbole .").
    func standsAlone(_ i: Int, _ kind: Alone) -> Bool {
        var b = i - 1
        while b >= 0 && Self.isSpace(chars[b]) { b -= 1 }
        var a = i + 1
        while a < n && Self.isSpace(chars[a]) { a += 1 }
        if (b < 0 || Self.openQuotes.contains(chars[b])) && (a >= n || Self.closeQuotes.contains(chars[a])) { return true }
        guard i == 0 || Self.isSpace(chars[i - 1]) || Self.openQuotes.contains(chars[i - 1]) else { return false }
        // Followed by a comma, a full stop or a colon, a sign is an item, never punctuation: « Juste : ?. »,
        // « K, ?, 4 » (a question mark ends its own sentence, without a full stop after it).
        var item = i + 1 < n && (chars[i + 1] == "," || chars[i + 1] == ".") && (i + 2 >= n || Self.isSpace(chars[i + 2]))
        // « Entraînement sur À : écoutez… »: before a spaced colon too.
        if !item, i + 2 < n, Self.isSpace(chars[i + 1]), chars[i + 2] == ":" { item = true }
        if kind == .quoted { return false }
        if kind == .item { return item }
        let endsClause = item || i + 1 >= n || Self.closeQuotes.contains(chars[i + 1])
        return endsClause || (kind == .sign && Self.isSpace(chars[i + 1]))
    }

    /// "I.A." read as the lexicon's "IA".
    func dottedAcronym(at i: Int) -> (String, Int)? {
        var k = i
        var letters = ""
        while k + 1 < n, chars[k].isUppercase, chars[k + 1] == ".",
              k == i || !Self.isWordChar(chars[k - 1]) {
            letters.append(chars[k])
            k += 2
        }
        guard letters.count >= 2, k >= n || !Self.isWordChar(chars[k]),
              let spoken = lexicon.words[letters] else { return nil }
        return (spoken, k)
    }

    func morse(at i: Int) -> (String, Int)? {
        var j = i
        while j < n && Self.isMorseMark(chars[j]) { j += 1 }
        guard j >= n || !Self.isWordChar(chars[j]) else { return nil }
        let marks = chars[i..<j]
        let typographic = marks.contains { $0 != "." && $0 != "-" }
        guard typographic || (marks.contains(".") && marks.contains("-")) else { return nil }
        let strings = builder.strings
        let words = marks.map { Self.isDot($0) ? strings(.morseDot) : strings(.morseDash) }
        return (words.joined(separator: ", "), j)
    }

    static let longestAddress = 256
    static let roman: Set<Character> = ["I", "V", "X", "L", "C", "D", "M"]
    static let tokenOpeners: Set<Character> = ["«", "(", "“", "\"", "'", "<", "["]
    static let addressEnders: Set<Character> = ["»", "”", "\"", ")", "]", "<", ">"]
    static let sentencePunctuation: Set<Character> = [".", ",", ";", ":", "!", "?"]
    static let itemOnlySigns: Set<Character> = ["?", "!", ":", ";", "-", "\u{2013}", "\u{2014}"]
    static let openQuotes: Set<Character> = ["«", "“", "\""]
    static let closeQuotes: Set<Character> = ["»", "”", "\""]
    static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
    static func isWordChar(_ c: Character) -> Bool { c.isLetter || isDigit(c) }
    static func isSpace(_ c: Character) -> Bool { c == " " || c == "\u{00A0}" || c == "\u{202F}" || c == "\u{2009}" }
    static func isDot(_ c: Character) -> Bool { c == "." || c == "\u{00B7}" || c == "\u{2022}" }
    static func isMorseMark(_ c: Character) -> Bool { isDot(c) || c == "-" || c == "\u{2212}" }
}
