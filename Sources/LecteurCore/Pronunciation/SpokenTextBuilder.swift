// SPDX-License-Identifier: GPL-3.0-or-later
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
/// - a URL or an e-mail address is read piece by piece with its signs named, without the scheme
///   ("https://www.exemple.fr/a" → "www point exemple point fr barre oblique a");
/// - an abbreviation of the lexicon is expanded ("n° 6" → "numéro 6", "M. Dupont" → "monsieur
///   Dupont", "C++" → "C plus plus");
/// - a French phone number is read in pairs ("0123456789" → "01 23 45 67 89");
/// - an ordinal, arabic or Roman, is read as a word ("2e" → "deuxième", "XXe" → "vingtième");
/// - a fraction is read with its denominator ("1/2" → "un demi", "½ journée" → "demi-journée");
/// - a unit or currency divided by another is read with the rate word ("km/h" → "kilomètres par
///   heure", "€/jour" → "euros par jour"), and a dash between two numbers with the range word
///   ("9h30-17h" → "9 heures 30 à 17 heures");
/// - a sign standing alone is named ("« ! »" → "« point d'exclamation »", "Juste : À." → "Juste :
///   a accent grave."); French high punctuation (? ! : ;) is named only between quotes or alone;
/// - the remaining no-break and narrow spaces become plain spaces.
/// Everything else passes through unchanged. Pure and thread-safe.
///
/// Speed: the scan runs on Unicode scalars when every character of the text is one scalar from a
/// list where scalar equality is character equality (`ScanUnit.swift`), and on Characters
/// otherwise; both run the same generic code, and `SpokenTextPathTests` holds them to
/// byte-identical output and to reviewed goldens.
public struct SpokenTextBuilder: Sendable {
    public let lexicon: PronunciationLexicon
    public let strings: Strings
    /// One reference for the scan to hold: copying this struct's many buffers into every scan
    /// cost a retain and a release each, per call.
    fileprivate let rules: ScanRules

    enum OrdinalKind { case first(String), second(String), nth }

    public init(lexicon: PronunciationLexicon, strings: Strings) {
        self.lexicon = lexicon
        self.strings = strings
        rules = ScanRules(lexicon: lexicon, strings: strings)
    }

    public func build(_ text: String) -> String {
        // The scalar path stays because the reader needs it, not only the audit. Measured
        // 2026-11-26 (`cd Benchmarks && swift package --disable-sandbox benchmark --filter
        // "Speech text.*" --filter "Read one.*"`, release, same process): one
        // accented description of 707 bytes, the text a `suivant` onto it gives this builder,
        // takes 21 µs here against 396 µs on Characters alone (p50); reading one formation's
        // detail through the whole reducer (next card, open, 7 × next, back) takes 258 µs, so
        // the Character path alone would add 375 µs to it, more than doubling it (load average 2–5);
        // every card and detail element of 1 000 accented formations (9 042 texts, what `tout
        // lire` says): 86 ms against 1 534 ms (an earlier run, load average 10–15).
        if let scalars = ScalarScan.units(of: text) {
            var scan = Scan(chars: scalars, builder: rules, tables: rules.scalarTables)
            return Self.plainSpaces(scan.run())
        }
        var scan = Scan(chars: Array(text), builder: rules, tables: rules.characterTables)
        return Self.plainSpaces(scan.run())
    }

    /// Which scan `build(_:path:)` runs: the one `build(_:)` chooses, or one of the two.
    @_spi(Testing) public enum ScanPath: Sendable { case automatic, characters, scalars }

