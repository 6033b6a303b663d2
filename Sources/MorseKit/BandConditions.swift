// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Band conditions for copy practice, after Morse Runner (VE3NEA/MorseRunner, `Contest.pas`,
/// `QrnStn.pas`, `QrmStn.pas`, `Qsb.pas`, `DxStn.pas`, `RndFunc.pas`): what reaches the ear is
/// what passes the receiver's ~500 Hz filter around the learner's signal, then its AGC — band
/// hiss, static (QRN: impulses and bursts), other stations (QRM) coming and going at their own
/// pitch, speed and level, and each signal fading (QSB) at its own random rate. A clean sine
/// never asks that of the ear.
///
/// The levels are settings (`régler bruit|parasites|brouillage|fading|flutter`); the conditions
/// only reach the sound with a `seed`, which copy practice gives each sending (`onTheAir`):
/// every other Morse (a question, `morse SOS`, a correction) stays clean, and a sending sounds
/// the same in the live output and in `--audio-out`, both rendered by `MorseToneRenderer`.
public struct BandConditions: Hashable, Sendable {
    /// Band hiss: its RMS in the receiver's filter, in percent of the signal's (100: 0 dB).
    public var noisePercent: Int
    /// Other stations (QRM): the strongest one's amplitude in percent of the signal's (0: none).
    public var qrmPercent: Int
    /// QSB: how deep each signal fades, in percent of its strength (0: steady).
    public var fadingPercent: Int
    /// Static (QRN): impulses and bursts, in percent of Morse Runner's level against a hiss at
    /// `bruit 100` (0: none).
    public var staticPercent: Int = 0
    /// Flutter: the percent of fading signals that flutter (3–33 Hz) instead of fading slowly.
    public var flutterPercent: Int = 0
    /// Everything random is drawn from it; nil: off the air.
    public var seed: UInt64?

    public static let clear = BandConditions(noisePercent: 0, qrmPercent: 0, fadingPercent: 0)

    public static let noiseRange = 0...100
    /// The other stations stay weaker than the one to copy, or nothing says which one to copy.
    public static let qrmRange = 0...80
    /// Fading never takes the signal away for long: `fading 90` keeps a tenth of it.
    public static let fadingRange = 0...90
    public static let staticRange = 0...100
    public static let flutterRange = 0...100

    // Morse Runner's figures, kept where the model uses them.
    /// The receiver's filter: three passes of a moving average of 0.7·rate/500 points on the
    /// complex baseband (`Contest.pas`: `Filt.Points := Round(0.7 * DEFAULTRATE / Ini.BandWidth)`,
    /// `Passes := 3`, bandwidth 500 Hz).
    public static let filterBandwidthHz = 500.0
    public static let filterPasses = 3
    /// QRN background: this share of samples is an impulse (`Random < 0.01`) …
    public static let impulseShare = 0.01
    /// … of this many times the hiss's range (`60 * NOISEAMP` against `3 * NOISEAMP`).
    public static let impulseRange = 20.0
    /// QRN bursts: started in a block of 512 samples at 11 025 Hz with this chance
    /// (`if Random < 0.01 then Stations.AddQrn`): 0.215 a second.
    public static let burstsPerSecond = 0.01 * 11_025 / 512
    /// A burst lasts up to a second and its level spans 40 dB (`1E5*Power(10, 2*Random)`).
    public static let burstLongestSeconds = 1.0
    /// QRM stations: pitch within ±300 Hz (`RndGaussLim(0, 300)`: Gaussian, σ 150 Hz), 30–39
    /// WPM (`30 + Random(10)`), 1–5 messages each (`Patience`), the next one 4 ± 2 s later.
    public static let qrmPitchLimitHz = 300.0
    public static let qrmWPM = 30...39
    /// Morse Runner adds a station once in 4 minutes (`Random < 0.0002` a block), too rare for a
    /// copy of a minute: here one arrives within the first 2 s and then one every 10 s on average.
    public static let qrmMeanArrivalSeconds = 10.0
    /// QSB: each signal's fading bandwidth, 0.1–0.6 Hz (`Qsb.Bandwidth := 0.1 + Random / 2`);
    /// a fluttering one 3–33 Hz (`3 + Random * 30`).
    public static let fadeHz = 0.1...0.6
    public static let flutterHz = 3.0...33.0

