// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurLocales
import LecteurTestSupport

/// Issue 48, item 4 (in part): callsigns of real shapes, from the learner's characters, and QSOs
/// whose two stations are of the language's own countries. Before, lesson 1 sent ON5WTS, F7X
/// and VE3A (a third of the calls had a one-letter suffix), and a Dutch call came with a French
/// operator in Nantes.
@Suite struct CallsignMaterialTests {
    let alphabet = MorseAlphabet.standard

    /// 100 callsigns, as two sessions of 50 (the most a copy session sends) send them.
    func callsigns(learnt: [MorseSymbol], seed: UInt64) -> [String] {
        callsigns(learnt: learnt, session: seed) + callsigns(learnt: learnt, session: seed &+ 1000)
    }

    func callsigns(learnt: [MorseSymbol], session seed: UInt64) -> [String] {
        var session = CopySession(kind: .callsigns, count: 50, learnt: learnt, words: [], settings: .default,
                                  random: SeededRandom(seed: seed))
        var sent: [String] = []
        var effects = session.start()
        for _ in 0..<50 {
            guard let text = effects.compactMap({ if case .send(let text, _, _) = $0 { text } else { nil } }).last else { break }
            sent.append(text)
            effects = session.handle(text)
        }
        return sent
    }

    @Test func a100CallsignsHaveRealShapesAndTheLearntCharacters() {
        let learnt = Array(alphabet.kochSymbols.prefix(30))
        let known = Set(learnt.map(\.character))
        let calls = callsigns(learnt: learnt, seed: 48)
        #expect(calls.count == 100)
        let implausible = calls.filter { !Callsign.isPlausible($0) }
        let unlearnt = calls.filter { !$0.allSatisfy { known.contains($0) } }
        let suffixes = calls.map { call in call.reversed().prefix { $0.isLetter }.count }
        print("callsign material: at Koch level 30, \(calls.count) calls, \(implausible.count) of no real shape, "
              + "\(unlearnt.count) with a character not learnt, suffixes of 2 letters \(suffixes.filter { $0 == 2 }.count), "
              + "of 3 \(suffixes.filter { $0 == 3 }.count); first ten \(calls.prefix(10))")
        #expect(implausible.isEmpty, "\(implausible)")
        #expect(unlearnt.isEmpty, "\(unlearnt)")
        #expect(suffixes.allSatisfy { $0 == 2 || $0 == 3 })
        #expect(!calls.contains { $0.hasPrefix("F0") || $0.hasPrefix("F7") })
        // The whole alphabet: every shape may come, still none but real ones.
        let any = callsigns(learnt: alphabet.kochSymbols, seed: 49)
        #expect(any.allSatisfy(Callsign.isPlausible), "\(any.filter { !Callsign.isPlausible($0) })")
        #expect(Set(any.map { String($0.prefix(1)) }).count >= 6, "\(any)")
    }

    @Test(arguments: ["fr", "en"])
    func twentyQSOsAreBetweenStationsOfTheLanguagesCountries(locale: String) throws {
        let strings = Strings(localeCode: locale, table: try #require(LocaleResources.table(locale: locale)))
        let material = QSOMaterial(strings: strings)
        var random = SeededRandom(seed: 480)
        for _ in 0..<20 {
            let overs = QSOText(material: material).qso(using: &random)
            let cq = try #require(overs.first)
            let answer = overs[1].split(separator: " ").map(String.init)
            let a = try #require(cq.split(separator: " ").map(String.init).last { Callsign.isPlausible($0) })
            let b = try #require(answer.last { Callsign.isPlausible($0) && $0 != a })
            for call in [a, b] {
                #expect(material.prefixes.contains { call.hasPrefix($0) }, "\(call) in a \(locale) QSO")
            }
            #expect(a != b)
        }
    }
}

/// Issue 48, item 4: French QSOs as French operators key them — abbreviations (BJR, MCI PR
/// APPEL, CPI, TNX, MNI TNX, OM, UR RST, QTH, OP/NOM, WX, TRX, 73, CUL…, per F2QH's and F5NTS's
/// lists and F6GRY's), never the words spelled out — and the answering station at its own
/// speed and pitch.
@Suite struct FrenchQSOTests {
    static let spelledOut = ["COMMENT", "COPIE", "METEO", "BONJOUR", "MERCI", "POUR", "DEGRES", "VOTRE", "STATION", "RECU"]

