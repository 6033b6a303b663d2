// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurStorage
import LecteurTestSupport

@Suite struct SendingDecoderTests {
    let alphabet = MorseAlphabet.standard

    /// Random five-character groups of the learnt set (the whole Koch order here, the longest
    /// patterns included), keyed with jitter, decoded one group at a time by one decoder (as in a
    /// session): the share of characters read right (edit distance over the group).
    func accuracy(jitter: Double, groups: Int = 300, seed: UInt64, wpm: @escaping (Int, Int) -> Double) -> Double {
        var hand = KeyingHand(seed: seed, jitter: jitter)
        var picker = SeededRandom(seed: seed &+ 1)
        let learnt = alphabet.kochSymbols.map { String($0.character) }
        var decoder = AdaptiveDecoder(wpm: wpm(0, 0))
        var right = 0, total = 0
        for group in 0..<groups {
            let text = (0..<5).map { _ in learnt.randomElement(using: &picker)! }.joined()
            let keyed = hand.key(patterns: text.map { alphabet.symbol(for: $0)!.pattern }) { wpm(group, $0) }
            let read = decoder.decode(keyed.marks.map { KeyedMark(startMs: $0.down, endMs: $0.up) }, alphabet: alphabet).text
            total += text.count
            right += text.count - min(text.count, editDistance(Array(read), Array(text)))
        }
        return Double(right) / Double(total)
    }

    @Test func decodesAtTenPercentJitter() {
        let figure = accuracy(jitter: 0.10, seed: 10) { _, _ in 15 }
        print("sending decoder: 15 WPM, 10 % jitter: \(figure * 100) % of 1500 characters")
        #expect(figure >= 0.99)
    }

    @Test func decodesAtFifteenPercentJitter() {
        let figure = accuracy(jitter: 0.15, seed: 15) { _, _ in 15 }
        print("sending decoder: 15 WPM, 15 % jitter: \(figure * 100) % of 1500 characters")
        #expect(figure >= 0.95)
    }

    @Test func followsASenderDriftingFrom15To22WPM() {
        // The speed climbs steadily over the 300 groups, character by character.
        let figure10 = accuracy(jitter: 0.10, seed: 22) { group, character in 15 + 7 * Double(group * 5 + character) / 1500 }
        let figure15 = accuracy(jitter: 0.15, seed: 23) { group, character in 15 + 7 * Double(group * 5 + character) / 1500 }
        print("sending decoder: 15→22 WPM drift: \(figure10 * 100) % at 10 % jitter, \(figure15 * 100) % at 15 %")
        #expect(figure10 >= 0.99)
        #expect(figure15 >= 0.95)
    }

    /// Issue 48, item 1: a hand that changes speed within a session, as a learner slowing down
    /// for a hard group or speeding up once warm. Under the default setting (20 WPM), 20 sessions
    /// per row, each of 4 groups at the first speed then 4 at the second (40 characters, as the
    /// issue measured), one decoder per session: characters right over the whole row, in the
    /// worst session, and in the first group after the change. Once a decoder learnt at 25 WPM
    /// read every later dit as a dah (22 of 40).
    func speedChange(from first: Double, to second: Double, jitter: Double, seed: UInt64)
        -> (share: Double, worst: Int, firstAfter: Double) {
        var right = 0, total = 0, worst = 40, firstRight = 0, firstTotal = 0
        for session in 0..<20 {
            var hand = KeyingHand(seed: seed &+ UInt64(session) &* 7919, jitter: jitter)
            var picker = SeededRandom(seed: seed &+ UInt64(session) &* 104729 &+ 1)
            var decoder = AdaptiveDecoder(wpm: 20)
            var sessionRight = 0
            for group in 0..<8 {
                let text = String((0..<5).map { _ in alphabet.kochSymbols.randomElement(using: &picker)!.character })
                let wpm = group < 4 ? first : second
                let keyed = hand.key(patterns: text.map { alphabet.symbol(for: $0)!.pattern }) { _ in wpm }
                let read = decoder.decode(keyed.marks.map { KeyedMark(startMs: $0.down, endMs: $0.up) }, alphabet: alphabet).text
                // A word space read inside a group counts as a character added.
                let groupRight = text.count - min(text.count, editDistance(Array(read), Array(text)))
                sessionRight += groupRight
                total += text.count
                if group == 4 { firstRight += groupRight; firstTotal += text.count }
            }
            right += sessionRight
            worst = min(worst, sessionRight)
        }
        return (Double(right) / Double(total), worst, Double(firstRight) / Double(firstTotal))
    }

