// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 48, item 1, through the binary: a straight key on the space bar (kitty press and
/// release sequences written to the millisecond on a pseudo-terminal), four random
/// five-character groups of the whole Koch set at one speed, then four at another, within one
/// `envoi libre` session under the default setting (the sending speed follows the receiving
/// speed, 20 WPM), 10 % jitter. The decoder kept before re-syncing read 25 → 10 WPM 22 of 40
/// (every later dit a dah: « T T T… »); a first re-syncing decoder locked through the binary
/// (a mark of 0 ms: `SendingDecoderTests.zeroLengthMarksDoNotLockTheDecoder`).
///
/// The whole table (four rows, four groups a speed: 257 s of real-time keying, more than the
/// run's quiet lane can hold) is `LECTEUR_SPEED_TABLE=full swift test --skip-build --filter
/// SendingSpeedChangeTests`, its figures in docs/morse-sending.md. CI keys the row of the bug,
/// 25 → 10 WPM, two groups a speed (issue 51: the two rows took 71 s of the quiet lane): the
/// former decoder read the first group after the change 0 % right, so the two groups after it
/// fail it; the binary's stamping and the decoder's re-sync on one path. Speeding up (8 → 20,
/// 10 → 25) had no bug through the binary: the former decoder read it 92 % in process, and the
/// re-sync's statistics over many hands, both ways, stay in process
/// (`SendingDecoderTests.followsAHandChangingSpeedWithinASession`); the 0 ms mark that locked the
/// first re-syncing decoder is `SendingThroughTheBinaryTests/aPressAndReleaseReadTogetherDoNotLockTheDecoder`.
@Suite(.serialized) struct SendingSpeedChangeTests {
    static let fullTable = ProcessInfo.processInfo.environment["LECTEUR_SPEED_TABLE"] == "full"
    static let groupsPerSpeed = fullTable ? 4 : 2
    static let rows: [(Double, Double)] = fullTable ? [(25.0, 10.0), (20.0, 12.0), (10.0, 25.0), (8.0, 20.0)]
                                                    : [(25.0, 10.0)]

    @Test(arguments: rows)
    func aHandChangingSpeedWithinOneSession(from: Double, to: Double) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let learnt = MorseAlphabet.standard.kochSymbols
        var hand = KeyingHand(seed: UInt64(from * 100 + to), jitter: 0.10)
        var groups: [String] = []
        var keyedGroups: [[(down: Double, up: Double)]] = []
        var schedule: [(at: Double, bytes: [UInt8])] = []
        var atMs = 300.0
        // Past the slower hand's word space (the decoder's unit may still be the slower one's),
        // so each group is one sending.
        let pauseMs = 12 * 1200 / min(from, to) + 500
        for group in 0..<(2 * Self.groupsPerSpeed) {
            let wpm = group < Self.groupsPerSpeed ? from : to
            let text = (0..<5).map { _ in learnt[Int(hand.next() % UInt64(learnt.count))] }
            let keyed = hand.key(patterns: text.map(\.pattern), startMs: atMs) { _ in wpm }
            for mark in keyed.marks {
                schedule.append((mark.down / 1000, [0x20]))
                schedule.append((mark.up / 1000, Array(SendingSessionTests.release.utf8)))
            }
            atMs = keyed.endMs + pauseMs
            groups.append(String(text.map(\.character)))
            keyedGroups.append(keyed.marks)
        }
        let run = try PseudoTerminal.run(SendingSessionTests.arguments, environment: home.environment, ready: SendingSessionTests.query,
                                         steps: [.type(SendingSessionTests.answers, pause: 0.3)]
                                             + SendingSessionTests.command("envoi libre", until: "Envoi libre")
                                             + [.timed(schedule, until: "\"practice\""), .type("", pause: pauseMs / 1000 + 1),
                                                .type("\u{04}", until: "goodbye")])
        #expect(run.status == 0, "\(run.output.suffix(600))")
        let free = run.events("practice").filter { $0["mode"] as? String == "free" }
        let answers = free.compactMap { $0["answer"] as? String }
        // Each speed's groups apart: the characters read right by edit distance, a word space
        // read inside a group counting as an error.
        func right(_ sent: [String], _ read: [String]) -> Int {
            let s = sent.joined(separator: " "), r = read.joined(separator: " ")
            return s.filter { $0 != " " }.count - min(s.filter { $0 != " " }.count, editDistance(Array(r), Array(s)))
        }
        let total = groups.joined().count
        let score = right(groups, answers)
        let after = answers.count == groups.count
            ? right(Array(groups.suffix(Self.groupsPerSpeed)), Array(answers.suffix(Self.groupsPerSpeed))) : -1
        print("SENDING speed change: \(Int(from)) → \(Int(to)) WPM (10 % jitter) under the default setting: "
              + "\(score) of \(total) characters right, \(after) of \(total / 2) after the change, "
              + "\(answers.count) sendings for \(groups.count) groups; read \(answers) for \(groups)")
        for event in free {
            print("SENDING speed change marks: \(event["marks_ms"] as? [Int] ?? []) gaps: \(event["gaps_ms"] as? [Int] ?? [])")
        }
        #expect(answers.count == groups.count, "\(answers) for \(groups)")
        guard answers.count == groups.count else { return }
        // The decoder is judged on what the reader stamped. On a loaded machine the driver's
        // writes or the reader's reads come late (runs at load 13 on 2 cores stamped gaps of 0
        // and 12 ms where the hand left 60, a 10 ms dit for 60): a group whose stamped marks or
        // gaps lie more than 40 % of a unit from the hand's is the machine's, not the decoder's,
        // counted apart and printed. The rest must be read at 95 %, as the issue asks of each row.
        var clean: [Int] = []
        for (index, event) in free.enumerated() {
            let stamped = (event["marks_ms"] as? [Int] ?? []).map(Double.init)
            let stampedGaps = (event["gaps_ms"] as? [Int] ?? []).map(Double.init)
            let hand = keyedGroups[index]
            let handGaps = zip(hand.dropFirst(), hand).map { $0.down - $1.up }
            let unit = 1200 / (index < Self.groupsPerSpeed ? from : to)
            guard stamped.count == hand.count, stampedGaps.count == handGaps.count else { continue }
            let off = zip(stamped, hand.map { $0.up - $0.down }).map { abs($0 - $1) }
                + zip(stampedGaps, handGaps).map { abs($0 - $1) }
            if off.allSatisfy({ $0 <= 0.4 * unit }) { clean.append(index) }
        }
        let cleanRight = clean.reduce(0) { $0 + right([groups[$1]], [answers[$1]]) }
        let cleanTotal = clean.reduce(0) { $0 + groups[$1].count }
        let cleanAfter = clean.filter { $0 >= Self.groupsPerSpeed }.count
        print("SENDING speed change: \(Int(from)) → \(Int(to)) WPM: groups stamped as keyed \(clean.count) of \(groups.count) "
              + "(\(cleanAfter) after the change): \(cleanRight) of \(cleanTotal) characters right")
        #expect(cleanAfter >= Self.groupsPerSpeed / 2, "the machine stamped most groups after the change off the hand's timing: \(clean)")
        #expect(Double(cleanRight) / Double(max(1, cleanTotal)) >= 0.95, "\(answers) for \(groups), clean groups \(clean)")
    }
}