    public init(noisePercent: Int = 0, qrmPercent: Int = 0, fadingPercent: Int = 0, staticPercent: Int = 0,
                flutterPercent: Int = 0, seed: UInt64? = nil) {
        self.noisePercent = noisePercent
        self.qrmPercent = qrmPercent
        self.fadingPercent = fadingPercent
        self.staticPercent = staticPercent
        self.flutterPercent = flutterPercent
        self.seed = seed
    }

    /// Nothing to add: the signal alone (flutter alone changes nothing: it is a kind of fading).
    public var isClear: Bool { noisePercent == 0 && qrmPercent == 0 && fadingPercent == 0 && staticPercent == 0 }

    /// The same conditions on the air: a seeded sending (levels unchanged).
    public func onTheAir(seed: UInt64) -> BandConditions {
        var aired = self
        aired.seed = seed
        return aired
    }

    /// The moving average's length at `sampleRate`.
    public static func filterPoints(sampleRate: Int) -> Int {
        max(1, Int((0.7 * Double(sampleRate) / filterBandwidthHz).rounded()))
    }

    /// The filter's gain at `offsetHz` from the centre: three passes of a moving average.
    public static func filterGain(offsetHz: Double, sampleRate: Int) -> Double {
        let points = Double(filterPoints(sampleRate: sampleRate))
        let x = Double.pi * offsetHz / Double(sampleRate)
        guard abs(sin(x)) > 1e-12 else { return 1 }
        return pow(abs(sin(points * x) / (points * sin(x))), Double(filterPasses))
    }
}

/// One other station heard during a sending: what `BandMix` drew (the tests and the docs read it).
public struct QRMStation: Hashable, Sendable {
    /// Its pitch from the learner's tone, in hertz.
    public let offsetHz: Double
    public let wpm: Int
    /// Its amplitude in the receiver, before the filter, against the signal's.
    public let level: Double
    /// Each message and the sample it starts at.
    public let messages: [(start: Int, text: String)]

    public static func == (a: QRMStation, b: QRMStation) -> Bool {
        a.offsetHz == b.offsetHz && a.wpm == b.wpm && a.level == b.level
            && a.messages.map(\.start) == b.messages.map(\.start) && a.messages.map(\.text) == b.messages.map(\.text)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(offsetHz)
        hasher.combine(wpm)
        hasher.combine(messages.map(\.text))
    }
}

/// The band over one sending, rendered once, whole, when the renderer is made: the filter, the
/// AGC and the fading all run forward in time, so the sending is computed start to end and the
/// renderer hands out slices of it (chunks equal the whole by construction, the live output and
/// `--audio-out` play the same samples).
public struct BandMix: Sendable {
    public let conditions: BandConditions
    public let sampleRate: Int
    /// The final samples: signal, band, filter and AGC.
    public let samples: [Int16]
    /// What was drawn, for the tests and the docs' table.
    public let stations: [QRMStation]
    /// The fading's bandwidth drawn for the learner's signal (nil: no fading).
    public let signalFadeHz: Double?
    /// The start and length, in samples, of each QRN burst.
    public let bursts: [(start: Int, length: Int)]