    @Test(arguments: [(25.0, 10.0), (20, 12), (10, 25), (8, 20), (10, 30), (30, 8)])
    func followsAHandChangingSpeedWithinASession(from first: Double, to second: Double) {
        for jitter in [0.10, 0.15] {
            let figure = speedChange(from: first, to: second, jitter: jitter, seed: UInt64(first * 100 + second))
            print("sending decoder: \(Int(first)) → \(Int(second)) WPM, \(Int(jitter * 100)) % jitter: "
                  + "\(String(format: "%.1f", figure.share * 100)) % of 800 characters, worst session \(figure.worst)/40, "
                  + "first group after the change \(String(format: "%.0f", figure.firstAfter * 100)) %")
            #expect(figure.share >= 0.95, "\(first) → \(second) WPM at \(jitter) jitter")
        }
    }

    /// The same hand changing speed in the middle of a group (a sending): the marks far beyond
    /// the running dah (or below the running dit) move the thresholds within the character.
    @Test(arguments: [(25.0, 10.0), (10, 25)])
    func followsASpeedChangeInsideASending(from first: Double, to second: Double) {
        var right = 0, total = 0
        for session in 0..<20 {
            var hand = KeyingHand(seed: 4800 &+ UInt64(session), jitter: 0.10)
            var picker = SeededRandom(seed: 4900 &+ UInt64(session))
            var decoder = AdaptiveDecoder(wpm: 20)
            for group in 0..<8 {
                let text = String((0..<5).map { _ in alphabet.kochSymbols.randomElement(using: &picker)!.character })
                // The change comes after the second character of the fourth group.
                let keyed = hand.key(patterns: text.map { alphabet.symbol(for: $0)!.pattern }) { index in
                    group < 3 || (group == 3 && index < 2) ? first : second
                }
                let read = decoder.decode(keyed.marks.map { KeyedMark(startMs: $0.down, endMs: $0.up) }, alphabet: alphabet).text
                right += text.count - min(text.count, editDistance(Array(read), Array(text)))
                total += text.count
            }
        }
        let share = Double(right) / Double(total)
        print("sending decoder: \(Int(first)) → \(Int(second)) WPM inside a group, 10 % jitter: \(String(format: "%.1f", share * 100)) % of \(total) characters")
        #expect(share >= 0.95)
    }

    /// One mark of a few milliseconds inside a group — a key's press and release stamped
    /// together after the reader was held up, or a contact's bounce — is no change of speed. It
    /// once shrank both averages to a sixth at once: the rest of the group read « Z ?ETN T T… »
    /// and every later mark came out as its own T (a fresh-clone run, through the binary).
    @Test func oneGlitchOfAMarkDoesNotLockTheDecoder() {
        for seed in UInt64(1)...20 {
            var hand = KeyingHand(seed: seed, jitter: 0.10)
            var picker = SeededRandom(seed: seed &+ 1)
            var decoder = AdaptiveDecoder(wpm: 15)
            var after = 0, total = 0
            for group in 0..<4 {
                let text = String((0..<5).map { _ in alphabet.kochSymbols.randomElement(using: &picker)!.character })
                var marks = hand.key(patterns: text.map { alphabet.symbol(for: $0)!.pattern }) { _ in 15 }.marks
                    .map { KeyedMark(startMs: $0.down, endMs: $0.up) }
                if group == 2 {
                    // 2 ms, in the middle of the element gap after the group's third mark.
                    let at = (marks[2].endMs + marks[3].startMs) / 2
                    marks.insert(KeyedMark(startMs: at, endMs: at + 2), at: 3)
                }
                let read = decoder.decode(marks, alphabet: alphabet).text
                if group == 3 {
                    after += text.count - min(text.count, editDistance(Array(read), Array(text)))
                    total += text.count
                }
            }
            // The group after the glitch is read as keyed (one jittered miss allowed).
            #expect(after >= total - 1, "seed \(seed): \(after) of \(total) after the glitch")
        }
    }