    /// `build(_:)` on a chosen path, for the differential tests and the fuzz target; nil when the
    /// scalar path is asked for a text it does not take.
    @_spi(Testing) public func build(_ text: String, path: ScanPath) -> String? {
        switch path {
        case .automatic:
            return build(text)
        case .characters:
            var scan = Scan(chars: Array(text), builder: rules, tables: rules.characterTables)
            return Self.plainSpaces(scan.run())
        case .scalars:
            guard let scalars = ScalarScan.units(of: text) else { return nil }
            var scan = Scan(chars: scalars, builder: rules, tables: rules.scalarTables)
            return Self.plainSpaces(scan.run())
        }
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

}

/// What every scan of one builder reads, built once.
private final class ScanRules: Sendable {
    let lexicon: PronunciationLexicon
    let strings: Strings
    let characterTables: ScanTables<Character>
    let scalarTables: ScanTables<Unicode.Scalar>
    /// Symbol names by Character, for the addresses (read on the token's Characters).
    let symbolNames: [Character: String]
    /// The words of every currency, one or many ("euro", "euros").
    let currencyWords: Set<String>

    init(lexicon: PronunciationLexicon, strings: Strings) {
        self.lexicon = lexicon
        self.strings = strings
        let characters = ScanTables<Character>(lexicon: lexicon)
        characterTables = characters
        scalarTables = ScanTables<Unicode.Scalar>(characters, words: lexicon.words.keys)
        symbolNames = characters.symbolNamesByCharacter
        currencyWords = Set(lexicon.currencies.values.flatMap { [$0.one, $0.many] })
    }

    func singular(_ value: Double) -> Bool {
        lexicon.singularBelowTwo ? value < 2 : value == 1
    }
}

/// A key of the lexicon (unit, currency, abbreviation) in the scan's units, with what the scan
/// asks of it worked out once from its Characters.
private struct LexiconKey<U: ScanUnit>: Sendable {
    let units: [U]
    /// The lexicon's key as written (a dictionary key of the lexicon).
    let string: String
    /// `key.last?.isLetter`, of the key's Characters.
    let lastIsLetter: Bool
    /// The last Character is a letter or an ASCII digit.
    let lastIsWordChar: Bool
    /// Two Characters, an upper-case one then a full stop ("M.").
    let capitalAndDot: Bool
    var count: Int { units.count }
}

/// Lexicon keys tried at a position, longest first. While they are few (the shipped lexicons have
/// a few dozen) they are compared one by one, which is the quickest; past `trieThreshold` (a
/// user's lexicon) a trie finds the keys written at the position in the length of the longest
/// one, so the cost of a position does not grow with the number of keys.
private struct KeyIndex<U: ScanUnit>: Sendable {
    static var trieThreshold: Int { 32 }
    /// Longest first.
    let keys: [LexiconKey<U>]
    private let children: [[U: Int32]]
    /// The key (index in `keys`) ending at each node, or -1.
    private let terminal: [Int32]

    init(_ keys: [LexiconKey<U>]) {
        self.keys = keys
        guard keys.count > Self.trieThreshold else {
            children = []
            terminal = []
            return
        }
        var children: [[U: Int32]] = [[:]]
        var terminal: [Int32] = [-1]
        for (index, key) in keys.enumerated() {
            var node = 0
            for unit in key.units {
                if let next = children[node][unit] {
                    node = Int(next)
                } else {
                    children.append([:])
                    terminal.append(-1)
                    children[node][unit] = Int32(children.count - 1)
                    node = children.count - 1
                }
            }
            if terminal[node] < 0 { terminal[node] = Int32(index) }
        }
        self.children = children
        self.terminal = terminal
    }

    /// The first non-nil `body` of the keys written at `k` in `chars`, longest first.
    @inline(__always)
    func first<T>(in chars: [U], at k: Int, _ body: (LexiconKey<U>) -> T?) -> T? {
        guard !children.isEmpty else {
            for key in keys where Self.written(key.units, in: chars, at: k) {
                if let result = body(key) { return result }
            }
            return nil
        }
        var found: [Int32] = []
        var node = 0, j = k
        while j < chars.count, let next = children[node][chars[j]] {
            node = Int(next)
            j += 1
            if terminal[node] >= 0 { found.append(terminal[node]) }
        }
        for index in found.reversed() {
            if let result = body(keys[Int(index)]) { return result }
        }
        return nil
    }

