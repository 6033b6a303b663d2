// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import LecteurCore
import LecteurLocales
import LecteurTestSupport

/// Issue 37, item 7, in the core: the iambic keyer's modes A and B on a squeeze, its dit and dah
/// memory, and its elements decoded by the straight key's decoder, at 30 WPM (40 ms a unit).
@Suite struct IambicKeyerTests {
    static let unit = 40.0

    /// A paddle event: at `atMs` the paddle goes down (`pressed`) or up.
    typealias Move = (atMs: Double, paddle: Paddle, pressed: Bool)

    /// Drives a keyer as the reader does: before each paddle event the clock rings at every
    /// decision due by then, and after the last one until the keyer is idle.
    static func key(_ mode: KeyerMode, _ moves: [Move]) -> [KeyerElement] {
        var keyer = IambicKeyer(mode: mode, unitMs: unit)
        var elements: [KeyerElement] = []
        func ring(until limit: Double) {
            while let due = keyer.current?.nextDecisionMs, due <= limit {
                guard let next = keyer.clock() else { break }
                elements.append(next)
            }
        }
        for move in moves.sorted(by: { $0.atMs < $1.atMs }) {
            ring(until: move.atMs)
            if move.pressed {
                if let started = keyer.press(move.paddle, atMs: move.atMs) { elements.append(started) }
            } else {
                keyer.release(move.paddle)
            }
        }
        ring(until: .infinity)
        #expect(!keyer.isBusy)
        return elements
    }

    static func pattern(_ elements: [KeyerElement]) -> String {
        String(elements.map { $0.element == .dot ? "." : "-" })
    }

    /// The squeeze of K: the dah paddle first, the dit paddle 20 ms later, both held. Let go
    /// during the last dah (at 300 ms: dah 0–120, dit 160–200, dah 240–360): mode A stops
    /// there (K), mode B adds the opposite element (C).
    @Test func aSqueezeLetGoDuringTheLastDah() {
        let moves: [Move] = [(0, .dah, true), (20, .dit, true), (300, .dit, false), (300, .dah, false)]
        let a = Self.key(.iambicA, moves)
        let b = Self.key(.iambicB, moves)
        #expect(Self.pattern(a) == "-.-")
        #expect(Self.pattern(b) == "-.-.")
        // Each element starts at the end of the one before and its one-unit space.
        #expect(b.map(\.startMs) == [0, 160, 240, 400])
        #expect(b.map(\.markMs) == [120, 40, 120, 40])
    }

    /// The same squeeze let go during the dit (at 180 ms): mode B still keys the dah the dah
    /// paddle held as the dit started (K); mode A stops after the dit (N).
    @Test func aSqueezeLetGoDuringTheDit() {
        let moves: [Move] = [(0, .dah, true), (20, .dit, true), (180, .dit, false), (180, .dah, false)]
        #expect(Self.pattern(Self.key(.iambicA, moves)) == "-.")
        #expect(Self.pattern(Self.key(.iambicB, moves)) == "-.-")
    }

    /// Dah memory: the dit paddle held for one dit (let go at 30 ms), the dah paddle tapped
    /// inside that dit (down 10 ms, up 25 ms): neither is down when the dit's space ends, yet
    /// the dah is keyed (A), in both modes. Dit memory likewise inside a dah (N).
    @Test func thePaddleTappedDuringAnElementIsRemembered() {
        for mode in [KeyerMode.iambicA, .iambicB] {
            let dah = Self.key(mode, [(0, .dit, true), (10, .dah, true), (25, .dah, false), (30, .dit, false)])
            #expect(Self.pattern(dah) == ".-", "\(mode)")
            let dit = Self.key(mode, [(0, .dah, true), (50, .dit, true), (60, .dit, false), (100, .dah, false)])
            #expect(Self.pattern(dit) == "-.", "\(mode)")
            // Tapped in the element's space (after its mark, before its end) counts too.
            let inSpace = Self.key(mode, [(0, .dit, true), (30, .dit, false), (50, .dah, true), (60, .dah, false)])
            #expect(Self.pattern(inSpace) == ".-", "\(mode)")
        }
    }

    /// Without memory the keyer would read only the paddles down at each decision: the same
    /// taps with the dah paddle pressed after the dit's space has ended give a dit alone, then a
    /// dah started at its press (a new character's timing, the learner's own).
    @Test func aPressAfterTheSpaceStartsAtItsOwnTime() {
        let elements = Self.key(.iambicB, [(0, .dit, true), (30, .dit, false), (300, .dah, true), (310, .dah, false)])
        #expect(Self.pattern(elements) == ".-")
        #expect(elements.map(\.startMs) == [0, 300])
    }

    /// One paddle held repeats its element; a terminal's key repeat (a press of a paddle already
    /// down) changes nothing.
    @Test func aHeldPaddleRepeatsAndKeyRepeatsAreNothing() {
        let moves: [Move] = [(0, .dit, true), (100, .dit, true), (150, .dit, true), (200, .dit, false)]
        // Dits at 0, 80, 160; let go at 200, during the third.
        #expect(Self.pattern(Self.key(.iambicA, moves)) == "...")
    }

    /// Every element keyed decodes exactly through a sending session at the paddles level: the
    /// decoder the straight key uses, fed the keyer's marks, reads C and K as keyed.
    @Test func theKeyersMarksDecodeThroughTheStraightKeysDecoder() throws {
        for (mode, expected) in [(KeyerMode.iambicA, "K"), (.iambicB, "C")] {
            var session = SendingSession(mode: .free, learnt: MorseAlphabet.standard.kochSymbols, wpm: 30, random: SeededRandom(seed: 1))
            _ = session.start(level: .paddles, note: nil, keyer: mode)
            #expect(SendingMessages(strings: french).howToKey(session.how).contains("mode \(mode == .iambicA ? "A" : "B")"))
            var keyed: [KeyerElement] = []
            for (at, paddle, pressed) in [(1000.0, Paddle.dah, true), (1020, .dit, true), (1300, .dit, false), (1300, .dah, false)] {
                while let due = session.keyerClockMs, due <= at { keyed += session.clock().elements }
                keyed += session.paddle(paddle, pressed: pressed, atMs: at).elements
            }
            while session.keyerClockMs != nil { keyed += session.clock().elements }
            #expect(session.silenceDeadlineMs == keyed.last!.endMs + 7 * Self.unit)
            let answered = session.silence()
            let result = try #require(answered.compactMap { if case .answered(let r) = $0 { r } else { nil } }.first)
            #expect(result.answer == expected && result.level == .paddles && result.wpm == 30)
            #expect(result.gapsMs.allSatisfy { $0 == 40 } && result.marksMs.allSatisfy { $0 == 40 || $0 == 120 })
        }
    }

    /// The sidetone of a keyed element: at half amplitude exactly its mark (ramps centred on
    /// its edges), the whole piece its mark and its space, so pieces played back to back keep
    /// the keyer's spacing.
    @Test func theSidetoneIsTheMarkThenTheSpace() {
        let rate = 22_050
        let samples = Sidetone.keyedSamples(markMs: 40, spaceMs: 40, settings: .default, sampleRate: rate)
        #expect(samples.count == 1764)
        let peak = samples.map { abs(Int($0)) }.max()!
        let loud = samples.indices.filter { abs(Int(samples[$0])) * 2 >= peak }
        let heardMs = Double(loud.last! - loud.first! + 1) * 1000 / Double(rate)
        #expect(abs(heardMs - 40) < 1.5, "\(heardMs) ms")
        #expect(samples.suffix(Int(0.030 * Double(rate))).allSatisfy { $0 == 0 })
    }
}
