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