    /// Whether `key` is written at `k` (no copy of the text: this runs at most positions).
    @inline(__always)
    static func written(_ key: [U], in chars: [U], at k: Int) -> Bool {
        guard k + key.count <= chars.count else { return false }
        var m = 0
        while m < key.count {
            guard chars[k + m] == key[m] else { return false }
            m += 1
        }
        return true
    }
}

/// What the scan looks up, in its unit: built from the lexicon for Characters, then converted for
/// scalars. A key with a Character that no scalar of the fast path equals can never match a text
/// the fast path takes, so it is left out there; the order of the others is kept.
private final class ScanTables<U: ScanUnit>: Sendable {
    /// Longest first, so that "min" wins over "m" when both are listed.
    let unitKeys: KeyIndex<U>
    let currencyKeys: KeyIndex<U>
    /// Abbreviations by their first unit, longest first.
    let abbreviationKeys: UnitMap<U, KeyIndex<U>>
    let symbolNames: UnitMap<U, String>
    /// Ordinal suffixes, longest first, with the word they stand for when it is fixed.
    let ordinalSuffixes: [(suffix: [U], kind: SpokenTextBuilder.OrdinalKind)]
    let decimalSeparator: U?
    let groupSeparators: UnitMap<U, Bool>
    /// The group separators and a plain space: inside an amount before a currency symbol.
    let amountSeparators: UnitMap<U, Bool>
    let symbolNamesByCharacter: [Character: String]
    /// The units a word of the lexicon can start with (nil: any); a word starting otherwise is
    /// not looked up.
    let wordStarts: UnitMap<U, Bool>?

