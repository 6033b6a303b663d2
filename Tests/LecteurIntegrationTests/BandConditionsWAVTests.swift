// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 37, item 9, through the binary: a copy session with noise (QRN), another station (QRM)
/// and fading (QSB), written by the reader's live audio path to `--audio-out`, measured on the
/// WAV with no knowledge of what was sent: the noise's RMS against the signal's, the other
/// station's pitch and level by Goertzel filters, and the fading envelope fitted to its period.
@Suite struct BandConditionsWAVTests {
    static let window = 220  // 10 ms at 22 050 Hz

    /// A copy session of five groups with these settings, answered (`stop` would silence the
    /// output before the sending is written); the samples of the sending (the lead-in's digital
    /// silence dropped).
    static func copy(_ settings: String) throws -> (samples: [Int16], rate: Int) {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("copy.wav")
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--audio-out", wav.path],
                                         input: settings + "entraînement groupes 5\nkkkkk\n", environment: home.environment)
        #expect(out.status == 0)
        let file = try WAVFile.decode(Data(contentsOf: wav))
        let first = file.samples.firstIndex { $0 != 0 } ?? 0
        let last = file.samples.lastIndex { $0 != 0 } ?? 0
        return (Array(file.samples[first...last]), file.sampleRate)
    }

    /// The amplitude of the `hz` component of `samples` (Goertzel).
    static func amplitude(_ samples: ArraySlice<Int16>, hz: Double, rate: Int) -> Double {
        let w = 2 * Double.pi * hz / Double(rate), c = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        for x in samples {
            let s0 = Double(x) + c * s1 - s2
            s2 = s1
            s1 = s0
        }
        let power = s1 * s1 + s2 * s2 - c * s1 * s2
        return 2 * power.squareRoot() / Double(samples.count)
    }

    static func windows(_ samples: [Int16]) -> [ArraySlice<Int16>] {
        stride(from: 0, to: samples.count - window, by: window).map { samples[$0..<($0 + window)] }
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// The noise's RMS against the signal's: windows where the 600 Hz signal is absent (under a
    /// tenth of its 90th percentile) hold the noise alone.
    static func noiseRatio(_ samples: [Int16], rate: Int, _ label: String) -> (ratio: Double, windows: Int) {
        let windows = Self.windows(samples)
        let tone = windows.map { Self.amplitude($0, hz: 600, rate: rate) }
        let signal = Self.percentile(tone, 0.9)
        let quiet = zip(windows, tone).filter { $0.1 < 0.1 * signal }.map(\.0)
        let power = quiet.map { $0.reduce(0.0) { $0 + Double($1) * Double($1) } }.reduce(0, +) / Double(quiet.count * Self.window)
        let ratio = power.squareRoot() / (signal / 2.0.squareRoot())
        print("BAND noise (\(label)): RMS \(power.squareRoot()) in \(quiet.count) windows without the signal, signal amplitude \(signal), "
              + "noise/signal RMS \(ratio)")
        return (ratio, quiet.count)
    }

    /// `bruit 30`: on the WAV, the noise's RMS is 30 % of the signal's.
    @Test func noiseIsAtItsLevel() throws {
        let (samples, rate) = try Self.copy("régler bruit 30\n")
        let (ratio, windows) = Self.noiseRatio(samples, rate: rate, "--audio-out")
        #expect(windows > 50)
        #expect(abs(ratio - 0.30) < 0.03, "\(ratio)")
    }

    /// `brouillage 40`: the two strongest components are the signal at 600 Hz and the other
    /// station at 950 Hz (it keys more of the time than a Farnsworth-spaced sending, so its total
    /// may be the larger); while each sounds, the other station is at 40 % of the signal.
    @Test func theOtherStationIsAtItsPitchAndLevel() throws {
        let (samples, rate) = try Self.copy("régler brouillage 40\n")
        let span = samples[0..<min(samples.count, 4 * rate)]
        let spectrum = stride(from: 400.0, through: 1_400, by: 5).map { ($0, Self.amplitude(span, hz: $0, rate: rate)) }
        let first = try #require(spectrum.max { $0.1 < $1.1 })
        let second = try #require(spectrum.filter { abs($0.0 - first.0) > 60 }.max { $0.1 < $1.1 })
        // Each station's pitch is the power-weighted centre of its strongest component ±40 Hz:
        // keying is amplitude modulation, its sidebands symmetric about the carrier, and which
        // bin is the strongest depends on the letters sent (10 Hz off, seen with a random seed).
        func centre(_ peak: Double) -> Double {
            let around = spectrum.filter { abs($0.0 - peak) <= 40 }
            return around.map { $0.0 * $0.1 * $0.1 }.reduce(0, +) / around.map { $0.1 * $0.1 }.reduce(0, +)
        }
        let peaks = [centre(first.0), centre(second.0)].sorted()
        let windows = Self.windows(samples)
        let signal = Self.percentile(windows.map { Self.amplitude($0, hz: 600, rate: rate) }, 0.9)
        let station = Self.percentile(windows.map { Self.amplitude($0, hz: 950, rate: rate) }, 0.9)
        print("BAND qrm: strongest components \(peaks) Hz; 90th-percentile amplitude 600 Hz \(signal), 950 Hz \(station), "
              + "ratio \(station / signal)")
        #expect(abs(peaks[0] - 600) <= 5, "\(peaks)")
        #expect(abs(peaks[1] - 950) <= 5, "\(peaks)")
        #expect(abs(station / signal - 0.40) < 0.04, "\(station / signal)")
    }

    /// `fading 60`: each element's amplitude follows 1 − 0.6·(½ − ½·cos(2πt/4 s + φ)); the
    /// depth and phase are fitted, the period is the renderer's 4 s.
    @Test func theSignalFadesByItsDepth() throws {
        let (samples, rate) = try Self.copy("régler fading 60\n")
        let windows = Self.windows(samples)
        let tone = windows.map { Self.amplitude($0, hz: 600, rate: rate) }
        let top = tone.max() ?? 1
        // Windows wholly inside an element: their neighbours sound too.
        var points: [(t: Double, a: Double)] = []
        for i in 1..<(tone.count - 1) where tone[i - 1] > 0.2 * top && tone[i] > 0.2 * top && tone[i + 1] > 0.2 * top {
            points.append((Double(i * Self.window) / Double(rate), tone[i]))
        }
        var best = (depth: 0.0, phase: 0.0, scale: 0.0, error: Double.infinity)
        for depth in stride(from: 0.3, through: 0.9, by: 0.01) {
            for phase in stride(from: 0.0, to: 2 * Double.pi, by: 0.05) {
                let g = points.map { 1 - depth * (0.5 - 0.5 * cos(2 * Double.pi * $0.t / BandConditions.fadingPeriodSeconds + phase)) }
                let scale = zip(points, g).map { $0.a * $1 }.reduce(0, +) / g.map { $0 * $0 }.reduce(0, +)
                let error = (zip(points, g).map { pow($0.a - scale * $1, 2) }.reduce(0, +) / Double(points.count)).squareRoot()
                if error < best.error { best = (depth, phase, scale, error) }
            }
        }
        let lowest = points.map(\.a).min() ?? 0, highest = points.map(\.a).max() ?? 0
        print("BAND fading: \(points.count) windows over \(points.last?.t ?? 0) s; fitted depth \(best.depth), "
              + "residual \(best.error / best.scale * 100) % of full strength; weakest/strongest \(lowest / highest)")
        #expect(points.count > 100)
        #expect(abs(best.depth - 0.60) <= 0.03, "\(best.depth)")
        #expect(best.error / best.scale < 0.03)
    }

    /// The live sound alike: the same copy session played to the private sound server, read
    /// from its monitor, has the noise at the same level.
    @Test(.requires(.pulseAudio)) func theLiveSoundHasTheSameNoise() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let recording = try pulse.record(seconds: 120)
        defer { recording.stop() }
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "off"],
                                            environment: home.environment.merging(["PULSE_SERVER": pulse.server]) { $1 })
        reader.send("régler bruit 30")
        reader.send("entraînement groupes 2")
        _ = try reader.next("morse") { $0["question"] as? Int == 1 }
        // The sending has played once sound came and then two seconds of silence followed.
        let deadline = Date().addingTimeInterval(60)
        var samples: [Int16] = []
        while Date() < deadline {
            usleep(200_000)
            samples = recording.samples(untilEnd: false)
            let quiet = 2 * PrivatePulseServer.sampleRate
            if samples.contains(where: { abs(Int($0)) > 300 }), samples.count > quiet,
               samples.suffix(quiet).allSatisfy({ abs(Int($0)) <= 300 }) { break }
        }
        reader.send("stop")
        _ = reader.finish()
        let first = try #require(samples.firstIndex { abs(Int($0)) > 300 })
        let last = try #require(samples.lastIndex { abs(Int($0)) > 300 })
        let (ratio, windows) = Self.noiseRatio(Array(samples[first...last]), rate: PrivatePulseServer.sampleRate, "sound server")
        #expect(windows > 50)
        #expect(abs(ratio - 0.30) < 0.03, "\(ratio)")
    }
}
