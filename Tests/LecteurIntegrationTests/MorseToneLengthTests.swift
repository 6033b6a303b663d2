// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 37, item 5, through the binary: the tones at the book's length as heard. `morse PARIS`
/// is written by the reader's live audio path to `--audio-out`; each element is measured edge
/// to edge at half amplitude (where the ear puts the edge) from the peaks of its half-cycles.
@Suite struct MorseToneLengthTests {
    /// Each element's half-amplitude start and end, in samples (interpolated between the peaks
    /// of neighbouring half-cycles), and its full amplitude.
    static func elements(_ samples: [Int16]) -> [(start: Double, end: Double)] {
        var found: [(start: Double, end: Double)] = []
        var i = 0
        while i < samples.count {
            guard samples[i] != 0 else { i += 1; continue }
            var j = i
            while j < samples.count, samples[j] != 0 { j += 1 }
            // The run [i, j) is one element: its half-cycles' peaks.
            var peaks: [(at: Double, value: Double)] = []
            var k = i
            while k < j {
                let positive = samples[k] > 0
                var best = k
                var m = k
                while m < j, (samples[m] > 0) == positive {
                    if abs(Int(samples[m])) > abs(Int(samples[best])) { best = m }
                    m += 1
                }
                peaks.append((Double(best), Double(abs(Int(samples[best])))))
                k = m
            }
            let half = (peaks.map(\.value).max() ?? 0) / 2
            func crossing(_ a: (at: Double, value: Double), _ b: (at: Double, value: Double)) -> Double {
                a.at + (half - a.value) / (b.value - a.value) * (b.at - a.at)
            }
            if let rise = peaks.indices.dropFirst().first(where: { peaks[$0 - 1].value < half && peaks[$0].value >= half }),
               let fall = peaks.indices.dropFirst().last(where: { peaks[$0 - 1].value >= half && peaks[$0].value < half }) {
                found.append((crossing(peaks[rise - 1], peaks[rise]), crossing(peaks[fall - 1], peaks[fall])))
            }
            i = j
        }
        return found
    }

    @Test(arguments: [20, 40])
    func parisAtTheBooksLengthAtHalfAmplitude(wpm: Int) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("paris.wav")
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--audio-out", wav.path],
                                         input: "set vitesse \(wpm)\nmorse PARIS\n", environment: home.environment)
        #expect(out.status == 0)
        let file = try WAVFile.decode(Data(contentsOf: wav))
        let perMs = Double(file.sampleRate) / 1000
        let unit = 1200 / Double(wpm)
        let found = Self.elements(file.samples)
        let pattern = ".--. .- .-. .. ..."
        #expect(found.count == pattern.filter { $0 != " " }.count, "\(found.count) elements")
        guard found.count == pattern.filter({ $0 != " " }).count else { return }
        var dits: [Double] = [], dahs: [Double] = []
        var worst = 0.0
        for (element, mark) in zip(found, pattern.filter { $0 != " " }) {
            let length = (element.end - element.start) / perMs
            let book = mark == "." ? unit : 3 * unit
            worst = max(worst, abs(length - book) / book)
            if mark == "." { dits.append(length) } else { dahs.append(length) }
        }
        // The gaps inside characters, edge to edge: one unit each.
        var gaps: [Double] = []
        var index = 0
        for character in pattern.split(separator: " ") {
            for n in 1..<character.count { gaps.append((found[index + n].start - found[index + n - 1].end) / perMs) }
            index += character.count
        }
        let gapWorst = gaps.map { abs($0 - unit) / unit }.max() ?? 0
        let ratio = (dahs.reduce(0, +) / Double(dahs.count)) / (dits.reduce(0, +) / Double(dits.count))
        print("MORSE tone lengths at \(wpm) WPM, half amplitude, from --audio-out: elements within \(worst * 100) % of PARIS, "
              + "element gaps within \(gapWorst * 100) %, dah:dit \(ratio)")
        #expect(worst <= 0.02)
        #expect(gapWorst <= 0.02)
        #expect(abs(ratio - 3) <= 0.1)
    }
}
