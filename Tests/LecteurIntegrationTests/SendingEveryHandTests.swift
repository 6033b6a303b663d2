// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 37, item 1, through the binary: a straight key keyed on the space bar (kitty press and
/// release sequences written to the millisecond on a pseudo-terminal) by a seeded hand at 8, 10,
/// 15 and 25 WPM, under the default setting (the sending speed follows the receiving speed, 20
/// WPM), decoded by `envoi libre` group by group. A beginner at 10 WPM once got 0 of 40: the
/// decoder's gap classes learnt only from gaps already sorted into them, so the first misreading
/// fed itself and the first group was already wrong. Two groups (10 characters) a speed are enough
/// to fail that, and past the coach's warm-up of five characters they still show that a steady
/// hand is not coached; the decoder's statistics over 1 500 characters are in-process
/// (`SendingDecoderTests`), so this keys only what needs the binary: the terminal, the clock, the
/// session (8 groups a speed took 275 s of the run; 2 take a quarter of that).
///
/// CI keys one speed, 10 WPM, the old bug's own hand (issue 51: the four speeds took 75 s of
/// the run's quiet lane, its longest suite): the 8, 15 (15 % jitter) and 25 WPM hands are each a
/// row of the decoder's in-process statistics (`SendingDecoderTests`), and a fresh decoder keyed
/// at 25 WPM through the binary is the first half of `SendingSpeedChangeTests`' 25 → 10 row.
/// The four speeds: `LECTEUR_EVERY_HAND=full swift test --skip-build --filter SendingEveryHandTests`.
@Suite struct SendingEveryHandTests {
    static let groupsPerSpeed = 2
    static let hands: [(Double, Double)] = ProcessInfo.processInfo.environment["LECTEUR_EVERY_HAND"] == "full"
        ? [(8.0, 0.10), (10.0, 0.10), (15.0, 0.15), (25.0, 0.10)] : [(10.0, 0.10)]

    @Test(arguments: hands)
    func aHandAtAnySpeedUnderTheDefaultSetting(wpm: Double, jitter: Double) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let learnt = MorseAlphabet.standard.kochSymbols
        var hand = KeyingHand(seed: UInt64(wpm), jitter: jitter)
        var groups: [String] = []
        var schedule: [(at: Double, bytes: [UInt8])] = []
        var atMs = 300.0
        let unit = 1200 / wpm
        for _ in 0..<Self.groupsPerSpeed {
            let text = (0..<5).map { _ in learnt[Int(hand.next() % UInt64(learnt.count))] }
            let keyed = hand.key(patterns: text.map(\.pattern), startMs: atMs) { _ in wpm }
            for mark in keyed.marks {
                schedule.append((mark.down / 1000, [0x20]))
                schedule.append((mark.up / 1000, Array(SendingSessionTests.release.utf8)))
            }
            // Well past the hand's word space, which ends a free sending: each group is judged alone.
            atMs = keyed.endMs + 12 * unit + 500
            groups.append(String(text.map(\.character)))
        }
        let run = try PseudoTerminal.run(SendingSessionTests.arguments, environment: home.environment, ready: SendingSessionTests.query,
                                         steps: [.type(SendingSessionTests.answers, pause: 0.3)]
                                             + SendingSessionTests.command("envoi libre", until: "Envoi libre")
                                             + [.timed(schedule, until: "\"practice\""), .type("", pause: 12 * unit / 1000 + 1.5),
                                                .type("\u{04}", until: "goodbye")])
        #expect(run.status == 0, "\(run.output.suffix(600))")
        let answers = run.events("practice").filter { $0["mode"] as? String == "free" }.compactMap { $0["answer"] as? String }
        let read = answers.joined().filter { $0 != " " }
        let sent = groups.joined()
        let right = sent.count - min(sent.count, editDistance(Array(read), Array(sent)))
        let broken = answers.filter { $0.contains(" ") }.count
        let verdicts = SendingSessionTests.notices(run).filter { $0.hasPrefix("Lu : ") }
        let faults = verdicts.filter { $0.contains("Vos traits sont") || $0.contains("collés") }
        print("SENDING every hand: \(wpm) WPM (\(Int(jitter * 100)) % jitter) under the default setting: "
              + "\(right) of \(sent.count) characters right, \(broken) groups broken by a word space, "
              + "\(faults.count) faults told in \(verdicts.count) verdicts; read \(answers) for \(groups)")
        #expect(answers.count == groups.count, "\(answers) for \(groups)")
        #expect(Double(right) / Double(sent.count) >= 0.97, "\(answers) for \(groups)")
        #expect(broken == 0, "\(answers)")
        #expect(faults.isEmpty, "\(faults)")
    }
}
