// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 17 through the real binary: hostile fields, output paths and stored settings.
@Suite(.serialized) struct HardeningTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    func messages(_ out: LecteurProcess.Output, _ type: String) -> [String] {
        out.events(type).map { $0["message"] as? String ?? "" }
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-hard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func catalogue(_ records: [[String: Any]], in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("catalogue.json")
        try JSONSerialization.data(withJSONObject: records).write(to: url)
        return url.path
    }

    // MARK: 1. Long fields

    /// A title of 400 000 characters and a category of 300 000 took minutes (quadratic braille
    /// mapping); now they are cut at the documented limit with a warning, and every step is quick.
    @Test(arguments: [["--braille", "off", "--transcript", "none"], ["--braille", "off", "--transcript", "jsonl"]])
    func aHugeTitleAndCategoryAreCutWithAWarningAndNavigationStaysQuick(_ options: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let title = String(repeating: "mot ", count: 100_000) + "fin"
        let path = try catalogue([
            ["id": 1, "title": title, "duration": "1 jour", "level": "Débutant", "price": 10,
             "category": String(repeating: "C", count: 300_000)],
            ["id": 2, "title": "Court", "duration": "1 jour", "level": "Débutant", "price": 10],
        ], in: folder)
        let start = Date()
        let out = try LecteurProcess.run(["--catalog", path, "--speech", "off"] + options,
                                         input: "suivant\nsuivant\nsuivant\nsuivant\nactiver\nrépéter\nquitter\n", timeout: 60)
        let elapsed = Date().timeIntervalSince(start)
        #expect(out.status == 0)
        #expect(elapsed < 20, "took \(elapsed) s")
        guard options.contains("jsonl") else { return }
        let notices = messages(out, "notice")
        #expect(notices.contains("Enregistrement n° 1 du fichier : le champ « titre » fait 400003 caractères ; il est coupé à 5000 (fin marquée « … »)."))
        #expect(notices.contains("Enregistrement n° 1 du fichier : le champ « catégorie » fait 300000 caractères ; il est coupé à 5000 (fin marquée « … »)."))
        let labels = out.events("focus").compactMap { $0["label"] as? String }
        let long = try #require(labels.first { $0.hasPrefix("mot mot") })
        #expect(long.contains("…") && long.count < 5_100, "label of \(long.count) characters")
    }

    // MARK: 2. Output paths

