// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
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

    /// Scored copies count per day next to the answers; a day of copies alone is a day too.
    @Test func copiesAreCountedPerDayWithTheirCharactersRight() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try LecteurDatabase.open(at: dir.appendingPathComponent("lecteur.sqlite")).database
        let first = Date(timeIntervalSince1970: 1_795_000_000 - 1_795_000_000.truncatingRemainder(dividingBy: 86_400) + 43_200)
        let second = first.addingTimeInterval(86_400)
        try db.record(PracticeAttempt(symbolID: "4B", correct: true, answer: "K", mode: "koch", wpm: 20), at: first)
        // Ten characters at 100 %, five at 40 %: 80 % of the characters, not the scores' mean (70).
        try db.record(CopyResult(mode: .groups, round: 1, sent: "KMKMK MKMKM", typed: "KMKMK MKMKM", score: 100, mistakes: []),
                      at: first)
        try db.record(CopyResult(mode: .words, round: 1, sent: "MERCI", typed: "MER", score: 40, mistakes: []),
                      at: first.addingTimeInterval(1))
        try db.record(CopyResult(mode: .qso, round: 1, sent: "CQ CQ", typed: "CQ C", score: 75, mistakes: []), at: second)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = .current
        #expect(try db.practiceDays() == [
            PracticeDay(day: formatter.string(from: first), answers: 1, correct: 1, medianWPM: 20, medianLatencyMs: nil,
                        copies: 2, copyAccuracy: 80),
            PracticeDay(day: formatter.string(from: second), answers: 0, correct: 0, medianWPM: nil, medianLatencyMs: nil,
                        copies: 1, copyAccuracy: 75),
        ])
    }

    /// A database written before copy scores were stored (migrations v1 and v2 only) opens with
    /// its answers kept, and takes copies from then on.
    @Test func anOlderDatabaseKeepsItsAnswersAndTakesCopies() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("lecteur.sqlite")
        do {
            let old = try DatabaseQueue(path: file.path)
            try old.write { db in
                try db.execute(sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1'), ('v2-answer-details');
                    CREATE TABLE morse_attempt (id INTEGER PRIMARY KEY AUTOINCREMENT, symbol_id TEXT NOT NULL,
                        correct BOOLEAN NOT NULL, answer TEXT NOT NULL, created_at DATETIME NOT NULL,
                        mode TEXT NOT NULL DEFAULT '', typed_id TEXT, latency_ms INTEGER, replays INTEGER NOT NULL DEFAULT 0,
                        wpm INTEGER, koch_level INTEGER);
                    CREATE INDEX morse_attempt_on_symbol_id ON morse_attempt(symbol_id);
                    CREATE INDEX morse_attempt_koch ON morse_attempt(mode, koch_level);
                    CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    INSERT INTO morse_attempt (symbol_id, correct, answer, created_at, mode, latency_ms, wpm)
                        VALUES ('4B', 1, 'K', '2026-11-20 12:00:00.000', 'koch', 900, 18);
                    """)
            }
            try old.close()
        }
        let db = try LecteurDatabase.open(at: file).database
        let before = try db.practiceDays()
        #expect(before.count == 1 && before.first?.answers == 1 && before.first?.medianLatencyMs == 900
                && before.first?.copies == 0, "\(before)")
        try db.record(CopyResult(mode: .text, round: 1, sent: "PARIS", typed: "PARIS", score: 100, mistakes: []))
        let after = try db.practiceDays()
        #expect(after.count == 2 && after.last?.copies == 1 && after.last?.copyAccuracy == 100, "\(after)")
    }
}
