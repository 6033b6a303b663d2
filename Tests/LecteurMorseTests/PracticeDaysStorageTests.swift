// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurStorage

/// The « Progrès » screen's days, read back from a real SQLite file.
@Suite struct PracticeDaysStorageTests {
    @Test func answersAreCountedPerDayWithTheirMedianSpeedAndTime() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try LecteurDatabase.open(at: dir.appendingPathComponent("lecteur.sqlite")).database
        // Noon UTC: the same calendar day in any time zone within eleven hours of it.
        let first = Date(timeIntervalSince1970: 1_795_000_000 - 1_795_000_000.truncatingRemainder(dividingBy: 86_400) + 43_200)
        let second = first.addingTimeInterval(3 * 86_400)
        for n in 0..<10 {
            try db.record(PracticeAttempt(symbolID: "4B", correct: n < 7, answer: "K", mode: "koch", latencyMs: 1_000 + 100 * n,
                                          wpm: n < 6 ? 15 : 18, kochLevel: 2), at: first.addingTimeInterval(Double(n)))
        }
        try db.record(PracticeAttempt(symbolID: "4D", correct: true, answer: "M", mode: "weak", wpm: 20), at: second)
        try db.record(PracticeAttempt(symbolID: "4D", correct: false, answer: "M", mode: "symbol", latencyMs: 800, wpm: 20), at: second)
        // Sending practice is not listening progress.
        try db.record(PracticeAttempt(symbolID: "4D", correct: true, answer: "--", mode: "send", wpm: 12), at: second)
        let days = try db.practiceDays()
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = .current
        #expect(days == [
            PracticeDay(day: formatter.string(from: first), answers: 10, correct: 7, medianWPM: 15, medianLatencyMs: 1_450),
            PracticeDay(day: formatter.string(from: second), answers: 2, correct: 1, medianWPM: 20, medianLatencyMs: 800),
        ])
        #expect(days.map(\.accuracy) == [70, 50])
    }
}
