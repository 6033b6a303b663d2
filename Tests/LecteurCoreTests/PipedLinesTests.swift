// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 47, item 3: whether a piped line ends a reading at once is the core's answer, not a
/// parse in the runtime's input loop. `stop` and `quitter` (as the user types them, with their
/// aliases and spacing) end a reading; every other line, and any line when no reading runs,
/// waits for what is in flight.
@Suite struct PipedLinesTests {
    static func facts(reading: Bool) -> RuntimeFacts {
        var state = ReaderState()
        state.display.readAll = reading ? 1 : nil
        return RuntimeFacts(state)
    }

    @Test func stopAndQuitEndAReading() {
        let reading = Self.facts(reading: true)
        #expect(reading.reading)
        for line in ["stop", "quitter", "  STOP  "] {
            #expect(Fixture.reader.interruptsReading(line, reading), "\(line)")
        }
        for line in ["suivant", "où", "", "tout lire", "stopper la lecture"] {
            #expect(!Fixture.reader.interruptsReading(line, reading), "\(line)")
        }
    }

    @Test func nothingInterruptsWithoutAReading() {
        let idle = Self.facts(reading: false)
        #expect(!idle.reading)
        for line in ["stop", "quitter", "suivant"] {
            #expect(!Fixture.reader.interruptsReading(line, idle), "\(line)")
        }
    }

    /// The display's paced reading counts as a reading too.
    @Test func aPacedReadingIsAReading() {
        var state = ReaderState()
        state.display.reading = DisplayReading(token: 1)
        #expect(Fixture.reader.interruptsReading("stop", RuntimeFacts(state)))
    }
}

/// Issue 47, item 3: a piped script's order is the reader's own queue (`ScriptQueue`), not an
/// input thread parked until speech is heard. Each line waits for what the lines before it
/// started to settle (`.whenSettled`, answered `.settled`); `stop` at the head of the queue during
/// a reading runs at once; nothing is applied after the reader quits.
@Suite struct ScriptQueueTests {
    static let reader = Fixture.reader

    static func line(_ text: String, _ atMs: Double) -> PipedLine { .line(text, arrivedAtMs: atMs) }

    /// What the queue asks of the runtime among an action's effects.
    static func queueEffects(_ effects: [Effect]) -> [Effect] {
        effects.filter {
            switch $0 {
            case .whenSettled, .runPiped: true
            default: false
            }
        }
    }

    @Test func eachLineWaitsForWhatTheOneBeforeStartedToSettle() {
        var state = ReaderState()
        #expect(Self.reader.reduce(&state, .piped(Self.line("suivant", 5))) == [.whenSettled])
        #expect(Self.reader.reduce(&state, .piped(Self.line("précédent", 6))) == [], "asked once, not per line")
        #expect(state.script.pending == [Self.line("suivant", 5), Self.line("précédent", 6)])
        // The head runs first, then the next one waits for what it started.
        #expect(Self.reader.reduce(&state, .settled) == [.runPiped(Self.line("suivant", 5)), .whenSettled])
        #expect(Self.reader.reduce(&state, .settled) == [.runPiped(Self.line("précédent", 6))])
        #expect(state.script.pending.isEmpty)
        #expect(!state.script.awaitsSettling)
        #expect(Self.reader.reduce(&state, .settled) == [], "a late answer runs nothing")
    }

    @Test func stopDuringAReadingRunsAtOnceAnyOtherLineWaits() {
        var state = ReaderState()
        state.display.readAll = 1
        #expect(Self.reader.reduce(&state, .piped(Self.line("stop", 1))) == [.runPiped(Self.line("stop", 1))])
        #expect(Self.reader.reduce(&state, .piped(Self.line("suivant", 2))) == [.whenSettled])
    }

    /// `tout lire` then `stop` arrive together, before the reading starts: `stop` is asked about
    /// when it reaches the head, once `tout lire` has started the reading.
    @Test func stopIsJudgedWhenItReachesTheHead() {
        var state = ReaderState()
        _ = Self.reader.reduce(&state, .piped(Self.line("tout lire", 1)))
        #expect(Self.reader.reduce(&state, .piped(Self.line("stop", 2))) == [], "no reading yet: it waits")
        #expect(Self.reader.reduce(&state, .settled) == [.runPiped(Self.line("tout lire", 1)), .whenSettled])
        // The runtime applies `tout lire`; here the reading it starts is set by hand (no catalogue).
        state.display.readAll = 7
        let effects = Self.reader.reduce(&state, .spoken(token: 99))
        #expect(Self.queueEffects(effects) == [.runPiped(Self.line("stop", 2))])
        #expect(state.script.pending.isEmpty)
    }

    @Test func linesAfterTheReaderQuitAreDropped() {
        var state = ReaderState()
        _ = Self.reader.reduce(&state, .piped(Self.line("suivant", 1)))
        _ = Self.reader.reduce(&state, .piped(Self.line("précédent", 2)))
        let quit = Self.reader.reduce(&state, .command(.quit))
        #expect(quit.contains(.quit))
        #expect(state.script.pending.isEmpty)
        #expect(state.script.ended)
        #expect(Self.reader.reduce(&state, .piped(Self.line("suivant", 3))) == [])
        #expect(Self.reader.reduce(&state, .settled) == [])
    }

    /// A line too long is answered in its place, between the lines around it (the first
    /// queue said it at once, ahead of the lines before it: `RobustnessTests` caught it).
    @Test func aLineTooLongIsAnsweredInItsTurn() {
        var state = ReaderState()
        #expect(Self.reader.reduce(&state, .piped(Self.line("suivant", 1))) == [.whenSettled])
        #expect(Self.reader.reduce(&state, .piped(.tooLong(limitBytes: 65_536))) == [])
        #expect(state.script.pending == [Self.line("suivant", 1), .tooLong(limitBytes: 65_536)])
        #expect(Self.reader.reduce(&state, .settled) == [.runPiped(Self.line("suivant", 1)), .whenSettled])
        #expect(Self.reader.reduce(&state, .settled) == [.runPiped(.tooLong(limitBytes: 65_536))])
        #expect(state.script.pending.isEmpty)
    }
}