    /// `clean` is the learner's signal alone (the renderer's samples without the band).
    public init?(conditions: BandConditions, clean: [Int16], tone: MorseTone, sampleRate: Int) {
        guard let seed = conditions.seed, !conditions.isClear, !clean.isEmpty else { return nil }
        self.conditions = conditions
        self.sampleRate = sampleRate
        let count = clean.count
        let rate = Double(sampleRate)
        let amplitude = max(0, min(1, tone.volume)) * Double(Int16.max)
        // Each condition draws from its own stream, so changing one level leaves the others' draws.
        var noiseRandom = SeededRandom(seed: seed ^ 0x4E4F_4953_4500_0001)
        var staticRandom = SeededRandom(seed: seed ^ 0x5152_4E00_0000_0002)
        var qrmRandom = SeededRandom(seed: seed ^ 0x5152_4D00_0000_0003)
        var fadeRandom = SeededRandom(seed: seed ^ 0x5153_4200_0000_0004)

        // The receiver's filter and what its noise bandwidth does to white baseband noise: the
        // hiss is set by what comes out of it.
        let points = BandConditions.filterPoints(sampleRate: sampleRate)
        let kernel = Self.movingAverageKernel(points: points, passes: BandConditions.filterPasses)
        let noisePower = kernel.map { $0 * $0 }.reduce(0, +)
        // The baseband deviation (each of I and Q) giving an output RMS equal to the signal's
        // (a sine's amplitude over √2) — `bruit 100`, 0 dB.
        let reference = amplitude / 2.0.squareRoot() / noisePower.squareRoot()
        let sigma = Double(conditions.noisePercent) / 100 * reference
        let staticLevel = Double(conditions.staticPercent) / 100 * reference

        var inPhase = [Double](repeating: 0, count: count)
        var quadrature = [Double](repeating: 0, count: count)
        if sigma > 0 {
            for i in 0..<count {
                let (a, b) = Self.gaussianPair(&noiseRandom)
                inPhase[i] = a * sigma
                quadrature[i] = b * sigma
            }
        }
        var bursts: [(start: Int, length: Int)] = []
        if staticLevel > 0 {
            // Background: Morse Runner's hiss is uniform over ±1.5·NOISEAMP (σ = range/√3) and
            // its impulses uniform over 20 times that range, on the in-phase part.
            let range = staticLevel * 3.0.squareRoot()
            for i in 0..<count where Double.random(in: 0..<1, using: &staticRandom) < BandConditions.impulseShare {
                inPhase[i] += (Double.random(in: 0..<1, using: &staticRandom) - 0.5) * 2 * BandConditions.impulseRange * range
            }
            // Bursts: 1E5…1E7 against NOISEAMP 6000 (the hiss's range is 1.5·NOISEAMP), impulses
            // on 1 % of their samples.
            let block = Int((512.0 * rate / 11_025).rounded())
            var start = 0
            while start < count {
                if Double.random(in: 0..<1, using: &staticRandom) < 0.01 {
                    let length = Int(Double.random(in: 0..<1, using: &staticRandom) * BandConditions.burstLongestSeconds * rate)
                    let peak = 1e5 * pow(10, 2 * Double.random(in: 0..<1, using: &staticRandom)) / 6_000 / 1.5 * range
                    if length > 0 {
                        bursts.append((start, length))
                        for i in start..<min(count, start + length)
                        where Double.random(in: 0..<1, using: &staticRandom) < BandConditions.impulseShare {
                            inPhase[i] += (Double.random(in: 0..<1, using: &staticRandom) - 0.5) * peak
                        }
                    }
                }
                start += block
            }
        }
        self.bursts = bursts

        var mixed = [Double](repeating: 0, count: count)
        if sigma > 0 || staticLevel > 0 {
            let passes = BandConditions.filterPasses
            let i = Self.movingAverage(inPhase, points: points, passes: passes)
            let q = Self.movingAverage(quadrature, points: points, passes: passes)
            // Back up to the learner's pitch.
            let step = 2 * Double.pi * tone.frequency / rate
            for n in 0..<count { mixed[n] = i[n] * cos(step * Double(n)) - q[n] * sin(step * Double(n)) }
        }

        let depth = Double(conditions.fadingPercent) / 100
        let flutterShare = Double(conditions.flutterPercent) / 100
        func fadeHz() -> Double {
            Double.random(in: 0..<1, using: &fadeRandom) < flutterShare
                ? Double.random(in: BandConditions.flutterHz, using: &fadeRandom)
                : Double.random(in: BandConditions.fadeHz, using: &fadeRandom)
        }

        // The learner's signal, fading.
        let signalHz = depth > 0 ? fadeHz() : nil
        signalFadeHz = signalHz
        let signalFade = signalHz.map { Self.fading(count: count, depth: depth, hz: $0, sampleRate: sampleRate, &fadeRandom) }
        for n in 0..<count { mixed[n] += Double(clean[n]) * (signalFade?[n] ?? 1) }

        // Other stations, through the filter at their offset.
        var stations: [QRMStation] = []
        if conditions.qrmPercent > 0 {
            let strongest = Double(conditions.qrmPercent) / 100
            var arrival = Double.random(in: 0..<2, using: &qrmRandom) * rate
            while Int(arrival) < count {
                let station = Self.station(at: Int(arrival), strongest: strongest, tone: tone, sampleRate: sampleRate, &qrmRandom)
                let fade = depth > 0
                    ? Self.fading(count: count, depth: depth, hz: fadeHz(), sampleRate: sampleRate, &fadeRandom) : nil
                let gain = BandConditions.filterGain(offsetHz: station.offsetHz, sampleRate: sampleRate)
                let pitch = abs(tone.frequency + station.offsetHz)
                let timing = MorseTiming(characterWPM: Double(station.wpm))
                for message in station.messages where message.start < count {
                    let timeline = MorseTimeline(encoding: MorseAlphabet.standard.encode(message.text), timing: timing,
                                                 sampleRate: sampleRate)
                    let voice = MorseToneRenderer(timeline: timeline,
                                                  tone: MorseTone(frequency: pitch, volume: max(0, min(1, tone.volume)),
                                                                  rampMs: min(tone.rampMs, timing.unitMs / 2)))
                    let samples = voice.render(from: 0, count: min(voice.sampleCount, count - message.start))
                    for (k, x) in samples.enumerated() {
                        let n = message.start + k
                        mixed[n] += Double(x) * station.level * gain * (fade?[n] ?? 1)
                    }
                }
                stations.append(station)
                arrival += -log(1 - Double.random(in: 0..<1, using: &qrmRandom)) * BandConditions.qrmMeanArrivalSeconds * rate
            }
        }
        self.stations = stations

        // The receiver's gain is set on the band: the signal and three deviations of the hiss fit
        // in full scale, so the hiss never works the AGC and the SNR is what the setting says; the
        // AGC takes what passes full scale (static, another station on top of the signal).
        let headroom = min(1, Double(Int16.max) / (amplitude * (1 + 3 * Double(conditions.noisePercent) / 100 / 2.0.squareRoot())))
        samples = Self.agc(mixed.map { $0 * headroom }, level: Double(Int16.max) - 1, sampleRate: sampleRate)
    }

