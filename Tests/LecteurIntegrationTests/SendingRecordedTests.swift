// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 48, item 5, through the binary: a sending session written to `--audio-out` keeps its
/// silences. A straight key on the space bar (kitty press and release sequences written to the
/// millisecond on a pseudo-terminal) keys three groups at 15 WPM in `envoi libre`; every silence
/// between two elements of the WAV is the gap the reader measured between the key's up and
/// down (the `practice` event's `gaps_ms`), within 5 ms. The file once kept no silence at all:
/// a straight key's gaps came out 2 ms long, a paddle session's three words 3.0 s of WAV.
@Suite struct SendingRecordedTests {
    /// Each stretch of sound, from its first sample to its last: a held key's tone starts on its
    /// ramp at key down and is cut at key up (no ramp there, so no half-amplitude edge to find).
    /// A sine touches zero for a sample at most: a sound ends at a millisecond of zeros.
    static func sounds(_ samples: [Int16], perMs: Double) -> [(start: Double, end: Double)] {
        var found: [(start: Double, end: Double)] = []
        var start: Int?, zeros = 0
        let quiet = Int(perMs)
        for (index, sample) in samples.enumerated() {
            if sample != 0 {
                if start == nil { start = index }
                zeros = 0
            } else if let first = start {
                zeros += 1
                if zeros == quiet { found.append((Double(first), Double(index - quiet + 1))); start = nil }
            }
        }
        if let first = start { found.append((Double(first), Double(samples.count - zeros))) }
        return found
    }

    @Test func aSendingsWAVKeepsTheKeysSilences() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("sending.wav")
        let wpm = 15.0, unit = 1200 / wpm
        var hand = KeyingHand(seed: 48, jitter: 0.10)
        var schedule: [(at: Double, bytes: [UInt8])] = []
        var atMs = 300.0
        for text in ["KMR", "SEN", "UAT"] {
            let keyed = hand.key(patterns: text.map { MorseAlphabet.standard.symbol(for: $0)!.pattern }, startMs: atMs) { _ in wpm }
            for mark in keyed.marks {
                schedule.append((mark.down / 1000, [0x20]))
                schedule.append((mark.up / 1000, Array(SendingSessionTests.release.utf8)))
            }
            atMs = keyed.endMs + 12 * unit + 500
        }
        let run = try PseudoTerminal.run(SendingSessionTests.arguments + ["--audio-out", wav.path], environment: home.environment,
                                         ready: SendingSessionTests.query,
                                         steps: [.type(SendingSessionTests.answers, pause: 0.3)]
                                             + SendingSessionTests.command("envoi libre", until: "Envoi libre")
                                             + [.timed(schedule, until: "\"practice\""), .type("", pause: 12 * unit / 1000 + 1.5),
                                                .type("\u{04}", until: "goodbye")])
        #expect(run.status == 0, "\(run.output.suffix(600))")
        let practice = SendingSessionTests.practice(run).filter { $0["mode"] as? String == "free" }
        #expect(practice.count == 3, "\(practice)")
        // The key's gaps, sending by sending; between two sendings the silence is the reader's
        // own (the verdict's), not the hand's, and is not compared.
        let keyedGaps = practice.map { ($0["gaps_ms"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue } }
        let file = try WAVFile.decode(Data(contentsOf: wav))
        let perMs = Double(file.sampleRate) / 1000
        let elements = Self.sounds(file.samples, perMs: perMs)
        #expect(elements.count == schedule.count / 2, "\(elements.count) elements in the WAV for \(schedule.count / 2) marks")
        var heardGaps: [[Double]] = []
        var index = 0
        for gaps in keyedGaps {
            let marks = gaps.count + 1
            guard index + marks <= elements.count else { break }
            heardGaps.append((1..<marks).map { (elements[index + $0].start - elements[index + $0 - 1].end) / perMs })
            index += marks
        }
        let differences = zip(heardGaps.joined(), keyedGaps.joined()).map { abs($0 - $1) }
        let wavSeconds = Double(file.samples.count) / Double(file.sampleRate)
        print("SENDING recorded: \(differences.count) gaps, the WAV's within \(String(format: "%.2f", differences.max() ?? .infinity)) ms "
              + "of the key's (median \(String(format: "%.2f", differences.sorted().dropFirst(differences.count / 2).first ?? .infinity)) ms); "
              + "\(String(format: "%.1f", wavSeconds)) s of WAV for \(String(format: "%.1f", atMs / 1000)) s of keying; "
              + "key gaps \(keyedGaps.map { $0.map { Int($0) } }), WAV \(heardGaps.map { $0.map { Int($0.rounded()) } })")
        #expect(differences.count == keyedGaps.joined().count && differences.count == schedule.count / 2 - 3)
        #expect(differences.allSatisfy { $0 <= 5 }, "\(differences)")
    }
}