    /// A press and its release read by one `read` get one time stamp: a mark of 0 ms (and,
    /// after a stall, several). Each is one dit read too many at most; the decoder's lengths
    /// stay finite and the next groups are read as keyed. The re-syncing decoder of issue 48's
    /// first try multiplied both averages by the zero mark's ratio (0), then by the next mark's
    /// (infinite): NaN, which every threshold then failed (« T T T… », a sending per mark).
    @Test(arguments: [1, 3])
    func zeroLengthMarksDoNotLockTheDecoder(glitches: Int) {
        for seed in UInt64(1)...20 {
            var hand = KeyingHand(seed: seed, jitter: 0.10)
            var picker = SeededRandom(seed: seed &+ 1)
            var decoder = AdaptiveDecoder(wpm: 15)
            var after = 0, total = 0
            for group in 0..<4 {
                let text = String((0..<5).map { _ in alphabet.kochSymbols.randomElement(using: &picker)!.character })
                var marks = hand.key(patterns: text.map { alphabet.symbol(for: $0)!.pattern }) { _ in 15 }.marks
                    .map { KeyedMark(startMs: $0.down, endMs: $0.up) }
                if group == 2 {
                    // A stall: the next marks' presses and releases all stamped at one time.
                    let at = marks[2].endMs + 1
                    for index in 3..<(3 + glitches) { marks[index] = KeyedMark(startMs: at, endMs: at) }
                }
                let read = decoder.decode(marks, alphabet: alphabet).text
                #expect(decoder.ditMs.isFinite && decoder.dahMs.isFinite && decoder.ditMs > 0, "seed \(seed): \(decoder)")
                if group == 3 {
                    after += text.count - min(text.count, editDistance(Array(read), Array(text)))
                    total += text.count
                }
            }
            #expect(after >= total - 1, "seed \(seed): \(after) of \(total) after the stall")
        }
    }

    @Test func aShortDahHandIsToldItsRatio() {
        var hand = KeyingHand(seed: 24, jitter: 0.05, ratio: 2.4)
        var decoder = AdaptiveDecoder(wpm: 15)
        let marks = hand.key(patterns: "KMRKM".map { alphabet.symbol(for: $0)!.pattern }) { _ in 15 }.marks
        let text = decoder.decode(marks.map { KeyedMark(startMs: $0.down, endMs: $0.up) }, alphabet: alphabet)
        #expect(text.text == "KMRKM")
        let ratio = try! #require(SendingMeasures(text).ratio)
        print("sending decoder: a 2.4 ratio hand (5 % jitter) measured \(ratio)")
        #expect(abs(ratio - 2.4) <= 0.1, "measured \(ratio)")
    }

    @Test func charactersRunTogetherAreNamedNotReadAsAnotherLetter() {
        // K then M with only an element space between them: `-.---` is no character.
        let unit = 80.0
        var marks: [KeyedMark] = []
        var at = 0.0
        for element in "-.---" {
            let length = element == "." ? unit : 3 * unit
            marks.append(KeyedMark(startMs: at, endMs: at + length))
            at += length + unit
        }
        var decoder = AdaptiveDecoder(wpm: 15)
        let text = decoder.decode(marks, alphabet: alphabet)
        #expect(text.characters.map(\.pattern) == ["-.---"])
        let findings = SendingFinding.align(expected: [alphabet.symbol(for: "K")!, alphabet.symbol(for: "M")!],
                                            keyed: text.characters.map(\.pattern), alphabet: alphabet)
        #expect(findings == [.runTogether([alphabet.symbol(for: "K")!, alphabet.symbol(for: "M")!], pattern: "-.---")])
        // Two dots close together read as I where E E was asked: run together, named so.
        let ee = SendingFinding.align(expected: [alphabet.symbol(for: "E")!, alphabet.symbol(for: "E")!], keyed: [".."], alphabet: alphabet)
        #expect(ee == [.runTogether([alphabet.symbol(for: "E")!, alphabet.symbol(for: "E")!], pattern: "..")])
        // And the reverse: I asked, two E keyed apart.
        let split = SendingFinding.align(expected: [alphabet.symbol(for: "I")!], keyed: [".", "."], alphabet: alphabet)
        #expect(split == [.split(alphabet.symbol(for: "I")!, into: [".", "."])])
    }

