/// Rewrites the text the navigator wants spoken into what the synthesiser should be given, so that
/// what is heard is what the text means. espeak-ng 1.51 (voice fr) otherwise reads "IA" as one
/// syllable [ja], the U+202F in "1 490 €" as a word break, "990,00 €" as "virgule zéro zéro",
/// "40h" as "quarante ache", "15/02/2026" as a string of numbers and ".-" not at all.
///
/// Rules, in the order they are tried at each position:
/// - a numeric date (15/02/2026, 2026-02-15) is read as the locale writes dates ("15 février 2026");
/// - an amount followed by a currency symbol of the lexicon is read with words: "1 490 €" →
///   "1490 euros", "990,00 €" → "990 euros", "1 490,50 €" → "1490 euros 50", "0,50 €" → "50 centimes";
/// - digit-group separators inside a number are dropped; ",00" before a currency word is dropped;
/// - a unit abbreviation of the lexicon after a number is read in full, agreeing with the number
///   ("40h" → "40 heures", "1h30" → "1 heure 30");
/// - a word of the lexicon is replaced ("l'IA" → "l'i a");
/// - a run of Morse marks is said with words ("·−" or ".-" → "point, trait"). Plain ASCII runs must
///   mix dots and dashes to count, so that "..." and a dash between words are left alone;
/// - the remaining no-break and narrow spaces become plain spaces.
/// Everything else passes through unchanged. Pure and thread-safe.
public struct SpokenTextBuilder: Sendable {
    public let lexicon: PronunciationLexicon
    public let strings: Strings
    fileprivate let unitKeys: [[Character]]
    fileprivate let currencyKeys: [[Character]]

    public init(lexicon: PronunciationLexicon, strings: Strings) {
        self.lexicon = lexicon
        self.strings = strings
        // Longest first, so that "min" wins over "m" when both are listed.
        unitKeys = lexicon.units.keys.map(Array.init).sorted { $0.count > $1.count }
        currencyKeys = lexicon.currencies.keys.map(Array.init).sorted { $0.count > $1.count }
    }

    public func build(_ text: String) -> String {
        var scan = Scan(chars: Array(text), builder: self)
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

private struct Scan {
    let chars: [Character]
    let builder: SpokenTextBuilder
    var out = ""

    init(chars: [Character], builder: SpokenTextBuilder) {
        self.chars = chars
        self.builder = builder
        out.reserveCapacity(chars.count + 16)
    }

    var lexicon: PronunciationLexicon { builder.lexicon }
    var n: Int { chars.count }

    mutating func run() -> String {
        var i = 0
        while i < n {
            let c = chars[i]
            let afterWord = i > 0 && Self.isWordChar(chars[i - 1])
            if !afterWord && Self.isDigit(c), let (text, end) = number(at: i) {
                out += text
                i = end
            } else if !afterWord && c.isLetter {
                let (text, end) = word(at: i)
                out += text
                i = end
            } else if !afterWord && Self.isMorseMark(c), let (text, end) = morse(at: i) {
                out += text
                i = end
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
        if let price = price(at: i) { return price }
        let (integer, afterInteger) = digits(at: i, joining: lexicon.groupSeparators)
        let (fraction, end) = fractionDigits(at: afterInteger)
        if let fraction, fraction.allSatisfy({ $0 == "0" }), currencyWordFollows(end) {
            return (integer, end)
        }
        let written = fraction.map { integer + String(lexicon.decimalSeparator) + $0 } ?? integer
        if let (inflection, afterUnit) = unit(at: end) {
            let value = Double(integer + "." + (fraction ?? "0")) ?? 0
            var text = written + " " + (builder.singular(value) ? inflection.one : inflection.many)
            // "1h30": the minutes follow the unit directly.
            if afterUnit < n && Self.isDigit(chars[afterUnit]) { text += " " }
            return (text, afterUnit)
        }
        return (written, end)
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
        let text: String
        if cents == 0 {
            text = "\(integer) " + (builder.singular(Double(whole)) ? currency.one : currency.many)
        } else if whole == 0 {
            text = "\(cents) " + (builder.singular(Double(cents)) ? currency.centOne : currency.centMany)
        } else {
            text = "\(integer) " + (builder.singular(Double(whole)) ? currency.one : currency.many) + " \(cents)"
        }
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
            let boundary = end >= n || !(chars[end].isLetter && key.last?.isLetter == true)
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
        let word = String(chars[i..<j])
        return (lexicon.words[word] ?? word, j)
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

    static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
    static func isWordChar(_ c: Character) -> Bool { c.isLetter || isDigit(c) }
    static func isSpace(_ c: Character) -> Bool { c == " " || c == "\u{00A0}" || c == "\u{202F}" || c == "\u{2009}" }
    static func isDot(_ c: Character) -> Bool { c == "." || c == "\u{00B7}" || c == "\u{2022}" }
    static func isMorseMark(_ c: Character) -> Bool { isDot(c) || c == "-" || c == "\u{2212}" }
}
