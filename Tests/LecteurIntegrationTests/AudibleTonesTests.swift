// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// The live tests' audibility measure, on the product's own tones and on what must not count:
/// it follows the tones through gaps (tolerant) but hears nothing at the pitch in silence,
/// another pitch or noise (so a live test whose tones were not played fails).
@Suite struct AudibleTonesTests {
    let rate = MorseRenderer.defaultSampleRate

    func rendered(_ character: Character) throws -> [Int16] {
        let symbol = try #require(MorseAlphabet.standard.symbol(for: character))
        let pad = [Int16](repeating: 0, count: rate / 5)
        return pad + MorseRenderer().samples(symbol) + pad
    }

    func sine(_ hz: Double, seconds: Double) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { Int16(8_000 * sin(Double($0) * 2 * .pi * hz / Double(rate))) }
    }

    @Test func theProductsTonesAreHeardForTheirBookLength() throws {
        // M: two dahs, 6 units of 60 ms at 20 WPM; K: 7 units.
        #expect(abs(AudibleTones.bookSeconds(["--"], wpm: 20) - 0.36) < 1e-9)
        #expect(abs(AudibleTones.bookSeconds(["-.-"], wpm: 20) - 0.42) < 1e-9)
        for (character, pattern) in [("M", "--"), ("K", "-.-"), ("E", "."), ("0", "-----")] as [(Character, String)] {
            let heard = AudibleTones.seconds(atPitch: 600, in: try rendered(character))
            let book = AudibleTones.bookSeconds([pattern], wpm: 20)
            // Each edge costs at most one 10 ms window.
            #expect(abs(heard - book) <= 0.01 * Double(2 * pattern.count), "\(character): \(heard) s for \(book) s")
            #expect(AudibleTones.audible(heard: heard, book: book))
        }
    }

    @Test func aGapTheServerPlaysInsideATonesLeavesItAudible() throws {
        let m = try rendered("M")
        let inside = rate / 5 + rate * 90 / 1000
        for gap in [20, 80, 150] {
            let cut = Array(m[..<inside]) + [Int16](repeating: 0, count: gap * rate / 1000) + Array(m[inside...])
            let heard = AudibleTones.seconds(atPitch: 600, in: cut)
            #expect(AudibleTones.audible(heard: heard, book: 0.36), "\(gap) ms gap: \(heard) s")
        }
    }

    @Test func silenceAnotherPitchOrNoiseIsNotTheTone() {
        #expect(AudibleTones.seconds(atPitch: 600, in: [Int16](repeating: 0, count: rate)) == 0)
        #expect(AudibleTones.seconds(atPitch: 600, in: sine(800, seconds: 0.5)) == 0)
        #expect(AudibleTones.seconds(atPitch: 700, in: sine(600, seconds: 0.5)) == 0)
        // Loud noise from a fixed generator: broadband, never mostly at one pitch.
        var state: UInt64 = 39
        let noise = (0..<rate).map { _ -> Int16 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int16(truncatingIfNeeded: Int(state >> 48) - 32_768) / 4
        }
        #expect(AudibleTones.seconds(atPitch: 600, in: noise) == 0)
        // Too little or too much of the tone is not the question's tones.
        #expect(!AudibleTones.audible(heard: 0, book: 0.36))
        #expect(!AudibleTones.audible(heard: 0.17, book: 0.36))
        #expect(!AudibleTones.audible(heard: 0.55, book: 0.36))
        #expect(AudibleTones.audible(heard: 0.18, book: 0.36) && AudibleTones.audible(heard: 0.53, book: 0.36))
    }
}
