// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales
import LecteurTestSupport
import Testing

/// Issue 27 through the binary on a pseudo-terminal that plays the terminal: K tapped with timed
/// bytes, K keyed on the space bar with the kitty protocol's press and release sequences (the
/// query answered), the fall back to tapping with its reason when the query is not answered,
/// and the terminal's flags popped on the way out, a signal included.
@Suite struct SendingSessionTests {
    static let arguments = ["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--input", "keys"]
    static let query = "\u{1B}[?u"
    /// A kitty-protocol terminal's answers: the flags (none set yet), then the device attributes.
    static let answers = "\u{1B}[?0u\u{1B}[?62;22c"
    /// A terminal without the protocol answers the device attributes query alone.
    static let attributesOnly = "\u{1B}[?62;22c"
    static let release = "\u{1B}[32;1:3u"

    /// A seed whose first sending question is K (a fresh learner knows K and M).
    static func seedAskingK() throws -> UInt64 { try seed(.koch, asking: "K") }

    /// A seed whose first question in `mode` is `text` (a fresh learner knows K and M), found
    /// with the reader's own session type and generator.
    static func seed(_ mode: SendingMode, asking text: String) throws -> UInt64 {
        let learnt = Array(MorseAlphabet.standard.kochSymbols.prefix(2))
        for seed in UInt64(1)...256 {
            var session = SendingSession(mode: mode, learnt: learnt, wpm: 5, random: SeededRandom(seed: seed))
            _ = session.start(level: .tapping, note: nil)
            if String(session.expected.map(\.character)) == text { return seed }
        }
        throw CancellationError()
    }

    /// The `practice` line as written, for the documentation's example.
    static func printPractice(_ run: PseudoTerminal.Run) {
        let line = run.output.split(whereSeparator: \.isNewline).first { $0.contains("\"keyed\"") } ?? ""
        print("SENDING pty event: \(line.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    static func practice(_ run: PseudoTerminal.Run) -> [[String: Any]] {
        run.events("practice").filter { $0["keyed"] != nil }
    }

    static func notices(_ run: PseudoTerminal.Run) -> [String] {
        run.events("notice").compactMap { $0["message"] as? String }
    }

    /// `:` then a command, in single-key mode.
    static func command(_ line: String, until: String) -> [PseudoTerminal.Step] {
        [.type(":", until: "\"speech\""), .type(line + "\r", until: until)]
    }

    /// The terminal answers `answer` to the protocol query; Lecteur asks K at 5 WPM (240 ms a
    /// unit: slow, so a loaded machine's delays stay small beside it) and `keys` key it. Returns
    /// the run, the practice's introduction and the judged sending.
    static func keyK(answering answer: String, _ keys: [PseudoTerminal.Step]) throws -> (PseudoTerminal.Run, String, [String: Any]) {
        let home = ReaderHome()
        defer { home.remove() }
        var environment = home.environment
        environment["LECTEUR_PRACTICE_SEED"] = String(try seedAskingK())
        let run = try PseudoTerminal.run(arguments, environment: environment, ready: query, steps:
            [.type(answer, pause: 0.3)]
            + command("régler vitesse-envoi 5", until: "\"setting\"") + command("entraînement envoi", until: "Envoyez")
            + keys + [.type("\u{04}", until: "goodbye")])
        #expect(run.status == 0, "\(run.output.suffix(600))")
        #expect(!run.sttyBefore.isEmpty && run.sttyBefore == run.sttyAfter)
        printPractice(run)
        let intro = notices(run).first { $0.hasPrefix("Entraînement à l'envoi") } ?? ""
        return (run, intro, try #require(practice(run).first, "\(run.output.suffix(600))"))
    }

    @Test func tappingWithTimedBytesWhenTheTerminalDoesNotSpeakTheProtocol() throws {
        // Only the device attributes come back: no key releases, single keys tap: a dah, a dit,
        // a dah, each pressed one element space after the last.
        let (run, intro, judged) = try Self.keyK(answering: Self.attributesOnly, [
            .type("k", pause: 0.96), .type("j", pause: 0.48), .type("k", until: "\"keyed\""),
        ])
        #expect(intro.contains("Tapotez"), "\(intro)")
        #expect(intro.contains("le terminal n'a pas répondu à la demande du protocole clavier kitty"), "\(intro)")
        #expect(judged["mode"] as? String == "send" && judged["expected"] as? String == "K")
        #expect(judged["keyed"] as? String == "-.-" && judged["answer"] as? String == "K" && judged["correct"] as? Bool == true,
                "\(judged)")
        #expect(judged["level"] as? String == "tapping" && judged["wpm"] as? Double == 5)
        #expect(judged["marks_ms"] as? [Int] == [720, 240, 720])
        let gaps = judged["gaps_ms"] as? [Int] ?? []
        #expect(gaps.count == 2 && gaps.allSatisfy { (220...400).contains($0) }, "gaps \(gaps)")
        // Each tap sounded its element at once.
        let sidetones = run.events("morse").compactMap { $0["sidetone"] as? String }
        #expect(sidetones == ["dah", "dit", "dah"])
        #expect(!run.output.contains("\u{1B}[>2u"), "no protocol flags pushed on a terminal that did not answer")
    }

    @Test func aStraightKeyOnTheSpaceBarWithKittyPressAndRelease() throws {
        // K with dahs twice a dit, six times: the short dahs are told once the warm-up (five
        // characters) is over, not before. The driver's own delays (tens of ms on a loaded
        // machine) blur the ratio: the ±0.1 figure is the core's.
        let k: [PseudoTerminal.Step] = [
            .type(" ", pause: 0.48), .type(Self.release, pause: 0.24),
            .type(" ", pause: 0.24), .type(Self.release, pause: 0.24),
            .type(" ", pause: 0.48), .type(Self.release, until: "\"keyed\""),
        ]
        let (run, intro, judged) = try Self.keyK(answering: Self.answers, Array(repeating: k, count: 6).flatMap { $0 })
        #expect(intro.contains("Manipulateur droit"), "\(intro)")
        #expect(judged["keyed"] as? String == "-.-" && judged["correct"] as? Bool == true && judged["level"] as? String == "straight",
                "\(judged)")
        let all = Self.practice(run)
        #expect(all.count == 6 && all.allSatisfy { $0["keyed"] as? String == "-.-" }, "\(all)")
        let ratio = judged["ratio"] as? Double ?? 0
        #expect((1.2...2.5).contains(ratio), "ratio \(ratio)")
        let verdicts = Self.notices(run).filter { $0.hasPrefix("Juste : ") || $0.hasPrefix("Vous avez envoyé") }
        #expect(verdicts.count == 6, "\(verdicts)")
        #expect(verdicts.prefix(5).allSatisfy { !$0.contains("Vos traits sont courts") }, "\(verdicts)")
        #expect(verdicts.last?.contains("Vos traits sont courts") == true, "\(verdicts)")
        #expect(run.events("morse").compactMap { $0["sidetone"] as? String } == Array(repeating: ["down", "up"], count: 18).flatMap { $0 })
        // Pushed once answered, popped on the way out (also around the `:` command line).
        let pushed = try #require(run.output.range(of: "\u{1B}[>2u", options: .backwards))
        let popped = try #require(run.output.range(of: "\u{1B}[<u", options: .backwards))
        #expect(pushed.lowerBound < popped.lowerBound)
    }

