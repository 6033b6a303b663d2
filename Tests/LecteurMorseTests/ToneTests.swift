// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurFiles

/// Reads the reader's own WAV files back and measures them.
@Suite struct ToneTests {
    static let rate = 22050
    let text = "PARIS CQ 73 É?"
    let patterns = [".--. .- .-. .. ...", "-.-. --.-", "--... ...--", "..-.. ..--.."]

    func writeAndRead(_ text: String, settings: MorseSettings) throws -> (WAVFile, MorseWriteResult) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("morse.wav")
        let result = try MorseRenderer(settings: settings, sampleRate: Self.rate).writeWAV(text: text, to: url, chunkSamples: 5000)
        return (try WAVFile.decode(Data(contentsOf: url)), result)
    }

    /// The text is 149 units long (counted by hand from `patterns`: 52 + 7 + 30 + 7 + 30 + 7 + 16,
    /// marks, gaps and word gaps), a unit being 1200 / WPM ms: 8 940 ms at 20 WPM, 5 108.571 ms at 35.
    @Test(arguments: [(20, 1323, 8940.0), (35, 756, 5108.571428571)])
    func everyElementAndGapToTheSample(wpm: Int, unit: Int, durationMs: Double) throws {
        let (wav, result) = try writeAndRead(text, settings: try MorseSettings(wpm: wpm))
        #expect(wav.sampleRate == Self.rate)
        let expected = expectedRuns(patterns, unit: unit, characterGap: 3 * unit, wordGap: 7 * unit)
        // The file ends with a word gap of silence, so decoders get the last character. Each
        // element sounds one ramp longer than its length, its edges at half amplitude
        // (halfAmplitudeEdgesAreTheBook's).
        #expect(runs(wav.samples) == sounded(expected + [Run(tone: false, length: 7 * unit)]))
        #expect(wav.samples.count == result.timeline.sampleCount + 7 * unit)
        #expect(abs(result.durationMs - durationMs) < 0.001, "\(result.durationMs) ms")
    }

    @Test func farnsworthGapsWithinOneMillisecondOfARRL() throws {
        let (wav, _) = try writeAndRead("PARIS PARIS", settings: try MorseSettings(wpm: 20, farnsworthWPM: 10))
        // Edge to edge at half amplitude: one ramp off each tone's non-zero run, onto each gap.
        let measured = sounded(runs(wav.samples), ramp: -110)
        let msPerSample = 1000 / Double(Self.rate)
        let gaps = measured.filter { !$0.tone }.map { Double($0.length) * msPerSample }
        let characterGaps = gaps.filter { $0 > 500 && $0 < 1000 }
        let wordGaps = gaps.filter { $0 > 1000 }
        let elementGaps = measured.filter { !$0.tone && $0.length < 2000 }
        #expect(characterGaps.count == 8)
        #expect(wordGaps.count == 2) // between the words, and the file's ending
        #expect(characterGaps.allSatisfy { abs($0 - 653.7) <= 1 }, "\(characterGaps)")
        #expect(wordGaps.allSatisfy { abs($0 - 1525.3) <= 1 }, "\(wordGaps)")
        // Characters keep their 20 WPM shape.
        #expect(elementGaps.allSatisfy { $0.length == 1323 })
        #expect(measured.filter(\.tone).allSatisfy { $0.length == 1323 || $0.length == 3969 })
    }

    @Test(arguments: [600, 1000, 440])
    func toneFrequency(hz: Int) throws {
        // A 5 WPM "T" is one 720 ms dash.
        let settings = try MorseSettings(wpm: 5, toneHz: hz)
        let samples = MorseRenderer(settings: settings).samples(MorseAlphabet.standard.symbol(for: "T")!)
        #expect(samples.count == 3 * 5292 + 110)
        // Zero crossings, interpolated, over the steady part (ramps left out).
        let steady = Array(samples[300..<(samples.count - 300)]).map(Double.init)
        var crossings: [Double] = []
        for i in 1..<steady.count where (steady[i - 1] < 0) != (steady[i] < 0) {
            crossings.append(Double(i - 1) + steady[i - 1] / (steady[i - 1] - steady[i]))
        }
        let measured = Double(crossings.count - 1) / 2 / ((crossings.last! - crossings.first!) / Double(Self.rate))
        #expect(abs(measured - Double(hz)) < 0.5, "measured \(measured) Hz")
        // Goertzel: the energy is at the set frequency, not 50 Hz away.
        func power(_ f: Double) -> Double {
            let k = 2 * cos(2 * Double.pi * f / Double(Self.rate))
            var s1 = 0.0, s2 = 0.0
            for x in steady { let s0 = x + k * s1 - s2; s2 = s1; s1 = s0 }
            return s1 * s1 + s2 * s2 - k * s1 * s2
        }
        #expect(power(Double(hz)) > 1000 * power(Double(hz) + 50))
        #expect(power(Double(hz)) > 1000 * power(Double(hz) - 50))
    }

    @Test(arguments: [5.0, 2.0, 8.0])
    func rampsAreRaisedCosinesOfTheSetLength(rampMs: Double) throws {
        let settings = try MorseSettings(wpm: 15, toneHz: 700, volumePercent: 100, rampMs: rampMs)
        let samples = MorseRenderer(settings: settings).samples(MorseAlphabet.standard.symbol(for: "T")!)
        let amplitude = 32767.0
        let step = 2 * Double.pi * 700 / Double(Self.rate)
        let rampSamples = rampMs * Double(Self.rate) / 1000
        var worst = 0.0
        var reachedFull = false
        for i in 0..<samples.count {
            let carrier = sin(step * (Double(i) + 0.5))
            guard abs(carrier) > 0.3 else { continue }
            let envelope = Double(samples[i]) / (amplitude * carrier)
            let t = Double(min(i, samples.count - 1 - i)) + 0.5
            let ideal = t >= rampSamples ? 1 : 0.5 - 0.5 * cos(Double.pi * t / rampSamples)
            worst = max(worst, abs(envelope - ideal))
            if t >= rampSamples, t < rampSamples + 20 { reachedFull = reachedFull || envelope > 0.995 }
        }
        #expect(worst < 0.01, "envelope off by \(worst)")
        #expect(reachedFull)
    }

    @Test func noClicks() throws {
        let settings = try MorseSettings(wpm: 30, toneHz: 800, volumePercent: 100)
        let samples = MorseRenderer(settings: settings).renderer(
            MorseRenderer(settings: settings).timeline(MorseAlphabet.standard.encode("HELLO WORLD 5NN"))).renderAll()
        // The steepest a pure 800 Hz sine at full scale can move between samples, plus rounding.
        let limit = 32767 * 2 * sin(Double.pi * 800 / 22050) + 2
        var steepest = 0.0
        for i in 1..<samples.count { steepest = max(steepest, abs(Double(samples[i]) - Double(samples[i - 1]))) }
        #expect(steepest <= limit)
        #expect(samples.first.map { abs(Int($0)) < 10 } == true)
        #expect(samples.last.map { abs(Int($0)) < 10 } == true)
    }

    @Test func chunksMatchTheWholeRendering() throws {
        let renderer = MorseRenderer(settings: try MorseSettings(wpm: 25, farnsworthWPM: 12))
        let tones = renderer.renderer(renderer.timeline(MorseAlphabet.standard.encode("CQ CQ DE F4XYZ K")))
        let whole = tones.renderAll()
        for size in [1, 997, 4096, whole.count + 10] {
            #expect(Array(tones.chunks(of: size).joined()) == whole, "chunk size \(size)")
        }
        #expect(tones.render(from: 12345, count: 777) == Array(whole[12345..<13122]))
    }

    @Test func progressIsReportedAndNothingToPlayIsAnError() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var reports: [MorseWriteProgress] = []
        let result = try MorseRenderer().writeWAV(text: "LONG TEXT & MORE", to: dir.appendingPathComponent("a.wav"),
                                                  chunkSamples: 22050) { reports.append($0) }
        #expect(reports.count == (result.timeline.sampleCount + 22049) / 22050 + 1) // + the closing silence
        #expect(reports.last?.fraction == 1)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.samplesWritten < $1.samplesWritten })
        #expect(result.encoding.unknown.map(\.character) == ["&"])
        #expect(reports.first!.message(french).hasPrefix("Morse : "))

        #expect(throws: MorseError.self) {
            try MorseRenderer().writeWAV(text: "%%%", to: dir.appendingPathComponent("b.wav"))
        }
        do {
            try MorseRenderer().writeWAV(text: "%", to: dir.appendingPathComponent("b.wav"))
        } catch {
            #expect(error.message(french) == "Rien à jouer : le texte ne contient aucun caractère Morse. Caractère sans code Morse, ignoré : « % ».")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("b.wav").path))
        #expect(throws: MorseError.self) {
            try MorseRenderer().writeWAV(text: "E", to: dir.appendingPathComponent("missing/dir/c.wav"))
        }
    }

    @Test func playbackForTheRuntime() throws {
        let renderer = MorseRenderer(settings: try MorseSettings(wpm: 20))
        let k = renderer.playback(symbol: MorseAlphabet.standard.symbol(for: "K")!)
        #expect(k.durationMs == 540)                       // 3 + 1 + 1 + 1 + 3 units
        #expect(k.sampleCount == 9 * 1323 + 110)
        #expect(k.durationMs == 540, "the book's length, edge to edge at half amplitude")
        #expect(Array(k.chunks(of: 1000).joined()) == renderer.samples(MorseAlphabet.standard.symbol(for: "K")!))
        let text = try renderer.playback(text: "SOS €")
        #expect(text.durationMs == Double(27 * 60))
        #expect(text.unknownMessage(french) == "Caractère sans code Morse, ignoré : « € ».")
        #expect(throws: MorseError.nothingToPlay(MorseAlphabet.standard.encode(" "))) { try renderer.playback(text: " ") }
    }
}