    /// Three passes of a moving average, as one kernel (normalised: a steady tone passes whole).
    static func movingAverageKernel(points: Int, passes: Int) -> [Double] {
        var kernel = [1.0]
        for _ in 0..<passes {
            var next = [Double](repeating: 0, count: kernel.count + points - 1)
            for (i, k) in kernel.enumerated() { for j in 0..<points { next[i + j] += k / Double(points) } }
            kernel = next
        }
        return kernel
    }

    /// `signal` through `passes` moving averages of `points` (causal, as the receiver's filter
    /// is), by running sums: the same as the kernel of `movingAverageKernel`, at 3 additions a
    /// sample a pass.
    static func movingAverage(_ signal: [Double], points: Int, passes: Int) -> [Double] {
        var current = signal
        for _ in 0..<passes {
            var next = [Double](repeating: 0, count: current.count)
            var sum = 0.0
            for n in 0..<current.count {
                sum += current[n]
                if n >= points { sum -= current[n - points] }
                next[n] = sum / Double(points)
            }
            current = next
        }
        return current
    }

    static func gaussianPair(_ random: inout SeededRandom) -> (Double, Double) {
        let u1 = (Double(random.next() >> 11) + 0.5) / Double(1 << 53)
        let u2 = Double(random.next() >> 11) / Double(1 << 53)
        let r = (-2 * log(u1)).squareRoot()
        return (r * cos(2 * Double.pi * u2), r * sin(2 * Double.pi * u2))
    }

    /// Morse Runner's QSB (`Qsb.pas`): complex uniform noise on a grid of about 86 Hz, through
    /// three passes of a moving average as wide as the fading's bandwidth asks, its magnitude
    /// normalised to a mean square of about 1 (a Rayleigh fading), interpolated between grid
    /// points; the gain is 1 − depth + depth·magnitude.
    static func fading(count: Int, depth: Double, hz: Double, sampleRate: Int, _ random: inout SeededRandom) -> [Double] {
        let grid = max(1, Int((Double(sampleRate) / (11_025.0 / 128)).rounded()))
        let points = max(1, Int((0.37 * Double(sampleRate) / Double(grid) / hz).rounded(.up)))
        let kernel = movingAverageKernel(points: points, passes: 3)
        let gridCount = count / grid + 2
        // Warm up as Morse Runner does (`for i:=0 to Filt.Points*3 do FGain := NewGain`).
        let warm = kernel.count
        var re = [Double](), im = [Double]()
        for _ in 0..<(gridCount + warm) {
            re.append(Double.random(in: -1...1, using: &random))
            im.append(Double.random(in: -1...1, using: &random))
        }
        let fre = movingAverage(re, points: points, passes: 3), fim = movingAverage(im, points: points, passes: 3)
        let scale = (3 * Double(points)).squareRoot()
        let gains = (0..<gridCount).map { g in
            let m = ((fre[g + warm] * fre[g + warm] + fim[g + warm] * fim[g + warm])).squareRoot() * scale
            return 1 - depth + depth * m
        }
        return (0..<count).map { n in
            let g = n / grid, f = Double(n % grid) / Double(grid)
            return gains[g] * (1 - f) + gains[min(g + 1, gridCount - 1)] * f
        }
    }

