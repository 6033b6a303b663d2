// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 49: the real binary, under `strace`, opens each locale file at most once, and only the
/// interface language's: the reader's start and quit, `say` and `morse`. Before, every French
/// file was opened four times at the reader's start and both languages were decoded whatever
/// the command.
@Suite(.requires(.strace)) struct LocaleOpensTests {
    /// Every path the process (and its threads and children) opened or tried to open.
    static func openedPaths(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws
        -> (paths: [String], output: LecteurProcess.Output) {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-opens-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: trace) }
        let strace = URL(fileURLWithPath: Probe.path(of: "strace")!)
        let output = try LecteurProcess.execute(
            strace, ["-f", "-qq", "-e", "trace=open,openat,openat2", "-o", trace.path, LecteurProcess.binary.path] + arguments,
            input: input, environment: LecteurProcess.childEnvironment(environment), timeout: 120)
        let text = try String(contentsOf: trace, encoding: .utf8)
        // `openat(AT_FDCWD, "/…/Locales/fr/reader.json", O_RDONLY|O_CLOEXEC) = 3`
        let paths = text.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("open"), let start = line.firstIndex(of: "\"") else { return nil }
            let rest = line[line.index(after: start)...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end])
        }
        return (paths, output)
    }

    /// The opens under a locale folder (`…/Locales/fr/…`, or `…/locales/en/…` installed), by path,
    /// the folders' own listing included.
    static func localeOpens(_ paths: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for path in paths {
            let parts = path.split(separator: "/").map(String.init)
            guard let i = parts.lastIndex(where: { $0 == "Locales" || $0 == "locales" }), i + 1 < parts.count,
                  ["fr", "en"].contains(parts[i + 1]) else { continue }
            counts[parts[i...].joined(separator: "/"), default: 0] += 1
        }
        return counts
    }

    func check(_ arguments: [String], input: String = "", environment: [String: String] = [:],
               language: String, other: String, mustOpen: String) throws {
        let (paths, output) = try Self.openedPaths(arguments, input: input, environment: environment)
        #expect(output.status == 0, "\(arguments): \(output.stderr)")
        let opens = Self.localeOpens(paths)
        // The trace saw the locale files at all: the interface's strings were read from them.
        #expect(opens["Locales/\(language)/\(mustOpen)"] == 1 || opens["locales/\(language)/\(mustOpen)"] == 1,
                "\(arguments): \(mustOpen) not opened once: \(opens.sorted { $0.key < $1.key })")
        let again = opens.filter { $0.value > 1 }.sorted { $0.key < $1.key }
        #expect(again.isEmpty, "\(arguments): opened more than once: \(again)")
        let otherLanguage = opens.keys.filter { $0.contains("ocales/\(other)") }.sorted()
        #expect(otherLanguage.isEmpty, "\(arguments): the other language's files were opened: \(otherLanguage)")
        // `say` and `morse` record nothing: in this fresh home (no database yet) none is opened or
        // created for them (OneShotDatabaseTests: an existing one is read for old settings).
        if ["say", "morse"].contains(arguments.first) {
            let databases = paths.filter { $0.contains(".sqlite") }
            #expect(databases.isEmpty, "\(arguments): opened \(databases)")
        }
    }

    @Test func theReadersStartAndQuit() throws {
        try check(["--speech", "off", "--braille", "off", "--transcript", "none"], input: "quitter\n",
                  language: "fr", other: "en", mustOpen: "reader.json")
    }

    @Test func sayToAFile() throws {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-opens-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        try check(["say", "--output", wav.path, "Bonjour, voici Lecteur."], language: "fr", other: "en", mustOpen: "cli-help.json")
        try check(["say", "--output", wav.path, "Hello, this is Lecteur."], environment: ["LANG": "en_GB.UTF-8"],
                  language: "en", other: "fr", mustOpen: "cli-help.json")
    }

    @Test func morseToAFile() throws {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-opens-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        try check(["morse", "--output", wav.path, "CQ DE F4ABC"], language: "fr", other: "en", mustOpen: "cli-help.json")
    }
}

/// Issue 49, item 2: `say` and `morse` record nothing, so they neither create nor open the
/// practice database at start (checking and migrating SQLite was a good part of their start);
/// a setting an earlier version kept in an existing database is still read.
@Suite struct OneShotDatabaseTests {
    func wavBytes(_ arguments: [String], _ home: ReaderHome) throws -> Int {
        let wav = home.root.appendingPathComponent("out-\(UUID().uuidString).wav")
        let out = try LecteurProcess.run(arguments + ["--output", wav.path], environment: home.environment, timeout: 60)
        #expect(out.status == 0, "\(arguments): \(out.stderr)")
        return try Data(contentsOf: wav).count
    }

    @Test func sayAndMorseCreateNoDatabase() throws {
        let home = ReaderHome()
        defer { home.remove() }
        #expect(try wavBytes(["morse", "E"], home) > 44)
        #expect(try wavBytes(["say", "bonjour"], home) > 44)
        #expect(!FileManager.default.fileExists(atPath: home.database.path), "a one-shot command created the database")
    }

    @Test func anEarlierVersionsSettingInTheDatabaseIsStillRead() throws {
        let home = ReaderHome()
        defer { home.remove() }
        // The reader creates the database; an earlier version kept the speed there.
        _ = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "none"], input: "quitter\n",
                                   environment: home.environment)
        #expect(FileManager.default.fileExists(atPath: home.database.path))
        let usual = try wavBytes(["morse", "PARIS"], home)
        let insert = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/env"),
                                                ["sqlite3", home.database.path,
                                                 "insert or replace into setting(key, value) values ('morse.wpm', '5')"],
                                                input: "", timeout: 20)
        try #require(insert.status == 0, "\(insert.stderr)")
        let slow = try wavBytes(["morse", "PARIS"], home)
        // At 5 words per minute instead of the default 20, the same word lasts about four times as long.
        #expect(slow > 3 * usual, "\(slow) bytes at 5 WPM against \(usual) at the default")
    }
}
