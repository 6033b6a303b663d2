// SPDX-License-Identifier: GPL-3.0-or-later
extension Sidetone {
    /// A keyer's element and its space as one stretch of sound: the tone's ramps centred on the
    /// element's edges (so at half amplitude it lasts exactly `markMs`), then silence to the end
    /// of the space. Sounded as one piece, a keyer's elements follow each other on the output
    /// (and in an `--audio-out` file) with their spaces exactly as the keyer timed them.
    public static func keyedSamples(markMs: Double, spaceMs: Double, settings: MorseSettings, sampleRate: Int) -> [Int16] {
        let mark = max(1, Int((markMs * Double(sampleRate) / 1000).rounded()))
        let space = max(0, Int((spaceMs * Double(sampleRate) / 1000).rounded()))
        let wanted = Int((settings.rampMs * Double(sampleRate) / 1000).rounded())
        let ramp = max(0, min(wanted, mark / 2, space))
        // Every element starts half a ramp late alike (as `MorseToneRenderer`'s do), so the
        // spaces between them stay exact.
        var samples = MorseToneRenderer.element(length: mark + ramp, sampleRate: sampleRate, tone: settings.tone, rampSamples: ramp)
        samples += [Int16](repeating: 0, count: max(0, mark + space - samples.count))
        return samples
    }

    /// A tone of `durationMs` at the Morse settings' pitch, volume and ramps (no clicks).
    public static func samples(durationMs: Double, settings: MorseSettings, sampleRate: Int) -> [Int16] {
        let length = max(1, Int((durationMs * Double(sampleRate) / 1000).rounded()))
        let ramp = min(length / 2, Int((settings.rampMs * Double(sampleRate) / 1000).rounded()))
        return MorseToneRenderer.element(length: length, sampleRate: sampleRate, tone: settings.tone, rampSamples: ramp)
    }
}
