// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurApp
import Foundation
import Testing
import LecteurCore
import LecteurStorage

/// Real SQLite files in temporary folders.
@Suite struct StorageTests {
    let k = MorseAlphabet.standard.symbol(for: "K")!
    let m = MorseAlphabet.standard.symbol(for: "M")!

    @Test func xdgLocation() {
        #expect(LecteurDatabase.defaultURL(environment: ["XDG_DATA_HOME": "/data/x", "HOME": "/home/u"]).path
                == "/data/x/lecteur/lecteur.sqlite")
        #expect(LecteurDatabase.defaultURL(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/lecteur/lecteur.sqlite")
        // The XDG spec says a relative value is invalid and must be ignored.
        #expect(LecteurDatabase.defaultURL(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"]).path
                == "/home/u/.local/share/lecteur/lecteur.sqlite")
    }

    /// Issue 26: each answer keeps its mode, typed symbol, time, replays, speed and Koch level;
    /// the Koch window is read back by level, the confusions and statistics are counted.
    @Test func answerDetailsGiveTheKochWindowConfusionsAndStatistics() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try LecteurDatabase.open(at: dir.appendingPathComponent("trainer/lecteur.sqlite")).database
        let u = MorseAlphabet.standard.symbol(for: "U")!, v = MorseAlphabet.standard.symbol(for: "V")!
        for n in 0..<25 {
            try db.record(PracticeAttempt(symbolID: k.id, correct: n != 3, answer: n != 3 ? "K" : "M", mode: "koch",
                                          typedID: n != 3 ? k.id : m.id, latencyMs: 500 + 10 * n, replays: n % 2, wpm: 20, kochLevel: 2))
        }
        try db.record(PracticeAttempt(symbolID: k.id, correct: true, answer: "K", mode: "koch", typedID: k.id, latencyMs: 400, kochLevel: 3))
        for _ in 0..<3 { try db.record(PracticeAttempt(symbolID: u.id, correct: false, answer: "V", mode: "symbol", typedID: v.id, latencyMs: 2_000)) }
        try db.record(PracticeAttempt(symbolID: u.id, correct: false, answer: "?!", mode: "symbol"))

        // The latest 20 Koch answers at level 2, oldest first; the level-3 answer is another window.
        let window = try db.kochWindow(level: 2, limit: 20)
        #expect(window.count == 20 && window.allSatisfy(\.correct))
        #expect(window.first?.latencyMs == 550 && window.last?.latencyMs == 740)
        #expect(try db.kochWindow(level: 3, limit: 20) == [RecentAnswer(correct: true, latencyMs: 400)])
        #expect(try db.confusions() == [k.id: [m.id: 1], u.id: [v.id: 3]])

        let stats = try db.statistics()
        #expect(stats.window == 20)
        #expect(stats.confusions.first == PracticeStatistics.Confusion(expectedID: u.id, typedID: v.id, count: 3))
        let kStats = try #require(stats.symbols.first { $0.symbolID == k.id })
        // K's latest 20: the level-3 answer (400 ms) and the 19 last of level 2 (560…740 ms).
        #expect(kStats.attempts == 20 && kStats.correct == 20)
        #expect(kStats.medianLatencyMs == 645)
        let uStats = try #require(stats.symbols.first { $0.symbolID == u.id })
        #expect(uStats.attempts == 4 && uStats.correct == 0 && uStats.medianLatencyMs == 2_000)
        #expect(stats.message(french, alphabet: .standard) == "Statistiques sur les 20 dernières réponses de chaque symbole. "
                + "K : 100 % sur 20 réponses. Temps médian 0,6 seconde. U : 0 % sur 4 réponses. Temps médian 2 secondes. "
                + "Le plus lent : U, 2 secondes. Confusions : U pris pour V (3), K pris pour M (1).")
    }

    @Test func attemptsSurviveReopeningAndStatisticsAreRight() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("nested/lecteur/lecteur.sqlite")
        do {
            let opening = try LecteurDatabase.open(at: url)
            #expect(opening.warnings.isEmpty)
            let db = opening.database
            #expect(try db.progress().isEmpty)
            for correct in [true, true, false] { try db.record(PracticeAttempt(symbolID: k.id, correct: correct, answer: correct ? "K" : "R")) }
            try db.record(PracticeAttempt(symbolID: m.id, correct: false, answer: "O"), at: Date(timeIntervalSince1970: 1_700_000_000))
            try db.close()
        }
        let db = try LecteurDatabase.open(at: url).database
        let progress = try db.progress()
        #expect(progress == [k.id: SymbolProgress(attempts: 3, correct: 2), m.id: SymbolProgress(attempts: 1, correct: 0)])
        #expect(progress[k.id]!.percent == 67)
        #expect(progress[m.id]!.percent == 0)
        #expect(try db.progress(symbolID: "45") == SymbolProgress(attempts: 0, correct: 0))
        let mAttempts = try db.attempts(symbolID: m.id)
        #expect(mAttempts == [StoredAttempt(symbolID: m.id, correct: false, answer: "O", date: Date(timeIntervalSince1970: 1_700_000_000))])
        #expect(try db.attempts().map(\.answer) == ["K", "K", "R", "O"])
    }

    /// What a killed process leaves on disk: the files as they are while the connection is still
    /// open (nothing checkpointed, nothing closed). A copy of them must hold every attempt.
    @Test func committedAttemptsAreOnDiskBeforeTheProcessEnds() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("live/lecteur.sqlite")
        let db = try LecteurDatabase.open(at: url).database
        for i in 0..<25 { try db.record(PracticeAttempt(symbolID: k.id, correct: i % 5 != 0, answer: "K")) }
        try db.setValue("22", forKey: "morse.wpm")
        #expect(FileManager.default.fileExists(atPath: url.path + "-wal"), "WAL mode")

        let copy = dir.appendingPathComponent("copy/lecteur.sqlite")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: url.path + suffix, toPath: copy.path + suffix) }
        let recovered = try LecteurDatabase.open(at: copy)
        #expect(recovered.warnings.isEmpty)
        #expect(try recovered.database.attempts(symbolID: k.id).count == 25)
        // Progress is the recent window: the latest 20 answers, 4 of them wrong (i = 5, 10, 15, 20).
        #expect(try recovered.database.progress()[k.id] == SymbolProgress(attempts: 20, correct: 16))
        #expect(try recovered.database.value(forKey: "morse.wpm") == "22")
        _ = db
    }

    @Test func garbageFileIsSetAsideAndAFreshDatabaseWorks() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("lecteur.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: url)
        let now = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01 00:00:00 UTC
        let opening = try LecteurDatabase.open(at: url, now: now)
        let aside = dir.appendingPathComponent("lecteur.sqlite.corrupt-20260101T000000Z")
        #expect(opening.warnings == [.databaseMovedAside(path: url.path, movedTo: aside.path, reason: .notADatabase)])
        #expect(try Data(contentsOf: aside) == garbage)
        #expect(opening.warnings[0].message(french) == "La base de données « \(url.path) » est inutilisable (ce n'est pas une base SQLite). Elle a été mise de côté sous « \(aside.path) » et une nouvelle base a été créée : la progression Morse repart de zéro.")
        try opening.database.record(PracticeAttempt(symbolID: k.id, correct: true, answer: "K"))
        #expect(try opening.database.progress() == [k.id: SymbolProgress(attempts: 1, correct: 1)])
        try opening.database.close()

        // A second bad file in the same second gets its own name: nothing is overwritten.
        try garbage.write(to: url)
        let again = try LecteurDatabase.open(at: url, now: now)
        let aside2 = dir.appendingPathComponent("lecteur.sqlite.corrupt-20260101T000000Z-2")
        #expect(again.warnings == [.databaseMovedAside(path: url.path, movedTo: aside2.path, reason: .notADatabase)])
        #expect(try Data(contentsOf: aside) == garbage)
        #expect(try Data(contentsOf: aside2) == garbage)
    }

    @Test func damagedPagesAreDetected() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("lecteur.sqlite")
        let db = try LecteurDatabase.open(at: url).database
        for i in 0..<400 { try db.record(PracticeAttempt(symbolID: "S\(i % 40)", correct: i % 3 == 0, answer: String(repeating: "x", count: 40))) }
        try db.close()
        // Keep the valid header, scribble over every page after the first.
        var bytes = try Data(contentsOf: url)
        #expect(bytes.count > 8192)
        for i in 4096..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 131) }
        try bytes.write(to: url)
        let opening = try LecteurDatabase.open(at: url)
        #expect(opening.warnings.count == 1)
        if case .databaseMovedAside(_, let movedTo, let reason)? = opening.warnings.first {
            #expect(reason == .corrupt || reason == .notADatabase, "\(reason)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == bytes)
        }
        #expect(try opening.database.progress().isEmpty)
    }

    /// Issue 17 item 10: only what SQLite reports damaged is set aside; a file it cannot open is
    /// the user's data all the same, left where it is, and the reader goes on without saving.
    @Test func unreadableDatabaseIsLeftInPlace() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("lecteur.sqlite")
        if getuid() == 0 {
            // Root reads any file: a folder where the database should be is unreadable to SQLite.
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        } else {
            try Data("SQLite format 3\0".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        }
        #expect {
            _ = try LecteurDatabase.open(at: url)
        } throws: { error in
            guard case StorageError.databaseUnavailable(_, .unreadable) = error else { return false }
            return true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["lecteur.sqlite"], "nothing renamed")
    }

    @Test func readOnlyDataFolderIsATypedError() throws {
        let dir = try temporaryDirectory()
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        // Root ignores permission bits; the immutable attribute stops root too (ext4, e2fsprogs).
        let asRoot = getuid() == 0
        func run(_ args: [String]) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
            p.arguments = args
            try p.run(); p.waitUntilExit()
            #expect(p.terminationStatus == 0, "chattr \(args)")
        }
        if asRoot { try run(["+i", locked.path]) } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        }
        defer {
            if asRoot { try? run(["-i", locked.path]) }
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
            try? FileManager.default.removeItem(at: dir)
        }
        for url in [locked.appendingPathComponent("lecteur.sqlite"), locked.appendingPathComponent("lecteur/lecteur.sqlite")] {
            #expect {
                try LecteurDatabase.open(at: url)
            } throws: { error in
                guard case StorageError.dataDirectoryUnavailable(_, .readOnly) = error else { return false }
                return (error as! StorageError).message(french).hasPrefix("Impossible d'écrire dans le dossier de données")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)

        // A file standing where the folder should be.
        let file = dir.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        #expect(throws: StorageError.dataDirectoryUnavailable(path: file.path, reason: .notADirectory)) {
            try LecteurDatabase.open(at: file.appendingPathComponent("lecteur.sqlite"))
        }
        #expect(throws: StorageError.self) {
            try LecteurDatabase.open(at: file.appendingPathComponent("a/b/lecteur.sqlite"))
        }
    }

    @Test func keyValueSettings() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("lecteur.sqlite")
        let settings = try MorseSettings(wpm: 24, farnsworthWPM: 12, toneHz: 650, volumePercent: 60, rampMs: 4)
        do {
            let db = try LecteurDatabase.open(at: url).database
            #expect(try db.value(forKey: "speech.rate") == nil)
            try db.setValue("175", forKey: "speech.rate")
            try db.setValue("180", forKey: "speech.rate")
            try db.setValue("fr", forKey: "speech.voice")
            try db.setValue(nil, forKey: "speech.voice")
            try db.setValues(settings.storedValues)
            try db.close()
        }
        let db = try LecteurDatabase.open(at: url).database
        #expect(try db.value(forKey: "speech.rate") == "180")
        #expect(try db.value(forKey: "speech.voice") == nil)
        let all = try db.allValues()
        #expect(MorseSettings.load { all[$0] }.settings == settings)
        // speech.rate and the eleven Morse values (speed, Farnsworth, tone, volume, ramp, noise, QRM,
        // fading, static, flutter, Wordsworth).
        #expect(all.count == 12)
    }
}
