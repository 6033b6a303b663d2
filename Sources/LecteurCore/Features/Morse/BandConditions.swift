// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Band conditions for copy practice, as Morse Runner simulates them: noise (QRN), a second,
/// weaker station at another pitch (QRM) and fading (QSB). Copying through them is what a real
/// contact asks of the ear; a clean sine never does.
///
/// The levels are settings (`régler bruit|brouillage|fading`); the conditions only reach the
/// sound with a `seed`, which copy practice gives each sending (`onTheAir`): every other Morse
/// (a question, `morse SOS`, a correction) stays clean, and a sending sounds the same in the
/// live output and in `--audio-out`, both rendered by `MorseToneRenderer`.
public struct BandConditions: Hashable, Sendable {
    /// QRN: the noise's RMS in percent of the signal's (0: none, 100: as loud as the signal).
    public var noisePercent: Int
    /// QRM: the other station's amplitude in percent of the signal's (0: none); always weaker.
    public var qrmPercent: Int
    /// QSB: how deep the signal fades, in percent (0: steady, 90: down to a tenth).
    public var fadingPercent: Int
    /// Noise, the other station's text and the fading's phase are drawn from it; nil: off the air.
    public var seed: UInt64?

    public static let clear = BandConditions(noisePercent: 0, qrmPercent: 0, fadingPercent: 0)

    public static let noiseRange = 0...100
    /// The other station stays weaker than the one to copy, or nothing says which one to copy.
    public static let qrmRange = 0...80
    /// Fading never takes the signal away altogether: a copy needs something to copy.
    public static let fadingRange = 0...90
    /// The other station sits this far above the signal (below it when that passes the tone range).
    public static let qrmOffsetHz = 350
    /// One fade, from full strength down and back: slow enough to hear several characters fade.
    public static let fadingPeriodSeconds = 4.0

    public init(noisePercent: Int = 0, qrmPercent: Int = 0, fadingPercent: Int = 0, seed: UInt64? = nil) {
        self.noisePercent = noisePercent
        self.qrmPercent = qrmPercent
        self.fadingPercent = fadingPercent
        self.seed = seed
    }

    /// Nothing to add: the signal alone.
    public var isClear: Bool { noisePercent == 0 && qrmPercent == 0 && fadingPercent == 0 }

    /// The same conditions on the air: a seeded sending (levels unchanged).
    public func onTheAir(seed: UInt64) -> BandConditions {
        var aired = self
        aired.seed = seed
        return aired
    }

    /// The other station's pitch for a signal at `toneHz`.
    public static func qrmHz(toneHz: Int) -> Int {
        toneHz + qrmOffsetHz <= MorseSettings.toneRange.upperBound ? toneHz + qrmOffsetHz : toneHz - qrmOffsetHz
    }
}

/// The band added to a rendered signal: random-access (each sample's noise is a hash of its
/// index), so chunks rendered one after the other give the same sound as the whole at once.
struct BandMix: Sendable {
    let conditions: BandConditions
    let seed: UInt64
    let sampleRate: Int
    /// The noise's standard deviation, in sample units.
    let noiseSigma: Double
    /// The other station, already at its level (empty: none).
    let interference: [MorseToneRenderer]
    let fadePhase: Double
    /// Everything is scaled by this so the sum of signal, station and noise peaks stays in range.
    let headroom: Double

    init?(conditions: BandConditions, main timeline: MorseTimeline, tone: MorseTone) {
        guard let seed = conditions.seed, !conditions.isClear else { return nil }
        self.conditions = conditions
        self.seed = seed
        sampleRate = timeline.sampleRate
        let amplitude = max(0, min(1, tone.volume)) * Double(Int16.max)
        // Percent of the signal's RMS, which for a sine is its amplitude over √2.
        noiseSigma = Double(conditions.noisePercent) / 100 * amplitude / 2.0.squareRoot()
        var random = SeededRandom(seed: seed ^ 0x5152_4D00)
        fadePhase = Double.random(in: 0..<(2 * Double.pi), using: &random)
        var interference: [MorseToneRenderer] = []
        if conditions.qrmPercent > 0 {
            interference.append(Self.otherStation(covering: timeline, tone: tone, level: Double(conditions.qrmPercent) / 100,
                                                  random: &random))
        }
        self.interference = interference
        let peak = amplitude * (1 + Double(conditions.qrmPercent) / 100) + 3 * noiseSigma
        headroom = min(1, Double(Int16.max) / max(peak, 1))
    }

    /// Random letters at four fifths of the speed, so the two stations never keep in step, long
    /// enough to cover the whole sending.
    private static func otherStation(covering timeline: MorseTimeline, tone: MorseTone, level: Double,
                                     random: inout SeededRandom) -> MorseToneRenderer {
        let alphabet = MorseAlphabet.standard
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789").compactMap { alphabet.symbol(for: $0) }
        let wpm = max(Double(MorseSettings.wpmRange.lowerBound), timeline.timing.characterWPM * 4 / 5)
        let timing = MorseTiming(characterWPM: wpm)
        let needed = timeline.sampleCount + Int(tone.rampMs * Double(timeline.sampleRate) / 1000) + 1
        var words: [[MorseSymbol]] = []
        var other = MorseTimeline(words: words, timing: timing, sampleRate: timeline.sampleRate)
        while other.sampleCount < needed {
            for _ in 0..<4 {
                words.append((0..<Int.random(in: 3...5, using: &random)).map { _ in letters.randomElement(using: &random)! })
            }
            other = MorseTimeline(words: words, timing: timing, sampleRate: timeline.sampleRate)
        }
        let toneHz = BandConditions.qrmHz(toneHz: Int(tone.frequency.rounded()))
        let otherTone = MorseTone(frequency: Double(toneHz), volume: max(0, min(1, tone.volume)) * level,
                                  rampMs: min(tone.rampMs, timing.unitMs / 2))
        return MorseToneRenderer(timeline: other, tone: otherTone)
    }

    /// The fading's gain at `sample`: a raised cosine between 1 and 1 − depth.
    func fade(_ sample: Int) -> Double {
        let depth = Double(conditions.fadingPercent) / 100
        guard depth > 0 else { return 1 }
        let t = Double(sample) / Double(sampleRate)
        return 1 - depth * (0.5 - 0.5 * cos(2 * Double.pi * t / BandConditions.fadingPeriodSeconds + fadePhase))
    }

    /// Gaussian noise (Box–Muller over two hashed uniforms), cut at four deviations.
    func noise(_ sample: Int) -> Double {
        guard noiseSigma > 0 else { return 0 }
        var random = SeededRandom(seed: seed ^ (UInt64(truncatingIfNegative: sample) &* 0xD1B5_4A32_D192_ED03))
        let u1 = (Double(random.next() >> 11) + 0.5) / Double(1 << 53)
        let u2 = Double(random.next() >> 11) / Double(1 << 53)
        let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return max(-4, min(4, z)) * noiseSigma
    }

    /// Adds the band to `buffer`, which holds the signal's samples from `start`.
    func apply(from start: Int, to buffer: UnsafeMutableBufferPointer<Int16>) {
        let other = interference.first.map { $0.render(from: start, count: buffer.count) } ?? []
        for i in 0..<buffer.count {
            var x = Double(buffer[i]) * fade(start + i)
            if i < other.count { x += Double(other[i]) }
            x += noise(start + i)
            buffer[i] = Int16(max(-32767, min(32767, (x * headroom).rounded())))
        }
    }
}

private extension UInt64 {
    init(truncatingIfNegative value: Int) { self = UInt64(bitPattern: Int64(value)) }
}
