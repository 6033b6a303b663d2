// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The tests' ear: reads Morse back from samples as a listener would, with no knowledge of what
/// was sent. A tone is any run louder than `threshold` (zero crossings inside it are bridged);
/// a tone under two units is a dit, longer a dah; a silence of two units or more ends a character.
public enum MorseListener {
    public static func patterns(_ samples: [Int16], sampleRate: Int = 22_050, wpm: Int = 20, threshold: Int = 300) -> [String] {
        let unit = Double(sampleRate) * 1.2 / Double(wpm)
        let merged = runs(samples, threshold: threshold, bridgingUnder: unit / 3)
        var characters: [String] = []
        var current = ""
        for run in merged {
            let units = Double(run.length) / unit
            if run.on {
                current += units < 2 ? "." : "-"
            } else if units >= 2, !current.isEmpty {
                characters.append(current)
                current = ""
            }
        }
        if !current.isEmpty { characters.append(current) }
        return characters
    }

    /// The runs of tone (louder than `threshold`) and silence, a silence shorter than
    /// `bridgingUnder` samples after a tone counted as part of it.
    public static func runs(_ samples: [Int16], threshold: Int, bridgingUnder bridge: Double) -> [(on: Bool, length: Int)] {
        var runs: [(on: Bool, length: Int)] = []
        for sample in samples {
            let on = abs(Int(sample)) > threshold
            if let last = runs.last, last.on == on { runs[runs.count - 1].length += 1 } else { runs.append((on, 1)) }
        }
        var merged: [(on: Bool, length: Int)] = []
        for run in runs {
            let bridged = !run.on && Double(run.length) < bridge && merged.last?.on == true
            let on = bridged ? true : run.on
            if let last = merged.last, last.on == on { merged[merged.count - 1].length += run.length } else { merged.append((on, run.length)) }
        }
        return merged
    }
}

/// The strict ear, for one character: it never guesses. Where `patterns` bridges any silence
/// under a third of a unit (a gap the sound server plays inside a dah then reads as two dits),
/// this one bridges only the zero crossings of the tone (under a tenth of a unit) and accepts
/// a tone only as a dit (0.75–1.25 units) or a dah (2.6–3.4 units), a silence inside the
/// character only of 0.75–1.25 units, and exactly one character. Anything else is `unsure`, with
/// what it heard: the caller asks for a replay, it does not pick the nearest character.
/// The reader's tones are exact (each element within 2 % of the book at half amplitude), so the
/// ranges can be this narrow; they must be: with a dit from 0.6 a gap cutting a dah 0.65 unit in
/// left a dit and a dah of 2.43 units (M heard as W), while with these ranges no single gap can
/// split a dah into two elements (a dit and a dah would need 3.35 units, two dits are 2.5 at most).
extension MorseListener {
    public enum Hearing: Equatable, CustomStringConvertible {
        case heard(pattern: String)
        case unsure(String)

        public var description: String {
            switch self {
            case .heard(let pattern): "heard \(pattern)"
            case .unsure(let why): "unsure: \(why)"
            }
        }
    }

    public static let ditUnits = 0.75...1.25
    public static let dahUnits = 2.6...3.4
    public static let innerGapUnits = 0.75...1.25

    public static func character(_ samples: [Int16], sampleRate: Int = 22_050, wpm: Int = 20, threshold: Int = 300) -> Hearing {
        let unit = Double(sampleRate) * 1.2 / Double(wpm)
        // Zero crossings of a 600 Hz tone last well under a millisecond; a tenth of a unit is
        // 6 ms at 20 wpm, far below any gap a listener would hear.
        var merged = runs(samples, threshold: threshold, bridgingUnder: unit / 10)
        while let first = merged.first, !first.on { merged.removeFirst() }
        while let last = merged.last, !last.on { merged.removeLast() }
        guard !merged.isEmpty else { return .unsure("no tone") }
        var pattern = ""
        for run in merged {
            let units = Double(run.length) / unit
            let shown = String(format: "%.2f", units)
            if run.on {
                if ditUnits.contains(units) { pattern += "." }
                else if dahUnits.contains(units) { pattern += "-" }
                else { return .unsure("a tone of \(shown) units after \(pattern.isEmpty ? "nothing" : pattern)") }
            } else if !innerGapUnits.contains(units) {
                return .unsure(units > innerGapUnits.upperBound
                    ? "a silence of \(shown) units after \(pattern): more than one character"
                    : "a silence of \(shown) units inside the character after \(pattern)")
            }
        }
        return .heard(pattern: pattern)
    }
}
