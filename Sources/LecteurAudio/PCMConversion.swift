// SPDX-License-Identifier: GPL-3.0-or-later
/// Rate conversion for chunks produced at another rate than the output's (Morse tones generated
/// at 44.1 kHz played beside 22.05 kHz speech). Linear interpolation: the sources are a speech
/// synthesiser and pure tones, for which it is inaudible at these rates.
public enum PCMConversion {
    public static func resample(_ samples: [Int16], from source: Int, to target: Int) -> [Int16] {
        guard source != target, source > 0, target > 0, !samples.isEmpty else { return samples }
        let count = Int((Int64(samples.count) * Int64(target) + Int64(source) - 1) / Int64(source))
        let step = Double(source) / Double(target)
        var out = [Int16]()
        out.reserveCapacity(count)
        for i in 0..<count {
            let position = Double(i) * step
            let index = Int(position)
            let next = min(index + 1, samples.count - 1)
            let fraction = position - Double(index)
            let value = Double(samples[index]) * (1 - fraction) + Double(samples[next]) * fraction
            out.append(Int16(clamping: Int(value.rounded())))
        }
        return out
    }

    /// Whole samples covering `duration` at `rate`.
    public static func sampleCount(_ duration: Duration, rate: Int) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * rate + Int(Double(attoseconds) * 1e-18 * Double(rate))
    }
}
