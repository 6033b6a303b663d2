// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a live Morse test asks of the sound server: that the question's tones were audible.
/// Which character was asked is read from a deterministic source (the `--audio-out` WAV, the
/// brailled pattern, the transcript), never from the live sound: a reader kept off the CPU
/// makes the server play gaps inside the tones (issue 39: a gap in M was heard as M 33 times
/// in 294), and a test that judged the character from them failed for the machine's load.
/// So this measure is tolerant on purpose: the time the tone's pitch sounds, whatever gaps cut
/// it, compared with what the pattern sounds (half to one and a half of it).
enum AudibleTones {
    /// 10 ms at the recording's 22 050 Hz: six periods of the default 600 Hz tone.
    static let window = 220

    /// Seconds of tone at `hz`: the 10 ms windows louder than a whisper whose energy is mostly
    /// at that pitch (Goertzel), so a voice or noise, broadband, does not count.
    static func seconds(atPitch hz: Double, in samples: ArraySlice<Int16>, rate: Int = 22_050) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * hz / Double(rate))
        var tonal = 0
        var start = samples.startIndex
        while start + window <= samples.endIndex {
            var s1 = 0.0, s2 = 0.0, energy = 0.0
            for sample in samples[start..<start + window] {
                let x = Double(sample)
                energy += x * x
                let s0 = x + coefficient * s1 - s2
                s2 = s1
                s1 = s0
            }
            let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
            // A sine of amplitude A over N samples: power (N·A/2)², energy N·A²/2; the share is 1.
            let share = energy > 0 ? power / (Double(window) / 2 * energy) : 0
            let rms = (energy / Double(window)).squareRoot()
            if rms > 200, share >= 0.5 { tonal += 1 }
            start += window
        }
        return Double(tonal * window) / Double(rate)
    }

    static func seconds(atPitch hz: Double, in samples: [Int16], rate: Int = 22_050) -> Double {
        seconds(atPitch: hz, in: samples[...], rate: rate)
    }

    /// The tone time of `patterns` at `wpm` by the book (PARIS): a dit one unit, a dah three.
    static func bookSeconds(_ patterns: [String], wpm: Double) -> Double {
        let units = patterns.joined().reduce(0) { $0 + ($1 == "." ? 1 : $1 == "-" ? 3 : 0) }
        return Double(units) * 1.2 / wpm
    }

    /// Heard enough of the tones to say they were played, and not much more than they last.
    static let tolerance = 0.5...1.5

    static func audible(heard: Double, book: Double) -> Bool {
        book > 0 && tolerance.contains(heard / book)
    }
}