    @Test func twentyFrenchQSOsUseTheAbbreviations() throws {
        let material = QSOMaterial(strings: french)
        var random = SeededRandom(seed: 4_848)
        for _ in 0..<20 {
            let overs = QSOText(material: material).qso(using: &random)
            let words = Set(overs.joined(separator: " ").split(separator: " ").map(String.init))
            #expect(words.isDisjoint(with: Self.spelledOut), "\(words.intersection(Self.spelledOut)) in \(overs)")
            for needed in ["RST", "QTH", "WX", "73", "OM"] { #expect(words.contains(needed), "\(needed) missing in \(overs)") }
            #expect(!words.isDisjoint(with: ["OP", "NOM"]) && !words.isDisjoint(with: ["MCI", "TNX"]))
            #expect(!words.isDisjoint(with: ["CPI?", "HW?"]), "\(overs)")
            #expect(words.contains { $0.hasSuffix("C") && $0.dropLast().allSatisfy(\.isNumber) }, "a temperature in °C")
        }
    }

    @Test func theAnsweringStationHasItsOwnSpeedAndPitch() throws {
        let material = QSOMaterial(strings: french)
        var speeds = Set<Int>(), pitches = Set<Int>()
        for seed in 0..<20 as Range<UInt64> {
            var session = CopySession(kind: .qso, count: 1, learnt: Array(MorseAlphabet.kochOrder.prefix(40)).compactMap {
                MorseAlphabet.standard.symbol(for: $0) }, words: [], settings: .default, random: SeededRandom(seed: seed), qso: material)
            _ = session.start()
            let caller = session.sound(ofRound: 1), answering = session.sound(ofRound: 2)
            #expect(session.sound(ofRound: 3) == caller && session.sound(ofRound: 4) == answering && session.sound(ofRound: 5) == caller)
            #expect((2...5).contains(abs(answering.wpm - caller.wpm)), "\(caller.wpm) and \(answering.wpm)")
            #expect((80...200).contains(abs(answering.toneHz - caller.toneHz)), "\(caller.toneHz) and \(answering.toneHz)")
            speeds.insert(answering.wpm - caller.wpm)
            pitches.insert(answering.toneHz - caller.toneHz)
        }
        #expect(speeds.count >= 4 && pitches.count >= 10, "drawn, not fixed: \(speeds), \(pitches)")
    }
}

/// Issue 48, item 4: the contest exchange, as Morse Runner's WPX callers send it (`DxOper.pas`,
/// `Station.pas`): a call and « 5NN » with a serial number cut to T, A and N, in the three overs
/// that carry both, each caller at its own speed (half the learner's to the learner's) and
/// pitch (`RndGaussLim(0, 300)`); a copy typed as a log holds it (« 599 047 ») scores as one
/// typed as keyed (« 5NN T47 »).
@Suite struct ContestExchangeTests {
    let alphabet = MorseAlphabet.standard

    /// The overs a contest copy sends, and each one's sound, over `count` rounds copied as `copy` says.
    func overs(seed: UInt64, count: Int = 50, settings: MorseSettings = .default,
               copy: (String) -> String = { $0 }) -> [(text: String, sound: MorseSettings, score: Int)] {
        var session = CopySession(kind: .contest, count: count, learnt: Array(alphabet.kochSymbols.prefix(30)), words: [],
                                  settings: settings, random: SeededRandom(seed: seed))
        var sent: [(String, MorseSettings, Int)] = []
        var effects = session.start()
        while let text = effects.compactMap({ if case .send(let text, _, _) = $0 { text } else { nil } }).last {
            let sound = session.sound(ofRound: session.round)
            effects = session.handle(copy(text))
            let score = effects.compactMap { if case .scored(let result) = $0 { result.score } else { nil } }.first ?? -1
            sent.append((text, sound, score))
        }
        return sent
    }