    /// One character too many is named as such, wherever it is keyed. A greedy walk read « K K M »
    /// asked « K M » as M sent as K and M in excess (two faults where there is one), and « K K »
    /// asked « K M K » as M sent as K and K missing.
    @Test func anExtraOrMissingCharacterIsTheOnlyFault() {
        let k = alphabet.symbol(for: "K")!, m = alphabet.symbol(for: "M")!, r = alphabet.symbol(for: "R")!
        #expect(SendingFinding.align(expected: [k, m], keyed: ["-.-", "-.-", "--"], alphabet: alphabet)
                == [.right(k), .extra(pattern: "-.-", as: k), .right(m)])
        #expect(SendingFinding.align(expected: [k, m], keyed: ["-.-", "--", "-.-"], alphabet: alphabet)
                == [.right(k), .right(m), .extra(pattern: "-.-", as: k)])
        #expect(SendingFinding.align(expected: [k, m, k], keyed: ["-.-", "-.-"], alphabet: alphabet)
                == [.right(k), .missing(m), .right(k)])
        #expect(SendingFinding.align(expected: [k, m, r], keyed: ["--", "-.-", "--", ".-."], alphabet: alphabet)
                == [.extra(pattern: "--", as: m), .right(k), .right(m), .right(r)])
        // A character sent as another stays one wrong character, not one missing and one extra.
        #expect(SendingFinding.align(expected: [k, m], keyed: ["--", "-.-"], alphabet: alphabet)
                == [.wrong(expected: k, sent: "--", as: m), .wrong(expected: m, sent: "-.-", as: k)])
        #expect(SendingFinding.align(expected: [k, m], keyed: ["-.-", ".-."], alphabet: alphabet)
                == [.right(k), .wrong(expected: m, sent: ".-.", as: r)])
    }

    @Test func typedPatternsAcceptEveryDitAndDahSign() {
        #expect(PatternAnswer.parse("-.-") == ["-.-"])
        #expect(PatternAnswer.parse("−·−") == ["-.-"])
        #expect(PatternAnswer.parse("_._  --") == ["-.-", "--"])
        #expect(PatternAnswer.parse("-.- / --") == ["-.-", "--"])
        #expect(PatternAnswer.parse("k") == nil)
        #expect(PatternAnswer.parse("   ") == nil)
    }
}

/// Sending answers are stored with the listening ones, counted apart: keying K right says
/// nothing of hearing it, and `statistiques` says both.
@Suite struct SendingStorageTests {
    @Test func sendingIsCountedPerSymbolApartFromListening() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-sending-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try LecteurDatabase.open(at: dir.appendingPathComponent("lecteur.sqlite")).database
        let k = MorseAlphabet.standard.symbol(for: "K")!, m = MorseAlphabet.standard.symbol(for: "M")!
        try db.record(PracticeAttempt(symbolID: k.id, correct: true, answer: "K", mode: "koch", typedID: k.id))
        try db.record(PracticeAttempt(symbolID: k.id, correct: false, answer: "--", mode: "send", typedID: m.id, wpm: 15))
        try db.record(PracticeAttempt(symbolID: m.id, correct: true, answer: "--", mode: "echo", typedID: m.id, wpm: 15))
        #expect(try db.progress() == [k.id: SymbolProgress(attempts: 1, correct: 1)])
        #expect(try db.confusions().isEmpty, "a keying slip is not a confusion of the ear")
        let statistics = try db.statistics()
        #expect(statistics.symbols.map(\.symbolID) == [k.id])
        #expect(Set(statistics.sending) == [PracticeStatistics.Symbol(symbolID: k.id, attempts: 1, correct: 0, medianLatencyMs: nil),
                                            PracticeStatistics.Symbol(symbolID: m.id, attempts: 1, correct: 1, medianLatencyMs: nil)])
        let said = statistics.message(french, alphabet: .standard)
        #expect(said.hasSuffix("À l'envoi : K : 0 % sur 1 réponse. M : 100 % sur 1 réponse."), "\(said)")
    }
}
