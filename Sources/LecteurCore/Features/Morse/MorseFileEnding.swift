// SPDX-License-Identifier: GPL-3.0-or-later
extension MorseTimeline {
    /// The silence a Morse file ends with: one word gap (7 units, or the Farnsworth or Wordsworth word gap).
    /// The timeline stops at the last tone, which is right for live playback, but a file that
    /// stops there cuts the decoders and players that wait for the gap before they commit the
    /// last character (multimon-ng dropped the final « 3 » of « 73 »).
    public var trailingSilenceSamples: Int {
        let perMs = Double(sampleRate) / 1000
        let wordGap = timing.stretchesWordGaps ? timing.wordGapMs * perMs
                                            : 7 * timing.samplesPerUnit(sampleRate: sampleRate)
        return Int(wordGap.rounded())
    }
}
