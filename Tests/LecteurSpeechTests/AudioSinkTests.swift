// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore
import Testing

@Suite struct AudioSinkTests {
    static func tone(seconds: Double, rate: Int = 22_050, frequency: Double = 440) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { i in
            Int16(8000 * sin(2 * Double.pi * frequency * Double(i) / Double(rate)))
        }
    }

    @Test func wavSinkWritesEverythingPlayedAsAValidWAV() throws {
        let dir = try Fixtures.temporaryDirectory("wav")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.wav").path
        let output = try WAVFileOutput(path: path)
        let first = Self.tone(seconds: 0.5), second = Self.tone(seconds: 0.25, frequency: 660)
        output.play(first)
        output.play(second)
        #expect(output.waitUntilDrained(timeout: .seconds(1)))
        output.close()
        output.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count == 44 + (first.count + second.count) * 2)
        let wav = try WAVFile.decode(data)
        #expect(wav.sampleRate == 22_050)
        #expect(wav.samples == first + second)
        #expect(output.error == nil)
    }

    @Test func wavSinkConvertsOtherRates() throws {
        let dir = try Fixtures.temporaryDirectory("wav-rate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.wav").path
        let output = try WAVFileOutput(path: path)
        output.play(Self.tone(seconds: 1, rate: 44_100), sampleRate: 44_100)
        output.close()
        let wav = try WAVFile.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(wav.samples.count == 22_050)
    }

    /// A flush keeps what a listener had heard by then and drops the rest, as a device would.
    @Test func wavSinkFlushCutsWhatHadNotSoundedYet() throws {
        let dir = try Fixtures.temporaryDirectory("wav-flush")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.wav").path
        let output = try WAVFileOutput(path: path)
        let long = Self.tone(seconds: 5)
        let started = ContinuousClock.now
        output.play(long)
        Thread.sleep(forTimeInterval: 0.3)
        output.flush()
        let elapsed = started.duration(to: .now)
        let after = Self.tone(seconds: 0.5, frequency: 660)
        output.play(after)
        output.close()
        let wav = try WAVFile.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        let kept = wav.samples.count - after.count
        let expected = PCMConversion.sampleCount(elapsed, rate: 22_050)
        #expect(kept > 22_050 * 3 / 10 - 1 && kept <= expected, "kept \(kept) samples, \(expected) had sounded")
        #expect(Array(wav.samples[..<kept]) == Array(long[..<kept]))
        #expect(Array(wav.samples[kept...]) == after)
    }

    @Test func wavSinkReportsAnUnwritablePath() {
        #expect(throws: AudioOutputError.self) { try WAVFileOutput(path: "/nonexistent-dir/x.wav") }
    }

    @Test func silentSinkCountsAndNeverBlocks() {
        let output = SilentOutput()
        output.play(Self.tone(seconds: 0.1))
        output.play(Self.tone(seconds: 0.1, rate: 11_025), sampleRate: 11_025)
        output.flush()
        #expect(output.waitUntilDrained(timeout: .zero))
        // 1102 samples at 11 025 Hz become 2204 at 22 050 Hz.
        #expect(output.receivedSampleCount == 2205 + 2204)
    }

    @Test func resamplingKeepsDurationAndShape() {
        let source: [Int16] = [0, 100, 200, 300]
        #expect(PCMConversion.resample(source, from: 1, to: 2) == [0, 50, 100, 150, 200, 250, 300, 300])
        #expect(PCMConversion.resample(source, from: 2, to: 1) == [0, 200])
        #expect(PCMConversion.resample(source, from: 3, to: 3) == source)
    }
}