    init(unitKeys: [LexiconKey<U>], currencyKeys: [LexiconKey<U>], abbreviationKeys: [U: [LexiconKey<U>]],
         symbolNames: [U: String], ordinalSuffixes: [(suffix: [U], kind: SpokenTextBuilder.OrdinalKind)],
         decimalSeparator: U?, groupSeparators: Set<U>, symbolNamesByCharacter: [Character: String],
         wordStarts: Set<U>?) {
        self.unitKeys = KeyIndex(unitKeys)
        self.currencyKeys = KeyIndex(currencyKeys)
        self.abbreviationKeys = UnitMap(abbreviationKeys.mapValues(KeyIndex.init))
        self.symbolNames = UnitMap(symbolNames)
        self.ordinalSuffixes = ordinalSuffixes
        self.decimalSeparator = decimalSeparator
        self.groupSeparators = UnitMap(Dictionary(uniqueKeysWithValues: groupSeparators.map { ($0, true) }))
        self.amountSeparators = UnitMap(Dictionary(uniqueKeysWithValues: groupSeparators.union([" "]).map { ($0, true) }))
        self.symbolNamesByCharacter = symbolNamesByCharacter
        self.wordStarts = wordStarts.map { UnitMap(Dictionary(uniqueKeysWithValues: $0.map { ($0, true) })) }
    }
}

extension ScanTables where U == Character {
    convenience init(lexicon: PronunciationLexicon) {
        func key(_ string: String) -> LexiconKey<Character> {
            let chars = Array(string)
            return LexiconKey(units: chars, string: string, lastIsLetter: chars.last?.isLetter == true,
                              lastIsWordChar: chars.last.map { $0.isLetter || ($0.isASCII && $0.isNumber) } ?? false,
                              capitalAndDot: chars.count == 2 && chars[0].isUppercase && chars[1] == ".")
        }
        let unitKeys = lexicon.units.keys.map(key).sorted { $0.count > $1.count }
        let currencyKeys = lexicon.currencies.keys.map(key).sorted { $0.count > $1.count }
        let abbreviationKeys = Dictionary(grouping: lexicon.abbreviations.keys.map(key), by: { $0.units[0] })
            .mapValues { $0.sorted { $0.count > $1.count } }
        let symbolNames = Dictionary(lexicon.symbols.compactMap { key, name in key.first.map { ($0, name) } },
                                     uniquingKeysWith: { a, _ in a })
        var suffixes: [(suffix: [Character], kind: SpokenTextBuilder.OrdinalKind)] = []
        if let ordinals = lexicon.ordinals {
            suffixes += ordinals.first.map { (Array($0.key), .first($0.value)) }
            suffixes += ordinals.second.map { (Array($0.key), .second($0.value)) }
            suffixes += ordinals.nth.map { (Array($0), .nth) }
        }
        self.init(unitKeys: unitKeys, currencyKeys: currencyKeys, abbreviationKeys: abbreviationKeys,
                  symbolNames: symbolNames, ordinalSuffixes: suffixes.sorted { $0.suffix.count > $1.suffix.count },
                  decimalSeparator: lexicon.decimalSeparator, groupSeparators: lexicon.groupSeparators,
                  symbolNamesByCharacter: symbolNames, wordStarts: nil)
    }
}

extension ScanTables where U == Unicode.Scalar {
    /// A word of the scalar path is its own NFC, so it equals a key of `words` only if it starts
    /// with the first scalar of the key's NFC (the key's own first scalar is listed too).
    convenience init(_ characters: ScanTables<Character>, words: some Sequence<String>) {
        typealias Scalar = Unicode.Scalar
        func convert(_ key: LexiconKey<Character>) -> LexiconKey<Scalar>? {
            guard let units = ScalarScan.units(equalTo: key.units) else { return nil }
            return LexiconKey(units: units, string: key.string, lastIsLetter: key.lastIsLetter,
                              lastIsWordChar: key.lastIsWordChar, capitalAndDot: key.capitalAndDot)
        }
        var abbreviations: [Scalar: [LexiconKey<Scalar>]] = [:]
        for (first, keys) in characters.abbreviationKeys.all {
            guard let scalar = ScalarScan.unit(equalTo: first) else { continue }
            abbreviations[scalar] = keys.keys.compactMap(convert)
        }
        var symbols: [Scalar: String] = [:]
        for (c, name) in characters.symbolNamesByCharacter {
            if let scalar = ScalarScan.unit(equalTo: c) { symbols[scalar] = name }
        }
        var separators = Set<Scalar>()
        for (c, _) in characters.groupSeparators.all {
            if let scalar = ScalarScan.unit(equalTo: c) { separators.insert(scalar) }
        }
        self.init(unitKeys: characters.unitKeys.keys.compactMap(convert), currencyKeys: characters.currencyKeys.keys.compactMap(convert),
                  abbreviationKeys: abbreviations, symbolNames: symbols,
                  ordinalSuffixes: characters.ordinalSuffixes.compactMap { suffix, kind in
                      ScalarScan.units(equalTo: suffix).map { ($0, kind) }
                  },
                  decimalSeparator: characters.decimalSeparator.flatMap(ScalarScan.unit(equalTo:)),
                  groupSeparators: separators, symbolNamesByCharacter: characters.symbolNamesByCharacter,
                  wordStarts: Set(words.flatMap { [$0.unicodeScalars.first, $0.precomposedStringWithCanonicalMapping.unicodeScalars.first] }
                      .compactMap { $0 }))
    }
}

private struct Scan<U: ScanUnit> {
    let chars: [U]
    let builder: ScanRules
    let tables: ScanTables<U>
    var out = ""

    init(chars: [U], builder: ScanRules, tables: ScanTables<U>) {
        self.chars = chars
        self.builder = builder
        self.tables = tables
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
            } else if !c.isLetter && !Self.isDigit(c), let name = tables.symbolNames[c], standsAlone(i, .quoted) {
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
                if Self.isSpace(c) { out += " " } else { c.append(to: &out) }
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
        let (integer, afterInteger) = digits(at: i, joining: tables.groupSeparators)
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
        if let (key, end) = match(tables.unitKeys, at: j + 1), let unit = lexicon.units[key.string] {
            return (" \(word) \(unit.one)", end)
        }
        var e = j + 1
        while e < n && chars[e].isLetter { e += 1 }
        guard e >= n || !Self.isWordChar(chars[e]) else { return nil }
        return (" \(word) " + U.string(chars[(j + 1)..<e]), e)
    }

