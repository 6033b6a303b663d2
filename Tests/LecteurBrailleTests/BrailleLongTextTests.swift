// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing
@testable import LecteurBraille

/// Issue 17 item 1: the source→cell mapping was a scan per character (50 000 characters 1.9 s,
/// 400 000 103 s). Ten times the text must cost about ten times the time, not a hundred.
@Suite("Braille translation of long text")
struct BrailleLongTextTests {
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test func translationTimeGrowsLinearly() throws {
        let translator = try BrailleTranslator()
        let unit = "Formation 1 490 € l’IA "
        let small = String(repeating: unit, count: 1_000)   // 23 000 characters
        let large = String(repeating: unit, count: 10_000)  // 230 000 characters
        _ = try translator.translate(small)                  // table compiled outside the timing
        var cells = BrailleCells(dots: [], sourceCharacter: [], cellForCharacter: [])
        let tSmall = try seconds { _ = try translator.translate(small) }
        let tLarge = try seconds { cells = try translator.translate(large) }
        #expect(cells.cellForCharacter.count == large.count)
        #expect(cells.cellForCharacter == cells.cellForCharacter.sorted(), "routing positions only move forward")
        print("BENCH braille translation: 23 k characters \(tSmall) s, 230 k \(tLarge) s")
        // Complexity guard with a floor of seconds, never a sub-second bound: ten times the text
        // at most forty times the time, or 5 s. The scan per character it guards against took
        // 103 s for 400 k characters (about 40 s here).
        #expect(tLarge < max(tSmall * 40, 5), "23 k characters \(tSmall) s, 230 k \(tLarge) s")
        #expect(tLarge < 10, "hang guard: 230 k characters took \(tLarge) s")
    }

    @Test func outputIndexAgreesWithTheOnePassMapping() {
        let normalized = BrailleTextNormalizer.normalize("a 1 490 € et 12 345 678 l’IA\u{202F}!")
        let all = normalized.outputIndexOfEverySource
        for source in 0...normalized.sourceCount {
            #expect(all[source] == normalized.outputIndex(forSource: source), "source \(source)")
            #expect(all[source] == (normalized.sourceIndex.firstIndex { $0 >= source } ?? normalized.scalars.count))
        }
    }
}
