// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore

/// 1 000 words to WAV, and the same text through ebook2cw, timed in the same run.
/// Run with LECTEUR_MORSE_BENCH=1 (it writes ~130 MB to the temporary folder).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LECTEUR_MORSE_BENCH"] == "1"))
struct BenchmarkTests {
    static func thousandWords() -> String {
        var random = SeededRandom(seed: 2026)
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return (0..<1000).map { _ in
            String((0..<Int.random(in: 2...8, using: &random)).map { _ in letters.randomElement(using: &random)! })
        }.joined(separator: " ")
    }

    static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    @Test func thousandWordsAgainstEbook2cw() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.thousandWords()
        let input = dir.appendingPathComponent("text.txt")
        try text.write(to: input, atomically: true, encoding: .utf8)

        let rssBefore = Self.peakRSSKiB()
        let started = Date()
        let result = try MorseRenderer(settings: try MorseSettings(wpm: 20)).writeWAV(text: text, to: dir.appendingPathComponent("ours.wav"))
        let ours = Date().timeIntervalSince(started)
        let rssGrowthKiB = Self.peakRSSKiB() - rssBefore
        let bytes = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("ours.wav").path)[.size] as! Int
        #expect(bytes == 44 + 2 * result.timeline.sampleCount)
        // Streaming: the file is far bigger than what the process grew by.
        #expect(rssGrowthKiB * 1024 < bytes / 4, "peak RSS grew \(rssGrowthKiB) KiB for \(bytes) bytes")

        let ebook = Process()
        ebook.executableURL = URL(fileURLWithPath: "/usr/bin/ebook2cw")
        ebook.arguments = ["-w", "20", "-f", "600", "-s", "22050", "-o", dir.appendingPathComponent("ebook").path, input.path]
        ebook.environment = ["HOME": dir.path]   // it writes a config folder into $HOME
        ebook.currentDirectoryURL = dir
        ebook.standardOutput = FileHandle.nullDevice
        ebook.standardError = FileHandle.nullDevice
        let ebookStarted = Date()
        try ebook.run()
        ebook.waitUntilExit()
        let theirs = Date().timeIntervalSince(ebookStarted)
        #expect(ebook.terminationStatus == 0)
        let produced = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("ebook") }
        #expect(!produced.isEmpty)
        print(String(format: "BENCH 1000 words, %.1f min of Morse at 20 WPM: lecteur WAV %.3f s (%d bytes, peak RSS +%d KiB), ebook2cw %.3f s (%@), ratio ebook2cw/lecteur %.2f",
                     result.durationMs / 60000, ours, bytes, rssGrowthKiB, theirs, produced.joined(separator: ","), theirs / ours))
    }
}