    /// A French phone number, ten digits from a 0, together or in pairs: read in pairs.
    func phone(at i: Int) -> (String, Int)? {
        guard chars[i] == "0", i + 1 < n, Self.isDigit(chars[i + 1]) else { return nil }
        var pairs = [U.string(chars[i...(i + 1)])]
        var j = i + 2
        var separator: U?
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
            pairs.append(U.string(chars[k...(k + 1)]))
            j = k + 2
        }
        guard j >= n || !Self.isWordChar(chars[j]) else { return nil }
        return (pairs.joined(separator: " "), j)
    }

    /// "2e", "1er", "1re", "2nde" (and Roman numbers, see `word(at:)`).
    func ordinal(at i: Int) -> (String, Int)? {
        guard !tables.ordinalSuffixes.isEmpty else { return nil }
        var j = i
        while j < n && Self.isDigit(chars[j]) { j += 1 }
        guard j < n, chars[j].isLetter, j - i <= 6, let value = Int(U.string(chars[i..<j])) else { return nil }
        return ordinalWord(value, suffixAt: j)
    }

    func ordinalWord(_ value: Int, suffixAt j: Int) -> (String, Int)? {
        for (suffix, kind) in tables.ordinalSuffixes where matches(suffix, at: j) {
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
              let numerator = Int(U.string(chars[i..<j])), let denominator = Int(U.string(chars[(j + 1)..<k]))
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
    func digits(at start: Int, joining separators: UnitMap<U, Bool>) -> (String, Int) {
        var text = ""
        var j = start
        while j < n && Self.isDigit(chars[j]) { chars[j].append(to: &text); j += 1 }
        while j + 3 < n, separators.contains(chars[j]),
              (1...3).allSatisfy({ Self.isDigit(chars[j + $0]) }),
              j + 4 >= n || !Self.isDigit(chars[j + 4]) {
            text += U.string(chars[(j + 1)...(j + 3)])
            j += 4
        }
        return (text, j)
    }

    func fractionDigits(at j: Int) -> (String?, Int) {
        guard j + 1 < n, chars[j] == tables.decimalSeparator, Self.isDigit(chars[j + 1]) else { return (nil, j) }
        var k = j + 1
        var text = ""
        while k < n && Self.isDigit(chars[k]) { chars[k].append(to: &text); k += 1 }
        return (text, k)
    }

    func price(at i: Int) -> (String, Int)? {
        guard !builder.lexicon.currencies.isEmpty else { return nil }
        let (integer, afterInteger) = digits(at: i, joining: tables.amountSeparators)
        let (fraction, afterFraction) = fractionDigits(at: afterInteger)
        let symbolStart = skipSpaces(afterFraction)
        guard let (key, end) = match(tables.currencyKeys, at: symbolStart),
              let currency = lexicon.currencies[key.string] else { return nil }
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
        return builder.currencyWords.contains(U.string(chars[k..<e]))
    }

    func unit(at j: Int) -> (PronunciationLexicon.Inflection, Int)? {
        var k = j
        if k < n && Self.isSpace(chars[k]) { k += 1 }
        guard let (key, end) = match(tables.unitKeys, at: k) else { return nil }
        return lexicon.units[key.string].map { ($0, end) }
    }

    /// The longest key found at `k` that is not the start of a longer word.
    func match(_ keys: KeyIndex<U>, at k: Int) -> (LexiconKey<U>, Int)? {
        keys.first(in: chars, at: k) { key in
            let end = k + key.count
            // "3 s'inscrivent": an apostrophe continues the word, so "s" is no unit there.
            let boundary = end >= n || !((chars[end].isLetter || chars[end] == "'" || chars[end] == "\u{2019}")
                                         && key.lastIsLetter)
            return boundary ? (key, end) : nil
        }
    }

    /// Whether `key` is written at `k` (no copy of the text: this runs at most positions).
    func matches(_ key: [U], at k: Int) -> Bool {
        guard k + key.count <= n else { return false }
        var m = 0
        while m < key.count {
            guard chars[k + m] == key[m] else { return false }
            m += 1
        }
        return true
    }

    func date(at i: Int) -> (String, Int)? {
        func run(_ k: Int, _ lengths: ClosedRange<Int>) -> (Int, Int)? {
            var e = k
            while e < n && Self.isDigit(chars[e]) { e += 1 }
            guard lengths.contains(e - k), let value = Int(U.string(chars[k..<e])) else { return nil }
            return (value, e)
        }
        func separator(_ k: Int, _ c: U) -> Bool { k < n && chars[k] == c }
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
              let monthKey = L10n.month(parts.month) else { return nil }
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
        let word = U.string(chars[i..<j])
        if j - i == 1, let name = tables.symbolNames[chars[i]], standsAlone(i, .letter) { return (name, j) }
        if let starts = tables.wordStarts, !starts.contains(chars[i]) { return (word, j) }
        return (lexicon.words[word] ?? word, j)
    }

    /// "XXe", "XIXe", "Ier", "VIe": a Roman number and an ordinal suffix. A lone C, D, L or M is
    /// left alone ("Ce", "De", "Le", "Me" are words).
    func romanOrdinal(at i: Int) -> (String, Int)? {
        guard !tables.ordinalSuffixes.isEmpty else { return nil }
        var j = i
        while j < n && Self.isRoman(chars[j]) { j += 1 }
        guard j > i, j < n, chars[j].isLowercase else { return nil }
        // Roman digits are one Character each, so j - i is the numeral's length.
        if j - i == 1 && !(chars[i] == "I" || chars[i] == "V" || chars[i] == "X") { return nil }
        let numeral = U.string(chars[i..<j])
        guard let value = FrenchNumberWords.roman(numeral) else { return nil }
        return ordinalWord(value, suffixAt: j)
    }

    // MARK: abbreviations, addresses, signs

    func abbreviation(at i: Int) -> (String, Int)? {
        guard let keys = tables.abbreviationKeys[chars[i]] else { return nil }
        return keys.first(in: chars, at: i) { key -> (String, Int)? in
            let end = i + key.count
            if key.lastIsWordChar, end < n, Self.isWordChar(chars[end]) { return nil }
            // "M." is "monsieur" only before a name, not a capital ending a sentence.
            if key.capitalAndDot {
                guard end + 1 < n, Self.isSpace(chars[end]), chars[end + 1].isUppercase else { return nil }
                // Nor in a list of letters ("symboles : K, M. Écoutez").
                var b = i - 1
                while b >= 0 && Self.isSpace(chars[b]) { b -= 1 }
                if b >= 1, chars[b] == ",", Self.isWordChar(chars[b - 1]), b < 2 || !Self.isWordChar(chars[b - 2]) { return nil }
            }
            let expansion = lexicon.abbreviations[key.string] ?? key.string
            // "n°6": the expansion needs a space before what followed the sign.
            return (end < n && Self.isWordChar(chars[end]) ? expansion + " " : expansion, end)
        }
    }

    func tokenStart(_ i: Int) -> Bool {
        i == 0 || Self.isSpace(chars[i - 1]) || Self.isTokenOpener(chars[i - 1])
    }

    /// A URL (with a scheme, or from "www.") or an e-mail address, read with its signs named.
    func address(at i: Int) -> (String, Int)? {
        guard !builder.symbolNames.isEmpty else { return nil }
        // Bounded, so that a pasted run of "'a'a'a…" (a token start at every other character)
        // stays linear: nothing longer is read as an address.
        var e = i
        while e < n && e - i <= Self.longestAddress && !Self.isSpace(chars[e]) && !Self.isAddressEnder(chars[e]) { e += 1 }
        guard e - i <= Self.longestAddress else { return nil }
        // Punctuation ending the sentence is not part of the address.
        while e > i && Self.isSentencePunctuation(chars[e - 1]) { e -= 1 }
        // What every address below needs, checked before the token is made a String (this runs at
        // every word of a text with a full stop): a scheme or "www." starts with h or w (no other
        // character lower-cases to those), an e-mail address has an "@" after its first character.
        guard e > i, Self.startsScheme(chars[i]) || chars[(i + 1)..<e].contains("@") else { return nil }
        let token = U.string(chars[i..<e])
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
        guard let name = tables.symbolNames[c], !c.isLetter else { return nil }
        // French high punctuation follows a space in running text (« Vouliez-vous dire … ? »),
        // and a dash separates words: those are named only between quotes or alone.
        // After a number a sign is its unit ("80 %, 5 essais"), which the synthesiser reads well.
        if i >= 2, Self.isSpace(chars[i - 1]), Self.isDigit(chars[i - 2]) { return nil }
        let kind: Alone = Self.isItemOnlySign(c) ? .item : .sign
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
        if (b < 0 || Self.isOpenQuote(chars[b])) && (a >= n || Self.isCloseQuote(chars[a])) { return true }
        guard i == 0 || Self.isSpace(chars[i - 1]) || Self.isOpenQuote(chars[i - 1]) else { return false }
        // Followed by a comma, a full stop or a colon, a sign is an item, never punctuation: « Juste : ?. »,
        // « K, ?, 4 » (a question mark ends its own sentence, without a full stop after it).
        var item = i + 1 < n && (chars[i + 1] == "," || chars[i + 1] == ".") && (i + 2 >= n || Self.isSpace(chars[i + 2]))
        // « Entraînement sur À : écoutez… »: before a spaced colon too.
        if !item, i + 2 < n, Self.isSpace(chars[i + 1]), chars[i + 2] == ":" { item = true }
        if kind == .quoted { return false }
        if kind == .item { return item }
        let endsClause = item || i + 1 >= n || Self.isCloseQuote(chars[i + 1])
        return endsClause || (kind == .sign && Self.isSpace(chars[i + 1]))
    }

    /// "I.A." read as the lexicon's "IA".
    func dottedAcronym(at i: Int) -> (String, Int)? {
        var k = i
        var letters = ""
        while k + 1 < n, chars[k].isUppercase, chars[k + 1] == ".",
              k == i || !Self.isWordChar(chars[k - 1]) {
            chars[k].append(to: &letters)
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

    static var longestAddress: Int { 256 }
    // Sets of signs as switches: the same Character comparisons on the Character path, plain
    // scalar comparisons on the scalar path.
    static func isRoman(_ c: U) -> Bool {
        switch c { case "I", "V", "X", "L", "C", "D", "M": true; default: false }
    }
    static func isTokenOpener(_ c: U) -> Bool {
        switch c { case "«", "(", "“", "\"", "'", "<", "[": true; default: false }
    }
    static func isAddressEnder(_ c: U) -> Bool {
        switch c { case "»", "”", "\"", ")", "]", "<", ">": true; default: false }
    }
    static func isSentencePunctuation(_ c: U) -> Bool {
        switch c { case ".", ",", ";", ":", "!", "?": true; default: false }
    }
    static func isItemOnlySign(_ c: U) -> Bool {
        switch c { case "?", "!", ":", ";", "-", "\u{2013}", "\u{2014}": true; default: false }
    }
    static func isOpenQuote(_ c: U) -> Bool {
        switch c { case "«", "“", "\"": true; default: false }
    }
    static func isCloseQuote(_ c: U) -> Bool {
        switch c { case "»", "”", "\"": true; default: false }
    }
    static func startsScheme(_ c: U) -> Bool {
        switch c { case "h", "H", "w", "W": true; default: false }
    }
    static func isDigit(_ c: U) -> Bool { c.isDigit }
    static func isWordChar(_ c: U) -> Bool { c.isLetter || c.isDigit }
    static func isSpace(_ c: U) -> Bool { c == " " || c == "\u{00A0}" || c == "\u{202F}" || c == "\u{2009}" }
    static func isDot(_ c: U) -> Bool { c == "." || c == "\u{00B7}" || c == "\u{2022}" }
    static func isMorseMark(_ c: U) -> Bool { isDot(c) || c == "-" || c == "\u{2212}" }
}
