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
