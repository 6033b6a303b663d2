/// One difference between what was sent and what the learner copied, from their alignment.
public struct CopyMistake: Hashable, Sendable {
    /// 1-based, in the sent characters (spaces not counted); for a character typed in excess,
    /// the position of the sent character it was typed before.
    public let position: Int
    /// "" when the learner typed a character that was not sent.
    public let sent: String
    /// "" when the learner missed the character.
    public let typed: String

    public init(position: Int, sent: String, typed: String) {
        self.position = position
        self.sent = sent
        self.typed = typed
    }
}

/// A scored copy, as the transcript's `copy_result` event reports it.
public struct CopyResult: Hashable, Sendable {
    public let mode: CopyKind
    public let round: Int
    public let sent: String
    public let typed: String
    /// 0–100: the share of sent characters copied right, less the characters typed in excess.
    public let score: Int
    public let mistakes: [CopyMistake]

    public init(mode: CopyKind, round: Int, sent: String, typed: String, score: Int, mistakes: [CopyMistake]) {
        self.mode = mode
        self.round = round
        self.sent = sent
        self.typed = typed
        self.score = score
        self.mistakes = mistakes
    }
}

/// Aligns a copy with what was sent (Levenshtein distance over the characters, spaces aside,
/// case and typographic variants folded by the alphabet) and names each difference.
///
/// A prosign is one character, as it is heard: `<KN>` sent is one character (not four), and what
/// a learner types for it is `<KN>` (any case) or the character sent with the same code, `(`
/// for KN, `+` for AR, `=` for BT (LCWO's and fldigi's way of writing them). Two characters
/// are the same when their codes are: the ear cannot tell them apart.
public enum CopyScoring {
    /// One character of a copy: as it is written (`<KN>` for a prosign, the alphabet's form of a
    /// character, upper case otherwise) and what it sounds like (its code; nil when it has none).
    public struct Token: Hashable, Sendable {
        public let text: String
        public let symbol: MorseSymbol?

        var sound: String { symbol?.pattern ?? text }
    }

    public static func tokens(_ text: String, alphabet: MorseAlphabet) -> [Token] {
        let characters = Array(text)
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<", let (prosign, end) = alphabet.prosign(in: characters, from: index) {
                tokens.append(Token(text: "<\(prosign.prosign ?? "")>", symbol: prosign))
                index = end + 1
                continue
            }
            index += 1
            if character.isWhitespace { continue }
            if let symbol = alphabet.symbol(for: character) {
                tokens.append(Token(text: String(symbol.character), symbol: symbol))
            } else {
                tokens.append(Token(text: String(character).uppercased(), symbol: nil))
            }
        }
        return tokens
    }

    public static func score(sent: String, typed: String, alphabet: MorseAlphabet) -> (score: Int, mistakes: [CopyMistake]) {
        let a = tokens(sent, alphabet: alphabet), b = tokens(typed, alphabet: alphabet)
        func same(_ x: Token, _ y: Token) -> Bool { x.sound == y.sound }
        // distance[i][j]: edits turning a[..<i] into b[..<j].
        var distance = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { distance[i][0] = i }
        for j in 0...b.count { distance[0][j] = j }
        if !a.isEmpty && !b.isEmpty {
            for i in 1...a.count {
                for j in 1...b.count {
                    distance[i][j] = min(distance[i - 1][j] + 1, distance[i][j - 1] + 1,
                                         distance[i - 1][j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1))
                }
            }
        }
        // Back from the end, preferring a match or a substitution: "H lu S" rather than a miss and an extra.
        var mistakes: [CopyMistake] = []
        var i = a.count, j = b.count
        while i > 0 || j > 0 {
            if i > 0, j > 0, distance[i][j] == distance[i - 1][j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1) {
                if !same(a[i - 1], b[j - 1]) { mistakes.append(CopyMistake(position: i, sent: a[i - 1].text, typed: b[j - 1].text)) }
                i -= 1; j -= 1
            } else if i > 0, distance[i][j] == distance[i - 1][j] + 1 {
                mistakes.append(CopyMistake(position: i, sent: a[i - 1].text, typed: ""))
                i -= 1
            } else {
                mistakes.append(CopyMistake(position: i + 1, sent: "", typed: b[j - 1].text))
                j -= 1
            }
        }
        let score = a.isEmpty ? 0 : max(0, Int((Double(a.count - distance[a.count][b.count]) * 100 / Double(a.count)).rounded()))
        return (score, mistakes.reversed())
    }
}