    @Test func aSignalPopsTheProtocolFlags() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let run = try PseudoTerminal.run(Self.arguments, environment: home.environment, ready: Self.query, steps: [
            .type(Self.answers, pause: 0.5), .signal(SIGTERM),
        ])
        #expect(run.status == 128 + SIGTERM)
        let pushed = try #require(run.output.range(of: "\u{1B}[>2u"))
        let popped = try #require(run.output.range(of: "\u{1B}[<u", options: .backwards))
        #expect(pushed.lowerBound < popped.lowerBound)
        #expect(!run.sttyBefore.isEmpty && run.sttyBefore == run.sttyAfter)
    }
}

/// The decoder's figure through the binary: random five-character groups of the whole Koch set,
/// keyed at 15 WPM with 10 % Gaussian jitter by a simulated hand on the space bar (kitty press and
/// release sequences written to the millisecond), decoded by `envoi libre` group by group, the
/// sending speed set to the hand's (`SendingEveryHandTests` keys under the default setting).
/// Four groups (20 characters, one miss allowed): the decoder's own figure is in-process
/// (`SendingDecoderTests`, 1 500 characters); 12 groups here took 81 s of the run for the same
/// pipeline.
@Suite struct SendingThroughTheBinaryTests {
    @Test func randomGroupsKeyedOnTheSpaceBarAreDecoded() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let alphabet = MorseAlphabet.standard
        let learnt = alphabet.kochSymbols
        var hand = KeyingHand(seed: 27, jitter: 0.10)
        var groups: [String] = []
        var schedule: [(at: Double, bytes: [UInt8])] = []
        var atMs = 300.0
        for _ in 0..<4 {
            let text = (0..<5).map { _ in learnt[Int(hand.next() % UInt64(learnt.count))] }
            let keyed = hand.key(patterns: text.map(\.pattern), startMs: atMs) { _ in 15 }
            for mark in keyed.marks {
                schedule.append((mark.down / 1000, [0x20]))
                schedule.append((mark.up / 1000, Array(SendingSessionTests.release.utf8)))
            }
            // Past the word space that ends a free sending, so each group is judged alone.
            atMs = keyed.endMs + 1500
            groups.append(String(text.map(\.character)))
        }
        let run = try PseudoTerminal.run(SendingSessionTests.arguments, environment: home.environment, ready: SendingSessionTests.query,
                                         steps: [.type(SendingSessionTests.answers, pause: 0.3)]
                                             + SendingSessionTests.command("régler vitesse-envoi 15", until: "\"setting\"")
                                             + SendingSessionTests.command("envoi libre", until: "Envoi libre")
                                             + [.timed(schedule, until: "\"practice\""), .type("", pause: 2),
                                                .type("\u{04}", until: "goodbye")])
        #expect(run.status == 0, "\(run.output.suffix(600))")
        let free = run.events("practice").filter { $0["mode"] as? String == "free" }
        let answers = free.compactMap { $0["answer"] as? String }
        let read = answers.joined().filter { $0 != " " }
        let sent = groups.joined()
        let right = sent.count - min(sent.count, editDistance(Array(read), Array(sent)))
        print("SENDING through the binary: \(right) of \(sent.count) characters right (\(answers.count) sendings judged) at 15 WPM, 10 % jitter")
        // The marks and gaps as the reader stamped them, sending by sending: what the decoder
        // was given, to replay in process when a run reads less than the hand keyed.
        for event in free {
            print("SENDING marks: \(event["marks_ms"] as? [Int] ?? []) gaps: \(event["gaps_ms"] as? [Int] ?? []) read: \(event["answer"] as? String ?? "")")
        }
        print("SENDING keyed: \(schedule.count / 2) marks, groups \(groups)")
        #expect(answers.count == groups.count, "\(answers) for \(groups)")
        // The decoder's accuracy is judged in process (SendingDecoderTests, 1 500 characters,
        // 99 %); here the reader's key stamps also wait for the scheduler. On 20 characters a
        // 95 % bar allows one miss, and a fresh-clone run on a quiet machine read 19 of 20: a
        // second miss by chance would fail a run that proves nothing less. What this test
        // guards — the pipeline from the space bar to the verdict, and a decoder that follows
        // the hand (a lost speed garbles whole groups: 15 of 20 in a loaded run) — shows at
        // 85 % (17 of 20).
        #expect(Double(right) / Double(sent.count) >= 0.85, "\(answers) for \(groups)")
    }

    /// A stall: one press and its release reach the reader in one write, so one `read` stamps
    /// both at the same time (a mark of 0 ms), in the third of four groups. The first
    /// re-syncing decoder (issue 48) locked there in a fresh-clone run — « Z ?ETN T T T… »,
    /// every later mark a sending of its own T — as it did here: both averages multiplied by
    /// 0, then by the next mark's infinite ratio, NaN. The groups before and after are read.
    @Test func aPressAndReleaseReadTogetherDoNotLockTheDecoder() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let learnt = MorseAlphabet.standard.kochSymbols
        var hand = KeyingHand(seed: 48, jitter: 0.10)
        var groups: [String] = []
        var schedule: [(at: Double, bytes: [UInt8])] = []
        var atMs = 300.0
        for group in 0..<4 {
            let text = (0..<5).map { _ in learnt[Int(hand.next() % UInt64(learnt.count))] }
            let keyed = hand.key(patterns: text.map(\.pattern), startMs: atMs) { _ in 15 }
            for (index, mark) in keyed.marks.enumerated() {
                if group == 2, index == 3 {
                    schedule.append((mark.down / 1000, [0x20] + Array(SendingSessionTests.release.utf8)))
                } else {
                    schedule.append((mark.down / 1000, [0x20]))
                    schedule.append((mark.up / 1000, Array(SendingSessionTests.release.utf8)))
                }
            }
            atMs = keyed.endMs + 1500
            groups.append(String(text.map(\.character)))
        }
        let run = try PseudoTerminal.run(SendingSessionTests.arguments, environment: home.environment, ready: SendingSessionTests.query,
                                         steps: [.type(SendingSessionTests.answers, pause: 0.3)]
                                             + SendingSessionTests.command("régler vitesse-envoi 15", until: "\"setting\"")
                                             + SendingSessionTests.command("envoi libre", until: "Envoi libre")
                                             + [.timed(schedule, until: "\"practice\""), .type("", pause: 2),
                                                .type("\u{04}", until: "goodbye")])
        #expect(run.status == 0, "\(run.output.suffix(600))")
        let free = run.events("practice").filter { $0["mode"] as? String == "free" }
        let answers = free.compactMap { $0["answer"] as? String }
        let marks = free.map { $0["marks_ms"] as? [Int] ?? [] }
        print("SENDING a stall: read \(answers) for \(groups); marks \(marks)")
        #expect(marks.count > 2 && marks[2].contains(0), "the third sending has its mark of 0 ms: \(marks)")
        #expect(answers.count == groups.count, "\(answers) for \(groups)")
        // The group after the stall is read as keyed, one jittered miss allowed.
        let last = answers.last ?? ""
        #expect(editDistance(Array(last), Array(groups[3])) <= 1, "\(answers) for \(groups)")
    }
}
