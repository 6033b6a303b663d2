// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 48, item 6, through the binary, timed in the WAV the reader's audio path writes
/// (`--audio-out`): Wordsworth spacing stretches the word gaps alone (LCWO's extra word space),
/// where Farnsworth stretches every gap; reflex drills sound at their own character speed.
@Suite struct SpacingAndReflexSpeedWAVTests {
    static let rate = 22_050

    static func wav(_ input: String) throws -> [Int16] {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("out.wav")
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--audio-out", wav.path],
                                         input: input, environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "48"]) { $1 })
        #expect(out.status == 0)
        let file = try WAVFile.decode(Data(contentsOf: wav))
        #expect(file.sampleRate == rate)
        return file.samples
    }

    /// Runs of exact silence (`zero`) or of sound, in milliseconds, inside the sound's span.
    static func runs(_ samples: [Int16], zero: Bool) -> [Double] {
        guard let first = samples.firstIndex(where: { $0 != 0 }), let last = samples.lastIndex(where: { $0 != 0 }) else { return [] }
        var runs: [Double] = [], length = 0
        for x in samples[first...last] {
            if (x == 0) == zero { length += 1 } else if length > 0 { runs.append(Double(length) * 1000 / Double(rate)); length = 0 }
        }
        if length > 0 { runs.append(Double(length) * 1000 / Double(rate)) }
        return runs
    }

    /// `wordsworth 10` at 20 WPM, five groups: every gap between characters is 3 units (180 ms)
    /// and every gap between groups 60 000/10 − 43 units = 3 420 ms (each silence is its gap
    /// less the 5 ms ramp, the elements being centred on their edges). Farnsworth 10 (what copy
    /// practice gives when nothing is set) spaces characters 654 ms and groups 1 525 ms.
    @Test func wordsworthStretchesTheWordGapsAlone() throws {
        let gaps = Self.runs(try Self.wav("régler wordsworth 10\nentraînement groupes 5\nkkkkk\n"), zero: true).map { $0 + 5 }
        let characterGaps = gaps.filter { $0 > 120 && $0 < 1_000 }, wordGaps = gaps.filter { $0 >= 1_000 }
        print("SPACING wordsworth 10: character gaps \(characterGaps.min() ?? 0)–\(characterGaps.max() ?? 0) ms (\(characterGaps.count)), "
              + "word gaps \(wordGaps.min() ?? 0)–\(wordGaps.max() ?? 0) ms (\(wordGaps.count))")
        #expect(characterGaps.count >= 10 && wordGaps.count == 4, "\(gaps)")
        #expect(characterGaps.allSatisfy { abs($0 - 180) < 0.1 }, "\(characterGaps)")
        #expect(wordGaps.allSatisfy { abs($0 - 3_420) < 0.1 }, "\(wordGaps)")
        #expect(gaps.allSatisfy { abs($0 - 60) < 0.1 || abs($0 - 180) < 0.1 || abs($0 - 3_420) < 0.1 }, "\(gaps)")
        let farnsworth = Self.runs(try Self.wav("régler farnsworth 10\nentraînement groupes 5\nkkkkk\n"), zero: true).map { $0 + 5 }
        print("SPACING farnsworth 10: gaps \(Set(farnsworth.map { ($0 * 10).rounded() / 10 }).sorted()) ms")
        #expect(farnsworth.contains { abs($0 - 653.7) < 0.1 } && farnsworth.contains { abs($0 - 1_525.3) < 0.1 })
    }

    /// The reflex drill's first character sounds at 25 WPM by default whatever `vitesse` says
    /// (a dit is 48 ms, sounding 53 with its ramp), at 30 when `vitesse-réflexe 30` (40 ms).
    @Test func reflexDrillsHaveTheirOwnCharacterSpeed() throws {
        for (input, dit) in [("régler vitesse 15\nréflexe passif\n", 48.0), ("régler vitesse-réflexe 30\nréflexe passif\n", 40.0)] {
            let sounds = Self.runs(try Self.wav(input), zero: false)
            print("SPACING reflex (\(input.replacingOccurrences(of: "\n", with: "; "))): elements \(sounds.map { ($0 * 10).rounded() / 10 }) ms")
            #expect(!sounds.isEmpty)
            let shortest = try #require(sounds.min())
            #expect(abs(shortest - (dit + 5)) < 0.1, "\(sounds)")
            #expect(sounds.allSatisfy { abs($0 - (dit + 5)) < 0.1 || abs($0 - (3 * dit + 5)) < 0.1 }, "\(sounds)")
        }
    }
}
