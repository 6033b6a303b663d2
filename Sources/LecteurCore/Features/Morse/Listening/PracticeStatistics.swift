/// What `statistiques` says: for each symbol practised, its latest answers (accuracy and median
/// time to answer), the slowest symbol, and the confusions heard most often. Storage counts;
/// this words it.
public struct PracticeStatistics: Hashable, Sendable {
    public struct Symbol: Hashable, Sendable {
        public let symbolID: String
        public let attempts: Int
        public let correct: Int
        /// Median time to answer over the answers whose time is known; nil when none is.
        public let medianLatencyMs: Int?

        public init(symbolID: String, attempts: Int, correct: Int, medianLatencyMs: Int?) {
            self.symbolID = symbolID
            self.attempts = attempts
            self.correct = correct
            self.medianLatencyMs = medianLatencyMs
        }
    }

    public struct Confusion: Hashable, Sendable {
        public let expectedID: String
        public let typedID: String
        public let count: Int

        public init(expectedID: String, typedID: String, count: Int) {
            self.expectedID = expectedID
            self.typedID = typedID
            self.count = count
        }
    }

    public let symbols: [Symbol]
    /// Most frequent first.
    public let confusions: [Confusion]
    /// How many latest answers per symbol `symbols` counts.
    public let window: Int

    /// The same counts for sending practice, per symbol asked (no time to answer: the keying is timed instead).
    public let sending: [Symbol]

    public init(symbols: [Symbol], confusions: [Confusion], window: Int, sending: [Symbol] = []) {
        self.symbols = symbols
        self.confusions = confusions
        self.window = window
        self.sending = sending
    }

    /// The confusions said: the few that matter.
    public static let confusionsSaid = 3

    /// Symbols in the order Koch teaches them, then the rest of the alphabet's order.
    public func message(_ strings: Strings, alphabet: MorseAlphabet) -> String {
        lines(strings, alphabet: alphabet).joined(separator: " ")
    }

    /// The statistics sentence by sentence: the « Statistiques » screen's elements.
    public func lines(_ strings: Strings, alphabet: MorseAlphabet) -> [String] {
        guard !symbols.isEmpty || !sending.isEmpty else { return [strings(.morseTrainerStatsNone)] }
        let order = alphabet.kochSymbols + alphabet.symbols.filter { !alphabet.kochSymbols.contains($0) }
        let rank = Dictionary(order.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        func inOrder(_ list: [Symbol]) -> [Symbol] {
            list.sorted { (rank[$0.symbolID] ?? .max, $0.symbolID) < (rank[$1.symbolID] ?? .max, $1.symbolID) }
        }
        let sorted = inOrder(symbols)
        func name(_ id: String) -> String { alphabet.symbol(id: id)?.spokenName(strings) ?? id }
        var parts = [strings(.morseTrainerStatsIntro, ["window": "\(window)"])]
        for symbol in sorted {
            let percent = SymbolProgress(attempts: symbol.attempts, correct: symbol.correct).percent
            var line = strings(.morseTrainerStatsSymbol, ["character": name(symbol.symbolID), "percent": "\(percent)",
                                                          "attempts": "\(symbol.attempts)"])
            if let median = symbol.medianLatencyMs {
                line += " " + strings(.morseTrainerStatsMedian, ["time": AnswerTime.said(median, strings)])
            }
            parts.append(line)
        }
        if let slowest = symbols.filter({ $0.medianLatencyMs != nil }).max(by: { ($0.medianLatencyMs!, $1.symbolID) < ($1.medianLatencyMs!, $0.symbolID) }),
           let median = slowest.medianLatencyMs {
            parts.append(strings(.morseTrainerStatsSlowest, ["character": name(slowest.symbolID),
                                                             "time": AnswerTime.said(median, strings)]))
        }
        let confused = confusions.prefix(Self.confusionsSaid).map {
            strings(.morseTrainerStatsConfusion, ["expected": name($0.expectedID), "typed": name($0.typedID), "count": "\($0.count)"])
        }
        if !confused.isEmpty { parts.append(strings(.morseTrainerStatsConfusions, ["list": confused.joined(separator: ", ")])) }
        if !sending.isEmpty {
            parts.append(strings(.morseSendingStats))
            for symbol in inOrder(sending) {
                let percent = SymbolProgress(attempts: symbol.attempts, correct: symbol.correct).percent
                parts.append(strings(.morseTrainerStatsSymbol, ["character": name(symbol.symbolID), "percent": "\(percent)",
                                                                "attempts": "\(symbol.attempts)"]))
            }
        }
        return parts
    }
}

/// Times to answer, as practice judges and says them.
public enum AnswerTime {
    /// From the tones' end to the answer, in whole milliseconds (0 for an answer typed while they
    /// sound); nil without both instants, and for an answer that arrived before the question was
    /// asked: it answers nothing heard (a pipe's lines are all read at once), and « 0 seconde »
    /// would be a time never measured.
    public static func latency(answeredAtMs: Double?, toneEndMs: Double?, askedAtMs: Double?) -> Int? {
        guard let answeredAtMs, let toneEndMs, answeredAtMs >= askedAtMs ?? -.infinity else { return nil }
        return Int(max(0, answeredAtMs - toneEndMs).rounded())
    }

    /// The middle value (the mean of the two middle ones for an even count); nil for none.
    public static func median(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// « 1,5 » (French), "1.5" (English): milliseconds as seconds, to a tenth.
    public static func seconds(_ ms: Int, _ strings: Strings) -> String {
        MorseSettings.format((Double(ms) / 100).rounded() / 10, strings)
    }

    /// « 1 seconde », « 1,5 seconde », « 2 secondes »: the time with its unit, agreed in number.
    public static func said(_ ms: Int, _ strings: Strings) -> String {
        strings(.morseTrainerSeconds, ["seconds": seconds(ms, strings)])
    }
}
