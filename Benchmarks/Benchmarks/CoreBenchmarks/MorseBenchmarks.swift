// SPDX-License-Identifier: GPL-3.0-or-later
import Benchmark
import Foundation
import LecteurCore

/// 1 000 words of ordinary French text (the same words repeated), for Morse generation.
let thousandWords: String = {
    let words = "le lecteur annonce chaque formation avec son titre son niveau sa durée et son prix puis".split(separator: " ")
    return (0..<1000).map { String(words[$0 % words.count]) }.joined(separator: " ")
}()

func morseBenchmarks() {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let textFile = directory.appendingPathComponent("words.txt")
    try? Data(thousandWords.utf8).write(to: textFile)

    Benchmark("Morse: 1 000 words to WAV (lecteur, 20 WPM, 600 Hz)",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            let url = directory.appendingPathComponent("lecteur.wav")
            blackHole(try MorseRenderer(settings: .default).writeWAV(text: thousandWords, to: url))
        }
    }

    // The reference tool, run on the same text in the same benchmark run: ebook2cw writes MP3
    // (its only formats are MP3 and OGG), so its figure includes encoding.
    Benchmark("Morse: the same 1 000 words through ebook2cw (20 WPM, 600 Hz, MP3)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(60), maxIterations: 3)) { benchmark in
        for _ in benchmark.scaledIterations {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ebook2cw")
            process.arguments = ["-w", "20", "-f", "600", "-o", directory.appendingPathComponent("ebook2cw").path, textFile.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
    }
}
