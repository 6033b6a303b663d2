// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The band's signal-to-noise ratio in the receiver's filter, in dB, at 22 050 Hz: the band's
/// power in the 5 ms windows at least 5 ms clear of any element is the noise's; in the windows
/// wholly inside an element, the signal's and the noise's add. (A projection on the clean signal
/// would not do: the hiss is narrow, much like a 600 Hz sine over 5 ms, and a projection counts a
/// quarter of it as signal.) One measure for the model's tests and the WAV's, so they cannot
/// measure two different things.
public func bandSNRDecibels<C: Collection, N: Collection>(clean: C, noisy: N) -> Double
where C.Element == Int16, N.Element == Int16 {
    let c = Array(clean), y = Array(noisy)
    var signal = 0.0, signals = 0, noise = 0.0, noises = 0
    for start in stride(from: 110, to: c.count - 220, by: 110) {
        let range = start..<(start + 110)
        if c[range].allSatisfy({ $0 != 0 }) {
            signal += range.map { Double(y[$0]) * Double(y[$0]) }.reduce(0, +)
            signals += 110
        } else if c[(start - 110)..<(start + 220)].allSatisfy({ $0 == 0 }) {
            noise += range.map { Double(y[$0]) * Double(y[$0]) }.reduce(0, +)
            noises += 110
        }
    }
    let noisePower = noise / Double(noises)
    return 10 * log10((signal / Double(signals) - noisePower) / noisePower)
}
