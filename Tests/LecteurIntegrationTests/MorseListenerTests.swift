// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// The tests' strict ear, tested on the product's own tones (MorseRenderer, the samples the
/// reader plays and writes to its `--audio-out` WAV). Issue 39: one 20–150 ms gap inserted in
/// the M of a recording, as a sound server plays when the reader's audio thread is kept off the
/// CPU, was heard as M by the lenient ear only 33 times in 294 (K, U, D, W, G or a cut-off E/T/N
/// otherwise). The strict ear may be unsure — the live test then asks for a replay — but it
/// never names another character.
@Suite struct MorseListenerTests {
    let renderer = MorseRenderer()
    let alphabet = MorseAlphabet.standard
    let rate = MorseRenderer.defaultSampleRate

    func tones(_ character: Character) throws -> [Int16] {
        let symbol = try #require(alphabet.symbol(for: character))
        // A listener's recording has silence around the character.
        let pad = [Int16](repeating: 0, count: rate / 5)
        return pad + renderer.samples(symbol) + pad
    }

    @Test func everyLetterAndDigitIsHeardAsItself() throws {
        for character in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" {
            let pattern = try #require(alphabet.symbol(for: character)).pattern
            #expect(MorseListener.character(try tones(character)) == .heard(pattern: pattern), "\(character)")
        }
    }

    @Test func aGapInsertedAnywhereInMIsNeverHeardAsAnotherCharacter() throws {
        let m = try tones("M")
        let milliseconds = stride(from: 20, through: 150, by: 10)
        var heardM = 0, unsure = 0, wrong: [String] = []
        for gap in milliseconds {
            let silence = [Int16](repeating: 0, count: gap * rate / 1000)
            // Every 5 ms across the whole character, silence around it included.
            for at in stride(from: 0, to: m.count, by: rate / 200) {
                let heard = MorseListener.character(Array(m[..<at]) + silence + Array(m[at...]))
                switch heard {
                case .heard(pattern: "--"): heardM += 1
                case .unsure: unsure += 1
                case .heard(let pattern): wrong.append("\(gap) ms at sample \(at): \(pattern)")
                }
            }
        }
        print("EAR gap sweep over M: \(heardM) heard as M, \(unsure) unsure (a replay), \(wrong.count) wrong")
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        // The sweep reaches inside the tones: a gap there must make the ear unsure, and a gap in
        // the silence around the character must leave M heard.
        #expect(unsure > 0 && heardM > 0)
        // The lenient ear, on the same input, names other characters: what the strict one is for.
        let middleOfFirstDah = rate / 5 + rate * 90 / 1000
        let lenient = MorseListener.patterns(Array(m[..<middleOfFirstDah]) + [Int16](repeating: 0, count: 40 * rate / 1000)
                                             + Array(m[middleOfFirstDah...]))
        #expect(lenient != ["--"], "the lenient ear heard \(lenient)")
    }

    @Test func tonesOutsideTheDitAndDahRangesAreUnsure() {
        let unit = rate * 60 / 1000  // 60 ms at 20 wpm
        func tone(_ units: Double) -> [Int16] {
            (0..<Int(units * Double(unit))).map { Int16(8_000 * sin(Double($0) * 2 * .pi * 600 / Double(rate))) }
        }
        let gap = [Int16](repeating: 0, count: unit)
        #expect(MorseListener.character(tone(1) + gap + tone(3)) == .heard(pattern: ".-"))
        #expect(MorseListener.character(tone(0.5)) == .unsure("a tone of 0.50 units after nothing"))
        #expect(MorseListener.character(tone(1.6)) == .unsure("a tone of 1.60 units after nothing"))
        #expect(MorseListener.character(tone(2.2)) == .unsure("a tone of 2.20 units after nothing"))
        #expect(MorseListener.character(tone(3.8)) == .unsure("a tone of 3.80 units after nothing"))
        #expect(MorseListener.character(tone(1) + gap + gap + gap + tone(1)) == .unsure("a silence of 3.00 units after .: more than one character"))
        #expect(MorseListener.character(tone(3) + [Int16](repeating: 0, count: unit / 3) + tone(3))
                == .unsure("a silence of 0.33 units inside the character after -"))
        #expect(MorseListener.character([Int16](repeating: 0, count: rate)) == .unsure("no tone"))
    }
}
