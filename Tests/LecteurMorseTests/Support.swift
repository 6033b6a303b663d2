// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales

let french = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)
let english = Strings(localeCode: "en", table: LocaleResources.table(locale: "en")!)

/// A run of equal-kind samples read back from audio: tone (non-zero) or silence (exact zeros).
struct Run: Equatable, CustomStringConvertible {
    let tone: Bool
    let length: Int
    var description: String { "\(tone ? "tone" : "gap")(\(length))" }
}

/// Splits PCM into runs of non-zero and zero samples: the renderer promises digital silence in
/// gaps and no zero inside an element, so this reads element boundaries to the sample.
func runs(_ samples: [Int16]) -> [Run] {
    var result: [Run] = []
    var start = 0
    for i in 1...samples.count {
        if i == samples.count || (samples[i] != 0) != (samples[start] != 0) {
            result.append(Run(tone: samples[start] != 0, length: i - start))
            start = i
        }
    }
    return result
}

/// The runs a text should give, built from the patterns and unit lengths given in samples,
/// independently of the timeline code.
func expectedRuns(_ words: [String], unit: Int, characterGap: Int, wordGap: Int) -> [Run] {
    var result: [Run] = []
    for (w, word) in words.enumerated() {
        if w > 0 { result.append(Run(tone: false, length: wordGap)) }
        for (c, pattern) in word.split(separator: " ").enumerated() {
            if c > 0 { result.append(Run(tone: false, length: characterGap)) }
            for (e, mark) in pattern.enumerated() {
                if e > 0 { result.append(Run(tone: false, length: unit)) }
                result.append(Run(tone: true, length: mark == "." ? unit : 3 * unit))
            }
        }
    }
    return result
}

/// The same runs as sounded: ramps are centred on the edges, so every element is non-zero for
/// its length plus one ramp and every silence is one ramp shorter (the default 5 ms ramp is 110
/// samples at 22 050 Hz).
func sounded(_ runs: [Run], ramp: Int = 110) -> [Run] {
    runs.map { Run(tone: $0.tone, length: $0.length + ($0.tone ? ramp : -ramp)) }
}

func temporaryDirectory(_ name: String = #function) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("lecteur-morse-tests-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