    @Test func aHundredCallersSendMorseRunnersOvers() throws {
        let sent = overs(seed: 48) + overs(seed: 1048)
        #expect(sent.count == 100)
        var forms: [String: Int] = [:]
        var serials: [Int] = []
        for (text, _, _) in sent {
            let words = text.split(separator: " ").map(String.init)
            let exchange = words.suffix(2), calls = words.dropLast(2).filter { $0 != "DE" }
            let form = (words.first == "DE" ? "DE " : "") + (calls.count == 2 ? "call call" : "call") + " exchange"
            forms[form, default: 0] += 1
            #expect(calls.count >= 1 && Set(calls).count == 1 && Callsign.isPlausible(calls[0]), "\(text)")
            #expect(exchange.first == "5NN", "\(text)")
            let number = try #require(exchange.last)
            #expect(number.count >= 3 && number.allSatisfy { "2345678TAN".contains($0) }, "cut numbers only: \(text)")
            let logged = ContestExchange.logged(text).split(separator: " ").suffix(2)
            #expect(logged.first == "599")
            let serial = try #require(logged.last.flatMap { Int($0) })
            serials.append(serial)
        }
        print("contest exchange: 100 overs, forms \(forms.sorted { $0.key < $1.key }), serials \(serials.min() ?? 0) to \(serials.max() ?? 0), first \(sent.prefix(3).map(\.text))")
        #expect(forms.keys.sorted() == ["DE call call exchange", "DE call exchange", "call call exchange"])
        #expect((35...65).contains(forms["DE call exchange"] ?? 0), "\(forms)")
        #expect(serials.allSatisfy { (1...1801).contains($0) } && Set(serials).count > 80, "\(serials)")
        // Each caller at its own speed and pitch.
        let speeds = sent.map(\.sound.wpm), offsets = sent.map { Double($0.sound.toneHz - 600) }
        #expect(speeds.allSatisfy { (10...20).contains($0) } && Set(speeds).count >= 8, "\(speeds)")
        #expect(offsets.allSatisfy { abs($0) <= 300 }, "\(offsets)")
        let sigma = (offsets.map { $0 * $0 }.reduce(0, +) / Double(offsets.count)).squareRoot()
        print("contest exchange: speeds \(speeds.min() ?? 0)–\(speeds.max() ?? 0) WPM, pitch offsets σ \(Int(sigma)) Hz")
        #expect((100...200).contains(sigma), "σ \(sigma)")
    }

    @Test func aCopyIsReadAsALogReadsIt() {
        // Typed as keyed, or with digits for the cut letters: both whole.
        #expect(overs(seed: 7, count: 10).allSatisfy { $0.score == 100 })
        #expect(overs(seed: 7, count: 10, copy: ContestExchange.logged).allSatisfy { $0.score == 100 })
        #expect(ContestExchange.logged("DE F5ABC 5NN TA7") == "DE F5ABC 599 017")
        #expect(ContestExchange.exchange(serial: 190) == "5NN ANT" && ContestExchange.exchange(serial: 1234) == "5NN A234")
        // A call of cut letters and digits is never read as a number when the copy is short.
        #expect(ContestExchange.logged("N5TA") == "N5TA" && ContestExchange.logged("DE N5TA") == "DE N5TA")
        // A wrong digit is one mistake.
        let wrong = overs(seed: 7, count: 3) { text in
            var logged = ContestExchange.logged(text)
            let last = logged.removeLast()
            return logged + (last == "8" ? "3" : "8")
        }
        #expect(wrong.allSatisfy { $0.score < 100 && $0.score > 80 }, "\(wrong.map(\.score))")
    }
}
