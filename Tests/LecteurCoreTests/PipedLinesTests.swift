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
