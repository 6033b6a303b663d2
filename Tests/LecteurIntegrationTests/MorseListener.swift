import Foundation
import LecteurCore

/// The tests' ear: reads Morse back from samples as a listener would, with no knowledge of what
/// was sent. A tone is any run louder than `threshold` (zero crossings inside it are bridged);
/// a tone under two units is a dit, longer a dah; a silence of two units or more ends a character.
enum MorseListener {
    static func patterns(_ samples: [Int16], sampleRate: Int = 22_050, wpm: Int = 20, threshold: Int = 300) -> [String] {
        let unit = Double(sampleRate) * 1.2 / Double(wpm)
        var runs: [(on: Bool, length: Int)] = []
        for sample in samples {
            let on = abs(Int(sample)) > threshold
            if let last = runs.last, last.on == on { runs[runs.count - 1].length += 1 } else { runs.append((on, 1)) }
        }
        var merged: [(on: Bool, length: Int)] = []
        for run in runs {
            let bridged = !run.on && Double(run.length) < unit / 3 && merged.last?.on == true
            let on = bridged ? true : run.on
            if let last = merged.last, last.on == on { merged[merged.count - 1].length += run.length } else { merged.append((on, run.length)) }
        }
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
}