    /// A station as `QrmStn.pas` makes one: a call, a pitch, a speed, a level, then its messages
    /// (QRL? once or twice, a long CQ, or QSY to the station on the frequency), and as long as
    /// its patience lasts a long CQ 4 ± 2 s after each one.
    static func station(at start: Int, strongest: Double, tone: MorseTone, sampleRate: Int,
                        _ random: inout SeededRandom) -> QRMStation {
        let call = Callsign.random(using: &random) ?? "F5ABC"
        let other = Callsign.random(using: &random) ?? "F6XYZ"
        let (g, _) = gaussianPair(&random)
        let limit = BandConditions.qrmPitchLimitHz
        var offset = max(-limit, min(limit, g * 0.5 * limit))
        // Never below 100 Hz: the other sideband is heard above zero.
        if tone.frequency + offset < 100 { offset = 100 - tone.frequency }
        let wpm = Int.random(in: BandConditions.qrmWPM, using: &random)
        // `Amplitude := 5000 + 25000 * Random` against a calling station's 9 000 to 45 000.
        let level = strongest * (5_000 + 25_000 * Double.random(in: 0..<1, using: &random)) / 30_000
        let longCQ = "CQ CQ TEST \(call) \(call) TEST"
        let first: String = switch Int.random(in: 0..<7, using: &random) {
        case 0: "QRL?"
        case 1, 2: "QRL?   QRL?"
        case 3, 4, 5: longCQ
        default: "\(other)  QSY QSY"
        }
        let patience = Int.random(in: 1...5, using: &random)
        var messages: [(start: Int, text: String)] = []
        var at = start
        let timing = MorseTiming(characterWPM: Double(wpm))
        for index in 0..<patience {
            let text = index == 0 ? first : longCQ
            messages.append((at, text))
            let length = MorseTimeline(encoding: MorseAlphabet.standard.encode(text), timing: timing, sampleRate: sampleRate).sampleCount
            let (wait, _) = gaussianPair(&random)
            at += length + Int(max(2, min(6, 4 + wait)) * Double(sampleRate))
        }
        return QRMStation(offsetHz: offset, wpm: wpm, level: level, messages: messages)
    }

    /// The receiver's AGC: it only turns the gain down, when the band's peaks pass `level` (full
    /// scale), seeing 5 ms ahead (Morse Runner's attack), holding 15 ms, recovering over
    /// about 100 ms, the gain smoothed over 5 ms so it never clicks.
    static func agc(_ x: [Double], level: Double, sampleRate: Int) -> [Int16] {
        let rate = Double(sampleRate)
        let attack = max(1, Int(0.005 * rate)), hold = Int(0.015 * rate)
        let n = x.count
        // The peak over [i − hold, i + attack], by blocks (exact, as the windows are).
        var peaks = [Double](repeating: 0, count: n)
        let magnitude = x.map(abs)
        var window: [Int] = []  // indices of decreasing magnitude
        var head = 0
        for i in 0..<(n + attack) {
            if i < n {
                while window.count > head, magnitude[window[window.count - 1]] <= magnitude[i] { window.removeLast() }
                window.append(i)
            }
            let centre = i - attack
            guard centre >= 0 else { continue }
            while window[head] < centre - hold { head += 1 }
            peaks[centre] = magnitude[window[head]]
        }
        var gain = [Double](repeating: 1, count: n)
        let recovery = 1 + 1 / (0.1 * rate)
        var last = 1.0
        for i in 0..<n {
            let wanted = peaks[i] > level ? level / peaks[i] : 1
            last = min(wanted, last * recovery, 1)
            gain[i] = last
        }
        // Smoothed over 5 ms centred: every gain in that window is under the one a peak asks,
        // since each peak is in the hold-and-attack window of all of them.
        var out = [Int16](repeating: 0, count: n)
        let half = attack / 2
        var sum = gain[0..<min(n, half)].reduce(0, +)
        var inWindow = min(n, half)
        for i in 0..<n {
            if i + half < n { sum += gain[i + half]; inWindow += 1 }
            if i - half - 1 >= 0 { sum -= gain[i - half - 1]; inWindow -= 1 }
            let g = sum / Double(inWindow)
            out[i] = Int16(max(-32767, min(32767, (x[i] * g).rounded())))
        }
        return out
    }
}