    /// `lecteur morse --output` to a FIFO: the reader on the other end gets the WAV and the FIFO stays a FIFO.
    @Test func morseOutputWritesThroughAFIFO() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.wav").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try ChildReader(fifo)
        let out = try LecteurProcess.run(["morse", "SOS", "--output", fifo], timeout: 30)
        #expect(out.status == 0, "\(out.stderr)")
        let bytes = try reader.finish()
        #expect(bytes.count > 44 && String(decoding: bytes.prefix(4), as: UTF8.self) == "RIFF")
        #expect(fileType(fifo) == S_IFIFO, "the FIFO is still a FIFO")
    }

    @Test func morseOutputFollowsASymlinkAndKeepsIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.wav").path
        let link = folder.appendingPathComponent("link.wav").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let out = try LecteurProcess.run(["morse", "E", "--output", link], timeout: 30)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(fileType(link) == S_IFLNK, "the link is still a link")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        let written = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(written.count > 44 && String(decoding: written.prefix(4), as: UTF8.self) == "RIFF")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.wav", "target.wav"],
                "no temporary file left behind")
    }

    @Test func morseOutputToADeviceLeavesTheDevice() throws {
        let out = try LecteurProcess.run(["morse", "E", "--output", "/dev/null"], timeout: 30)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(fileType("/dev/null") == S_IFCHR, "/dev/null is still a character device")
    }

    @Test func aRegularFileIsReplacedWholeAndKeepsItsMode() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.wav").path
        try Data("ancien".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        let out = try LecteurProcess.run(["morse", "E", "--output", path], timeout: 30)
        #expect(out.status == 0, "\(out.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(String(decoding: written.prefix(4), as: UTF8.self) == "RIFF")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["old.wav"])
    }

    @Test func aFolderAsOutputIsRefusedInFrenchNamingIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let morse = try LecteurProcess.run(["morse", "E", "--output", folder.path], timeout: 30)
        #expect(morse.status != 0)
        #expect(morse.stderr.contains("Impossible d'écrire dans «\u{202F}\(folder.path)\u{202F}»\u{202F}: c'est un dossier."))
        #expect(!morse.stderr.contains("base de données"))
        let say = try LecteurProcess.run(["say", "bonjour", "--output", folder.path], timeout: 30)
        #expect(say.status != 0)
        #expect(say.stderr.contains("Impossible d'écrire dans «\u{202F}\(folder.path)\u{202F}»\u{202F}: c'est un dossier."))
        let reader = try LecteurProcess.run(quiet + ["--audio-out", folder.path], input: "quitter\n", timeout: 30)
        #expect(reader.status != 0)
        #expect((reader.stdout + reader.stderr).contains("Impossible d'écrire dans «\u{202F}\(folder.path)\u{202F}»\u{202F}: c'est un dossier."))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func missingFolderIsSaidInFrench() throws {
        let out = try LecteurProcess.run(["morse", "E", "--output", "/nonexistent-lecteur/x.wav"], timeout: 30)
        #expect(out.status != 0)
        #expect(out.stderr.contains("Impossible d'écrire le fichier «\u{202F}/nonexistent-lecteur/x.wav\u{202F}»\u{202F}: le dossier n'existe pas."))
    }

    /// The reader's `--audio-out` to a FIFO and to a symlink: written through, neither replaced.
    @Test func audioOutWritesThroughAFIFOAndASymlink() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.wav").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try ChildReader(fifo)
        let out = try LecteurProcess.run(quiet + ["--audio-out", fifo], input: "morse E\nquitter\n", timeout: 30)
        #expect(out.status == 0, "\(out.stderr)")
        let bytes = try reader.finish()
        #expect(bytes.count > 44 && String(decoding: bytes.prefix(4), as: UTF8.self) == "RIFF")
        #expect(fileType(fifo) == S_IFIFO)

        let target = folder.appendingPathComponent("target.wav").path
        let link = folder.appendingPathComponent("link.wav").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let again = try LecteurProcess.run(quiet + ["--audio-out", link], input: "morse E\nquitter\n", timeout: 30)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(fileType(link) == S_IFLNK)
        let wav = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(wav.count > 1000 && String(decoding: wav.prefix(4), as: UTF8.self) == "RIFF")
    }

    // MARK: 3. Voices

    @Test func voicesThatEspeakDoesNotListAreRefusedAndNeverSaved() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let audio = home.root.appendingPathComponent("a.wav").path
        let hostile = [".", "..", "!v/m1", "/etc/passwd", "../../fr", "fr+../../x", "fr+"]
        let input = hostile.map { "set voix \($0)\n" }.joined() + "set voix en\nquitter\n"
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "on", "--braille", "off", "--audio-out", audio],
                                         input: input, environment: home.environment, timeout: 60)
        #expect(out.status == 0, "\(out.stderr)")
        let errors = messages(out, "error")
        for voice in hostile {
            #expect(errors.contains("La voix « \(voice) » n'existe pas. Voix utilisée : fr."), "\(voice)")
        }
        #expect(messages(out, "notice").contains("Voix : en."))
        #expect(!out.stderr.contains("root:"), "espeak-ng never read a file named by the voice")
        // Settings are saved in the configuration file (issue 15): only the voice espeak-ng listed.
        let saved = try String(contentsOf: home.root.appendingPathComponent("config/lecteur/lecteur.toml"), encoding: .utf8)
        #expect(saved.contains("voice = 'en'"), "\(saved)")
        for voice in hostile { #expect(!saved.contains("'\(voice)'"), "\(voice)") }
    }

    /// A voice stored by an older version (or by hand) that espeak-ng does not list: the next
    /// start says so once and speaks with the default voice instead of crashing in libespeak-ng.
    @Test(arguments: [".", "..", "!v/m1", "/etc/passwd"])
    func aStoredVoiceThatIsNoLongerValidIsIgnoredAtStart(_ voice: String) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let audio = home.root.appendingPathComponent("a.wav").path
        _ = try LecteurProcess.run(quiet, input: "set vitesse 20\n", environment: home.environment)
        let json = "{\"volume\":100,\"voice\":\"\(voice)\",\"rate\":175,\"pitch\":50}"
        _ = try sqlite(home.database.path, "insert or replace into setting(key, value) values ('speech.settings', '\(json)')")
        for _ in 0..<2 {
            let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "on", "--braille", "off", "--audio-out", audio],
                                             input: "suivant\nquitter\n", environment: home.environment, timeout: 60)
            #expect(out.status == 0, "exit \(out.status): \(out.stderr)")
            #expect(messages(out, "notice").filter { $0.contains("n'existe pas") } == ["La voix « \(voice) » n'existe pas. Voix utilisée : fr."])
            #expect(!out.stderr.contains("root:"))
            let wav = try Data(contentsOf: URL(fileURLWithPath: audio))
            #expect(wav.count > 10_000, "the default voice spoke")
        }
        let say = try LecteurProcess.run(["say", "bonjour", "--output", audio], environment: home.environment, timeout: 60)
        #expect(say.status == 0, "\(say.stderr)")
        #expect(say.stderr.contains("La voix «\u{202F}\(voice)\u{202F}» n'existe pas. Voix utilisée\u{202F}: fr."))
    }

    // MARK: 6. Credentials

    /// `audit --catalog URL` printed the password and the token to stderr (CI logs); every
    /// subcommand's messages now quote an address redacted.
    @Test func noSubcommandPrintsCredentials() throws {
        let secretURL = "http://alice:s3cret@127.0.0.1:9/api?token=abc123"
        let runs: [[String]] = [
            ["audit", "--catalog", secretURL],
            ["audit", "--catalog", secretURL, "--format", "junit"],
            ["--catalog", "ftp://alice:s3cret@127.0.0.1/x?token=abc123"] + quiet,
            ["--catalog", secretURL, "--timeout", "1"] + quiet,
            ["morse", "E", "--output", secretURL],
            ["say", "E", "--output", secretURL],
            ["--audio-out", secretURL] + quiet,
        ]
        // The runs at once (issue 51): each mostly waits out its own retries' back-off against a
        // port where nothing listens (21.6 s one after the other in fresh-clone run 5). They are
        // separate processes; the home they share is only written by rename (history, settings).
        final class Outputs: @unchecked Sendable {
            let lock = NSLock()
            var byIndex: [Int: Result<LecteurProcess.Output, any Error>] = [:]
        }
        let outputs = Outputs()
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            let out = Result { try LecteurProcess.run(runs[index], input: "quitter\n", timeout: 60) }
            outputs.lock.lock()
            outputs.byIndex[index] = out
            outputs.lock.unlock()
        }
        for (index, arguments) in runs.enumerated() {
            let out = try #require(outputs.byIndex[index]).get()
            for secret in ["s3cret", "abc123", "alice"] {
                #expect(!out.stdout.contains(secret) && !out.stderr.contains(secret), "\(arguments.first!) \(arguments[1])")
            }
        }
    }

    @Test func credentialsComeFromTheEnvironmentOrANetrcFile() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let server = try HostileHTTPServer.start()
        let url = "http://127.0.0.1:\(server.port)/auth"
        let refused = try LecteurProcess.run(quiet + ["--catalog", url], environment: home.environment)
        #expect(messages(refused, "error").last == "Accès non autorisé (code: 401). Vérifiez vos identifiants.")
        var env = home.environment
        env["LECTEUR_API_TOKEN"] = "t0k3n"
        let token = try LecteurProcess.run(quiet + ["--catalog", url], environment: env)
        #expect(messages(token, "notice").contains("2 formations chargées."))
        #expect(!token.stdout.contains("t0k3n") && !token.stderr.contains("t0k3n"))
        let netrc = home.root.appendingPathComponent("netrc")
        try Data("machine 127.0.0.1\nlogin alice\npassword s3cret\n".utf8).write(to: netrc)
        env = home.environment
        env["LECTEUR_NETRC"] = netrc.path
        let file = try LecteurProcess.run(quiet + ["--catalog", url], environment: env)
        #expect(messages(file, "notice").contains("2 formations chargées."))
    }

    // MARK: 7. Characters no output may carry

    static let invisibleValues: [UInt32] = [0xFFFE, 0xFFFF, 0xFDD0, 0x061C, 0x115F, 0x1160, 0x3164, 0xFFA0, 0xE0041, 0xE007F,
                                            0x180E, 0x00AD, 0x034F, 0xFFF9, 0x1FFFE]
    static let invisible = String(String.UnicodeScalarView(invisibleValues.compactMap(Unicode.Scalar.init)))
    static let fffe = String(Unicode.Scalar(0xFFFE)!)

    func hostileCatalogue(in folder: URL) throws -> String {
        try catalogue([
            ["id": 1, "title": "Ti\(Self.invisible)tre", "duration": "1 jour", "level": "Débu\u{00AD}tant", "price": 10,
             "category": ["name": "Caté\u{3164}gorie" + Self.fffe, "slug": "a\u{E0020}"]],
        ], in: folder)
    }

    @Test func invisibleAndNonCharactersReachNoOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try hostileCatalogue(in: folder)
        let out = try LecteurProcess.run(quiet + ["--catalog", path], input: "suivant\nsuivant\nsuivant\nactiver\nquitter\n")
        #expect(out.status == 0)
        let labels = out.events("focus").compactMap { $0["label"] as? String }
        #expect(labels.contains { $0.hasPrefix("Titre") }, "\(labels)")
        #expect(labels.contains { $0.hasPrefix("Catégorie") })
        let forbidden = Set(Self.invisibleValues)
        for (name, text) in [("stdout", out.stdout), ("stderr", out.stderr)] {
            #expect(!text.unicodeScalars.contains { forbidden.contains($0.value) }, "\(name) carries an invisible character")
        }
    }

    /// U+FFFE made the JUnit report ill-formed; every XML and HTML report must parse.
    @Test(arguments: ["junit", "html"])
    func auditReportsStayWellFormed(_ format: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try hostileCatalogue(in: folder)
        let report = folder.appendingPathComponent("report.\(format)").path
        let out = try LecteurProcess.run(["audit", "--catalog", path, "--format", format, "--output", report], timeout: 120)
        #expect(out.status == 0 || out.status == 1, "\(out.stderr)")
        let bytes = try String(contentsOfFile: report, encoding: .utf8)
        let forbidden = Set(Self.invisibleValues)
        #expect(!bytes.unicodeScalars.contains { forbidden.contains($0.value) })
        if format == "junit" {
            let check = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/env"),
                                                   ["python3", "-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1]); print('ok')", report],
                                                   input: "", timeout: 30)
            #expect(check.stdout == "ok\n", "\(check.stderr)")
        }
    }

    /// An escape sequence stored by hand in a Morse setting never reaches the terminal.
    @Test func aStoredSettingWithAnEscapeSequenceIsCleanedBeforeOutput() throws {
        let home = ReaderHome()
        defer { home.remove() }
        _ = try LecteurProcess.run(quiet, input: "set vitesse 20\n", environment: home.environment)
        // Stored as an earlier version would have (settings in SQLite are still read); the same
        // value in the configuration file is ConfigurationTests' hostile-value test.
        _ = try sqlite(home.database.path, "insert or replace into setting(key, value) values ('morse.wpm', char(27) || ']0;pwned' || char(7) || char(27) || '[31m99')")
        #expect(try sqlite(home.database.path, "select count(*) from setting where key = 'morse.wpm'").contains("1"))
        for arguments in [["--transcript", "text", "--speech", "off", "--braille", "off"], quiet] {
            let out = try LecteurProcess.run(arguments, input: "morse E\nquitter\n", environment: home.environment)
            #expect(out.status == 0)
            #expect(!out.stdout.contains("\u{1B}") && !out.stderr.contains("\u{1B}"))
            #expect(!out.stdout.contains("pwned") && !out.stderr.contains("pwned"))
            #expect(!out.stdout.contains("\\u001b"), "not even escaped in JSON")
        }
    }

    // MARK: 11. Numeric options

    @Test(arguments: ["1e16", "1e308", "0", "nan", "inf", "3601"])
    func anOutOfRangeTimeoutIsRefusedInFrench(_ value: String) throws {
        let out = try LecteurProcess.run(["--catalog", "http://127.0.0.1:9/", "--timeout", value, "--transcript", "none"], timeout: 30)
        #expect(out.status == 64, "exit \(out.status): \(out.stderr)")
        #expect(out.stderr.contains("Option --timeout\u{202F}: "))
        #expect(out.stderr.contains("est hors limites (de 0,1 à 3600 secondes)."))
    }

    @Test func hugeSettingValuesAreRefusedInFrench() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let values = ["vitesse 1e16", "vitesse 99999999999999999999", "farnsworth 1e308", "tonalité 1e400", "rampe 99999999999",
                      "débit 99999999999999999999", "hauteur 101", "volume 1e3"]
        let out = try LecteurProcess.run(quiet, input: values.map { "set \($0)\n" }.joined() + "quitter\n", environment: home.environment)
        #expect(out.status == 0)
        #expect(messages(out, "error").count == values.count, "\(messages(out, "error"))")
        let morse = try LecteurProcess.run(["morse", "E", "--wpm", "1e16", "--output", "/dev/null"])
        #expect(morse.status == 64 && morse.stderr.contains("«\u{202F}1e16\u{202F}»"))
    }

    // MARK: 10. Read-only database

    @Test(.requires(ReadOnlyFolder.requirement))
    func aHealthyReadOnlyDatabaseIsReadNotSetAside() throws {
        let home = ReaderHome()
        defer { home.remove() }
        _ = try LecteurProcess.run(quiet, input: "set vitesse 30\n", environment: home.environment)
        let folder = home.database.deletingLastPathComponent()
        let database = home.database.path
        // A setting an earlier version kept in the database: read from it while it is read-only.
        _ = try sqlite(database, "insert or replace into setting(key, value) values ('morse.tone', '700')")
        let before = try Data(contentsOf: home.database)
        try lockFile(database, true)
        defer { try? lockFile(database, false) }
        let out = try LecteurProcess.run(quiet, input: "morse E\nset vitesse 25\nquitter\n", environment: home.environment)
        #expect(out.status == 0)
        let startup = out.events("notice").filter { $0["code"] as? String == "startup" }.map { $0["message"] as? String ?? "" }
        #expect(startup == ["La base de données « \(database) » est en lecture seule : votre progression est lue, mais les exercices ne seront pas enregistrés pendant cette session."])
        #expect(out.events("morse").first?["wpm"] as? Double == 30, "the saved setting was read (configuration file)")
        #expect(out.events("morse").first?["tone_hz"] as? Double == 700, "the database's old setting was read")
        #expect(messages(out, "error") == [], "the new setting went to the configuration file")
        #expect(messages(out, "notice").contains { $0.hasPrefix("Vitesse Morse : 25 mots par minute.") })
        try lockFile(database, false)
        #expect(try Data(contentsOf: home.database) == before, "the database is untouched")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains("corrupt") }, "\(names)")
    }

    func lockFile(_ path: String, _ locked: Bool) throws {
        if getuid() == 0 {
            let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/env"), ["chattr", locked ? "+i" : "-i", path],
                                                 input: "", timeout: 10)
            guard out.status == 0 else { throw SQLiteFailed(message: out.stderr) }
        } else {
            chmod(path, locked ? 0o444 : 0o600)
        }
    }

    // MARK: 15. Permissions

    @Test func theDataFolderIsTheUsersAlone() throws {
        let home = ReaderHome()
        defer { home.remove() }
        _ = try LecteurProcess.run(quiet, input: "set vitesse 30\nonglet morse\nactiver\n", environment: home.environment)
        let folder = home.database.deletingLastPathComponent().path
        #expect(mode(folder) == 0o700)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: home.database.path + suffix) {
            #expect(mode(home.database.path + suffix) == 0o600, "lecteur.sqlite\(suffix)")
        }
        // An older install's 0755 folder and 0644 file are narrowed at the next start.
        chmod(folder, 0o755)
        chmod(home.database.path, 0o644)
        _ = try LecteurProcess.run(quiet, input: "suivant\n", environment: home.environment)
        #expect(mode(folder) == 0o700)
        #expect(mode(home.database.path) == 0o600)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return info.st_mode & 0o7777
    }

    // MARK: 12. Signals

    /// SIGHUP, SIGPIPE (sent by another process), SIGUSR1… left a 44-byte WAV: every terminating
    /// signal now finalises it as SIGINT and SIGTERM do, and exits with 128 + the signal.
    @Test(arguments: [SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGQUIT, SIGINT, SIGTERM])
    func everyTerminatingSignalFinalisesTheWAV(_ signo: Int32) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("session.wav")
        let reader = try InteractiveLecteur(quiet + ["--audio-out", wav.path], environment: home.environment)
        reader.send("morse PARIS PARIS")
        _ = try reader.next("morse")
        usleep(300_000)
        #expect(reader.signal(signo) == 128 + signo)
        let bytes = try Data(contentsOf: wav)
        #expect(bytes.count > 10_000, "\(bytes.count) bytes")
        let dataSize = bytes[40..<44].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let riffSize = bytes[4..<8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(dataSize == bytes.count - 44, "the header says how much audio follows")
        #expect(riffSize == bytes.count - 8)
    }

    // MARK: 8. Long Morse and speech

    /// `morse` with 300 000 characters peaked at 4.56 GB in the reader: a text past the playback
    /// limit is refused in French at once, and the reader answers the next command. (A line of
    /// 300 000 characters is now refused earlier, by the 64 KiB line limit of issue 28: the text
    /// here stays under it.)
    @Test func aHugeInteractiveMorseTextIsRefusedAtOnce() throws {
        let text = String(repeating: "SOS ", count: 15_000)
        let start = Date()
        let out = try LecteurProcess.run(quiet, input: "morse \(text)\nmorse E\nquitter\n", timeout: 60)
        #expect(out.status == 0)
        #expect(messages(out, "error").contains("Texte trop long pour être joué : 59999 caractères, la limite est de 2000. Pour un texte long, écrivez-le dans un fichier : « lecteur morse TEXTE --output morse.wav »."),
                "\(messages(out, "error"))")
        #expect(out.events("morse").count == 1, "the next Morse command plays")
        #expect(Date().timeIntervalSince(start) < 20)
    }

    /// 10⁶ characters used to write 10 GB with a wrapped RIFF size; past the WAV limit the file is
    /// refused before anything is written.
    @Test func morsePastTheWAVLimitIsRefusedBeforeWriting() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("long.wav").path
        // 5 WPM: "0" is 19 units of 0.24 s plus a 7-unit word gap: 20 000 of them make 35 hours,
        // past the 27 hours a WAV can hold at 22 050 Hz.
        let words = Array(repeating: "0", count: 20_000).joined(separator: " ")
        let textFile = folder.appendingPathComponent("text")
        try Data(words.utf8).write(to: textFile)
        let start = Date()
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/bin/sh"),
                                             ["-c", "exec \"$0\" morse --wpm 5 --output \"$1\" \"$(cat \"$2\")\"",
                                              LecteurProcess.binary.path, path, textFile.path], input: "", timeout: 120)
        #expect(out.status != 0)
        #expect(out.stderr.contains("un fichier WAV ne peut pas dépasser 4 Gio"), "\(out.stderr.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["text"])
        #expect(Date().timeIntervalSince(start) < 60)
    }

    // MARK: 9. Offline copy

    /// A 200 whose body decodes to no formation (`[1,2,3]`) used to replace the last good copy.
    @Test func aBodyWithoutAnyFormationNeverReplacesTheOfflineCopy() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let server = try HostileHTTPServer.start()
        let url = "http://127.0.0.1:\(server.port)/seq"
        let good = try LecteurProcess.run(quiet + ["--catalog", url, "--timeout", "5"], environment: home.environment)
        #expect(messages(good, "notice").contains("2 formations chargées."))
        let poisoned = try LecteurProcess.run(quiet + ["--catalog", url, "--timeout", "5"], environment: home.environment)
        #expect(poisoned.status == 0)
        #expect(!messages(poisoned, "notice").contains("2 formations chargées."))
        // The server now answers garbage: the copy offered is the good one, with both formations.
        let after = try LecteurProcess.run(quiet + ["--catalog", url, "--timeout", "5"], input: "suivant\nsuivant\nsuivant\n",
                                           environment: home.environment)
        #expect(messages(after, "notice").contains { $0.hasPrefix("Formations hors ligne : copie du ") }, "\(after.stdout)")
        let labels = after.events("focus").compactMap { $0["label"] as? String }
        #expect(labels.contains { $0.hasPrefix("Formation 1") }, "\(labels)")
    }

    // MARK: 13. Honest network errors

    @Test(arguments: [("http09", "Réponse illisible du serveur : ce n'est pas du HTTP valide. Le problème vient du serveur, pas de l'adresse."),
                      ("garbage", "Réponse illisible du serveur : ce n'est pas du HTTP valide. Le problème vient du serveur, pas de l'adresse."),
                      ("bogus1xx", "Réponse inattendue du serveur (code: 199).")])
    func aReplyThatIsNotHTTPIsTheServersFaultAndOffersTheCopy(_ path: String, _ message: String) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let server = try HostileHTTPServer.start()
        let base = "http://127.0.0.1:\(server.port)/\(path)"
        let start = Date()
        let out = try LecteurProcess.run(quiet + ["--catalog", base, "--timeout", "5"], environment: home.environment)
        #expect(messages(out, "error").last == message, "\(messages(out, "error"))")
        #expect(!messages(out, "error").contains { $0.contains("URL invalide") })
        #expect(Date().timeIntervalSince(start) < 5, "a server's nonsense is not retried as a lost connection")
    }

    @Test func aTLSCertificateFailureSaysSoAndIsNotRetried() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try HostileHTTPServer.startTLS(in: folder)
        let start = Date()
        let out = try LecteurProcess.run(quiet + ["--catalog", "https://127.0.0.1:\(server.port)/ok", "--timeout", "5"])
        #expect(messages(out, "error").last == "Le certificat TLS du serveur n'est pas valide (autorité inconnue, nom différent ou expiré) : la connexion a été refusée. Vérifiez l'adresse ou contactez l'administrateur du serveur.",
                "\(messages(out, "error"))")
        #expect(!messages(out, "notice").contains { $0.contains("Nouvel essai") }, "not retried as a network error")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    // MARK: 16. A BrlAPI server that never answers

    /// A server that accepts and never answers (or answers garbage) used to hold the reader's
    /// braille thread forever: no notice, no retry, while `état` claimed a retry. Now the
    /// handshake times out, the notice is given once, and the reader keeps trying.
    @Test(arguments: [("silent", "braille.noAnswer"), ("garbage", "braille.notBrlAPI")])
    func anUnresponsiveBrlAPIServerIsReportedOnceAndRetried(_ mode: String, _ code: String) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let log = home.root.appendingPathComponent("accepts.log")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BrailleTestDisplay/unresponsive-brlapi-server.py").path
        let runner = "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        let server = try PythonServer(script: runner, arguments: [script, mode, log.path])
        let host = "127.0.0.1:\(server.port)"
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "auto",
                                             "--brlapi-host", host], environment: home.environment)
        defer { reader.kill() }
        let notice = try reader.next("notice", timeout: 15) { $0["code"] as? String == code }
        #expect((notice["message"] as? String ?? "").contains(host))
        reader.send("suivant")
        // The reader goes on, and tries again (0.5 s, 1 s… plus the 3 s handshake limit each time).
        let deadline = TestDeadline(seconds: 20)
        var accepts = 0
        while !deadline.hasPassed {
            accepts = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
            if accepts >= 3 { break }
            usleep(200_000)
        }
        #expect(accepts >= 3, "the reader retried: \(accepts) connections")
        reader.send("suivant")
        _ = try reader.next("focus", timeout: 10)
        #expect(reader.seen("notice").filter { $0["code"] as? String == code }.count == 1, "said once")
    }

    // MARK: helpers

    func sqlite(_ database: String, _ statement: String) throws -> String {
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", database, statement],
                                             input: "", timeout: 20)
        guard out.status == 0 else { throw SQLiteFailed(message: out.stderr) }
        return out.stdout
    }

    struct SQLiteFailed: Error { let message: String }
}

func fileType(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
}

/// Reads a FIFO to its end on another thread, as a listening program would.
final class ChildReader: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/cat")
        process.arguments = [path]
        process.standardOutput = output
        try process.run()
        DispatchQueue.global().async {
            self.data = self.output.fileHandleForReading.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func finish(timeout: TimeInterval = 20) throws -> Data {
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw LecteurProcess.TimedOut(arguments: ["cat"])
        }
        process.waitUntilExit()
        return data
    }
}
