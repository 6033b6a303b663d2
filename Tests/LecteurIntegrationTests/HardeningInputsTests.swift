// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Issue 28, configuration and audit inputs, outputs and texts, through the real binary: each
/// test is one attack of the issue, re-run as written (docs/hardening-inputs.md lists them).
@Suite(.serialized) struct HardeningInputsTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    typealias Home = ConfigurationTests.Home

    func startupNotices(_ out: LecteurProcess.Output) -> [String] {
        out.events("notice").filter { $0["code"] as? String == "startup" }.map { $0["message"] as? String ?? "" }
    }

    /// No byte that could drive a terminal: ESC, C0/C1 controls but line breaks and tabs,
    /// bidirectional overrides, noncharacters.
    func isTerminalSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { s in
            (s.value < 0x20 && s != "\n" && s != "\t") || (0x7F...0x9F).contains(s.value)
                || (0x202A...0x202E).contains(s.value) || s.value == 0xFFFE || s.value == 0xFFFF
        }
    }

    // MARK: Configuration

    /// A dotted key 30 000 levels deep (60 KB, under the size limit) and a table header as deep
    /// were a SIGSEGV (unbounded recursion): now refused with a French message, defaults used.
    @Test(arguments: ["a" + String(repeating: ".a", count: 30_000) + " = 1\n",
                      "[" + String(repeating: "a.", count: 30_000) + "a]\nb = 1\n",
                      "x = {" + String(repeating: "a.", count: 30_000) + "a = 1}\n"])
    func aDeepKeyIsRefusedNotACrash(_ text: String) throws {
        let home = Home()
        defer { home.remove() }
        try home.write("[morse]\nwpm = 25\n" + text)
        let out = try LecteurProcess.run(quiet, input: "morse E\nquitter\n", environment: home.environment, timeout: 30)
        #expect(out.status == 0, "\(out.stderr)")
        let path = home.userFile.path
        #expect(startupNotices(out) == ["Fichier de configuration « \(path) », ligne 3 : plus de 16 niveaux d'imbrication sur une ligne. Ce fichier est ignoré, les réglages par défaut s'appliquent."])
        #expect(out.events("morse").first?["wpm"] as? Double == 20, "defaults used, not a part of the file")
    }

    /// 80 KB (the issue's 40 000 levels) is over the file size limit: said, never parsed.
    @Test func aFileOverTheSizeLimitIsRefused() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("a" + String(repeating: ".a", count: 40_000) + " = 1\n")
        let out = try LecteurProcess.run(quiet, input: "quitter\n", environment: home.environment, timeout: 30)
        #expect(out.status == 0)
        #expect(startupNotices(out) == ["Fichier de configuration « \(home.userFile.path) » illisible (le fichier fait 79 Kio, la limite est de 64 Kio). Les réglages par défaut s'appliquent."])
    }

    /// A FIFO (nobody writing) or a folder in place of the configuration or the user lexicon:
    /// refused at once in French, the reader starts.
    @Test func aFIFOOrAFolderIsRefusedNotReadForever() throws {
        let home = Home()
        defer { home.remove() }
        try home.makeFolder()
        #expect(mkfifo(home.userFile.path, 0o600) == 0)
        let lexicon = home.config.appendingPathComponent("lexique.json")
        try FileManager.default.createDirectory(at: lexicon, withIntermediateDirectories: true)
        let out = try LecteurProcess.run(quiet, input: "quitter\n", environment: home.environment, timeout: 20)
        #expect(out.status == 0)
        let notices = startupNotices(out)
        #expect(notices.contains("Fichier de configuration « \(home.userFile.path) » illisible (c'est un tube nommé (FIFO), pas un fichier : il n'est pas lu). Les réglages par défaut s'appliquent."), "\(notices)")
        let said = out.events("notice").map { $0["message"] as? String ?? "" }
        #expect(said.contains("Lexique personnel « \(lexicon.path) » illisible (c'est un dossier, pas un fichier) : seul le lexique fourni est utilisé."), "\(said)")
    }

    /// 500 unknown keys gave 501 start-up notices, each spoken and brailled: now ten, then one
    /// summary, like the catalogue's « N autres enregistrements ignorés ».
    @Test func unknownKeysAreSummarised() throws {
        let home = Home()
        defer { home.remove() }
        try home.write((0..<500).map { "cle\($0) = 1" }.joined(separator: "\n") + "\n")
        let out = try LecteurProcess.run(quiet, input: "quitter\n", environment: home.environment, timeout: 30)
        let notices = startupNotices(out)
        #expect(notices.count == 11, "\(notices.count) notices")
        #expect(notices.last == "Fichier de configuration « \(home.userFile.path) » : 490 autres clés inconnues, ignorées.")
    }

    /// An edit of the same size whose modification time was put back (an editor, a sync tool)
    /// was overwritten by the next `set` of a running reader: the cache now compares content.
    @Test func aSameSizeSameTimeEditIsKeptByTheNextSet() throws {
        let home = Home()
        defer { home.remove() }
        let reader = try InteractiveLecteur(quiet, environment: home.environment)
        reader.send("set vitesse 30")
        _ = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Vitesse Morse : 30") == true }
        let path = home.userFile.path
        var before = stat()
        #expect(stat(path, &before) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("wpm = 30"), "\(text)")
        // Rewritten in place, same inode, same size, then the old time put back.
        let edited = text.replacingOccurrences(of: "wpm = 30", with: "wpm = 31")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(edited.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        reader.send("set débit 210")
        _ = try reader.next("notice") { ($0["message"] as? String)?.contains("210") == true }
        reader.send("quitter")
        #expect(reader.finish() == 0)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(after.contains("wpm = 31") && after.contains("rate = 210"), "\(after)")
    }

    /// A `set` killed between writing its temporary file and renaming it leaves the file behind;
    /// the next start removes it (a live process's is left alone).
    @Test func leftoversOfAKilledSetAreRemovedAtStart() throws {
        let home = Home()
        defer { home.remove() }
        try home.makeFolder()
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = ".lecteur.toml.\(gone.processIdentifier).0a1b2c3d.tmp"
        let alive = ".lecteur.toml.\(getpid()).0a1b2c3d.tmp"
        try home.write("[morse]\nwpm = 2", dead)
        try home.write("[morse]\nwpm = 2", alive)
        let out = try LecteurProcess.run(quiet, input: "quitter\n", environment: home.environment)
        #expect(out.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: home.config.path)
        #expect(!names.contains(dead), "\(names)")
        #expect(names.contains(alive), "\(names)")
    }

    /// `set` on a full disk: the French reason, not « No space left on device », and the file
    /// as it was.
    @Test func setOnAFullDiskSaysSoInFrenchAndKeepsTheFile() throws {
        let home = Home()
        defer { home.remove() }
        try home.makeFolder()
        let mount = try SmallDisk(home.config)
        defer { mount.unmount() }
        try home.write("[morse]\nwpm = 22\n")
        try mount.fill()
        let out = try LecteurProcess.run(quiet, input: "set vitesse 30\nquitter\n", environment: home.environment)
        let errors = out.events("error").map { $0["message"] as? String ?? "" }
        #expect(errors == ["Réglage appliqué pour cette session seulement : le fichier de configuration « \(home.userFile.path) » n'a pas pu être écrit (disque plein)."])
        #expect(!out.stdout.contains("No space") && !out.stdout.contains("NSCocoaErrorDomain"))
        #expect(try String(contentsOf: home.userFile, encoding: .utf8) == "[morse]\nwpm = 22\n")
    }

    // MARK: User lexicon

    @Test func anOversizedLexiconOrExpansionIsRefused() throws {
        let home = Home()
        defer { home.remove() }
        let lexicon = home.config.appendingPathComponent("lexique.json")
        let huge = "{\"words\": {" + (0..<20_000).map { "\"mot\($0)\": \"un mot\"" }.joined(separator: ", ") + "}}"
        try home.write(huge, "lexique.json")
        var out = try LecteurProcess.run(quiet, input: "quitter\n", environment: home.environment)
        var said = out.events("notice").map { $0["message"] as? String ?? "" }
        #expect(said.contains("Lexique personnel « \(lexicon.path) » illisible (le fichier fait \((huge.utf8.count + 1023) / 1024) Kio, la limite est de 256 Kio) : seul le lexique fourni est utilisé."), "\(said)")
        try home.write("{\"words\": {\"IA\": \"\(String(repeating: "ha ", count: 400))\"}}", "lexique.json")
        out = try LecteurProcess.run(quiet, input: "quitter\n", environment: home.environment)
        said = out.events("notice").map { $0["message"] as? String ?? "" }
        #expect(said.contains("Lexique personnel « \(lexicon.path) » mal formé (une clé ou une expansion de « words » dépasse 200 caractères) : seul le lexique fourni est utilisé."), "\(said)")
        // The decoder's English never reaches speech.
        try home.write("{\"words\": {\"IA\": 3}}", "lexique.json")
        out = try LecteurProcess.run(quiet, input: "quitter\n", environment: home.environment)
        said = out.events("notice").map { $0["message"] as? String ?? "" }
        #expect(said.contains("Lexique personnel « \(lexicon.path) » mal formé (un membre n'a pas la forme attendue) : seul le lexique fourni est utilisé."), "\(said)")
    }

    // MARK: Audit inputs

    /// A template of many « { » and one « } » took quadratic memory (100 000: 4.9 GB; the
    /// 40 000 here: 881 MB and 35 s before, 95 MB and 1 s now); now read once.
    @Test func aTemplateOfManyBracesIsLinear() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = folder.appendingPathComponent("s.json")
        try JSONSerialization.data(withJSONObject: ["audit.element": String(repeating: "{", count: 40_000) + "}"]).write(to: strings)
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/time"),
                                             ["-f", "maxrss=%M", LecteurProcess.binary.path, "audit", "--strings", strings.path,
                                              "--output", folder.appendingPathComponent("r.txt").path],
                                             input: "", timeout: 120)
        #expect(out.status == 0, "\(out.stderr)")
        let rss = out.stderr.split(separator: "\n").compactMap { $0.hasPrefix("maxrss=") ? Int($0.dropFirst(7)) : nil }.last ?? .max
        #expect(rss < 400_000, "max RSS \(rss) KB")
    }

    /// `--strings` text reached the terminal raw (OSC 52 clipboard write, NUL, U+FFFE, bidi
    /// override) in the text report and `--rules`.
    @Test func stringsTextIsCleanedBeforeTheTerminal() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = folder.appendingPathComponent("s.json")
        let hostile = "\u{1B}]52;c;SGVsbG8=\u{07}\u{0}\u{FFFE}\u{202E}"
        try JSONSerialization.data(withJSONObject: [
            "audit.cli.ruleLine": hostile + "{id}\t{impact}\t{help}", "audit.report.title": hostile + "Rapport",
            "audit.rule.label-missing.help": hostile + "Aide",
        ]).write(to: strings)
        let rules = try LecteurProcess.run(["audit", "--rules", "--strings", strings.path])
        #expect(rules.status == 0)
        #expect(rules.stdout.contains("label-missing\tcritical\tAide"), "\(rules.stdout.prefix(200))")
        #expect(isTerminalSafe(rules.stdout))
        let report = try LecteurProcess.run(["audit", "--strings", strings.path])
        #expect(report.status == 0)
        #expect(report.stdout.hasPrefix("Rapport"))
        #expect(isTerminalSafe(report.stdout))
    }

    /// A 53 MB `--baseline` took 3.2 GB; a FIFO would be read forever.
    @Test func aBaselineOverTheLimitOrAFIFOIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.json")
        let handle = try #require(FileManager.default.createFile(atPath: big.path, contents: nil) ? FileHandle(forWritingAtPath: big.path) : nil)
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        var out = try LecteurProcess.run(["audit", "--baseline", big.path])
        #expect(out.status == 66)
        #expect(out.stderr == "lecteur audit: Fichier de référence «\u{202F}\(big.path)\u{202F}» illisible (le fichier fait 17408 Kio, la limite est de 16384 Kio).\n")
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        out = try LecteurProcess.run(["audit", "--baseline", fifo], timeout: 20)
        #expect(out.status == 66)
        #expect(out.stderr.contains("c'est un tube nommé (FIFO)"), "\(out.stderr)")
        out = try LecteurProcess.run(["audit", "--strings", fifo], timeout: 20)
        #expect(out.status == 66)
        #expect(out.stderr == "lecteur audit: Fichier de chaînes «\u{202F}\(fifo)\u{202F}» illisible (c'est un tube nommé (FIFO), pas un fichier\u{202F}: il n'est pas lu).\n")
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "https://ex ample.org/", "https://example.org/\u{1B}[2J"])
    func helpURLMustBeHTTP(_ url: String) throws {
        let out = try LecteurProcess.run(["audit", "--format", "json", "--help-url", url])
        #expect(out.status == 64)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.hasPrefix("lecteur audit: Option --help-url\u{202F}: «\u{202F}"), "\(out.stderr)")
        #expect(out.stderr.hasSuffix("\u{202F}» n'est pas une adresse http:// ou https:// valide.\n"))
        #expect(isTerminalSafe(out.stderr))
        let good = try LecteurProcess.run(["audit", "--format", "sarif", "--help-url", "https://example.org/regles"])
        #expect(good.status == 0)
        #expect(good.stdout.contains("\"helpUri\": \"https://example.org/regles#label-missing\""))
    }

    // MARK: Outputs

    /// `--write-baseline` replaced a FIFO, a symlink and, as root, /dev/full with a regular file
    /// and said « 151 constats enregistrés ».
    @Test func writeBaselineWritesThroughOrRefusesAndNeverReplaces() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try ChildReader(fifo)
        var out = try LecteurProcess.run(["audit", "--output", "/dev/null", "--write-baseline", fifo])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(String(decoding: try reader.finish(), as: UTF8.self).contains("\"version\": 1"))
        #expect(fileType(fifo) == S_IFIFO)
        let target = folder.appendingPathComponent("target.json").path
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        out = try LecteurProcess.run(["audit", "--output", "/dev/null", "--write-baseline", link])
        #expect(out.status == 0)
        #expect(fileType(link) == S_IFLNK)
        #expect((try? String(contentsOfFile: target, encoding: .utf8))?.contains("\"version\": 1") == true)
        out = try LecteurProcess.run(["audit", "--output", "/dev/null", "--write-baseline", "/dev/full"])
        #expect(out.status == 74)
        #expect(out.stderr == "lecteur audit: Impossible d'écrire le fichier «\u{202F}/dev/full\u{202F}»\u{202F}: plus de place sur le disque.\n")
        #expect(fileType("/dev/full") == S_IFCHR, "/dev/full is still a device")
    }

    /// On a full disk `--output` destroyed the previous report and left truncated JSON: now the
    /// report goes to a temporary file renamed over it only when whole.
    @Test func aFullDiskLeavesThePreviousReportWhole() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mount = try SmallDisk(folder)
        defer { mount.unmount() }
        let report = folder.appendingPathComponent("audit.json")
        let previous = Data("{\"previous\": true}\n".utf8)
        try previous.write(to: report)
        let out = try LecteurProcess.run(["audit", "--format", "json", "--output", report.path])
        #expect(out.status == 74)
        #expect(out.stderr == "lecteur audit: Impossible d'écrire le fichier «\u{202F}\(report.path)\u{202F}»\u{202F}: plus de place sur le disque.\n")
        #expect(try Data(contentsOf: report) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["audit.json"])
    }

    // MARK: Texts

    @Test(arguments: [(["--timeout", "abc"], "lecteur: valeur «\u{202F}abc\u{202F}» invalide pour --timeout\nSaisissez «\u{202F}lecteur --help\u{202F}» pour plus d'informations.\n"),
                      (["--foo"], "lecteur: option inconnue «\u{202F}--foo\u{202F}»\nSaisissez «\u{202F}lecteur --help\u{202F}» pour plus d'informations.\n"),
                      (["--\u{1B}[2Jfoo"], "lecteur: option inconnue «\u{202F}--foo\u{202F}»\nSaisissez «\u{202F}lecteur --help\u{202F}» pour plus d'informations.\n"),
                      (["audit", "--disable", "x\u{1B}]52;c;SGVsbG8=\u{07}"], nil),
                      (["--timeout", "0"], "lecteur: Option --timeout\u{202F}: 0 est hors limites (de 0,1 à 3600 secondes).\n"),
                      (["audit", "--timeout", "99999"], "lecteur audit: Option --timeout\u{202F}: 99999 est hors limites (de 0,1 à 3600 secondes).\n")])
    func commandLineErrorsAreFrenchAndClean(_ arguments: [String], _ expected: String?) throws {
        let reader = arguments.first == "audit" ? [] : ["--speech", "off", "--braille", "off"]
        let out = try LecteurProcess.run(arguments + reader)
        #expect(out.status == 64)
        if let expected { #expect(out.stderr == expected) }
        #expect(isTerminalSafe(out.stderr), "\(out.stderr)")
        #expect(!out.stderr.contains("Unknown") && !out.stderr.contains("invalid for"))
    }

    /// `BRLAPI_HOST` is echoed in the braille messages: its escape sequences are not.
    @Test func theBrlAPIHostIsCleanedInMessages() throws {
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "on"], input: "quitter\n",
                                         environment: ["BRLAPI_HOST": "\u{1B}]52;c;SGVsbG8=\u{07}:57"], timeout: 30)
        #expect(out.status == 69)
        #expect(out.stderr.contains("sur\u{202F}:57 ("), "\(out.stderr)")
        #expect(isTerminalSafe(out.stderr) && isTerminalSafe(out.stdout))
    }

    /// `;jsessionid=` (a path parameter) was shown whole in report URLs and the offline copy's source.
    @Test func aSessionInThePathIsMasked() throws {
        let cache = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let server = try CatalogueServer()
        let url = server.url("ok", key: "k;jsessionid=S3CRET42")
        let out = try LecteurProcess.run(["audit", "--format", "json", "--catalog", url], environment: ["XDG_CACHE_HOME": cache.path],
                                         timeout: 60)
        #expect(out.status == 0, "\(out.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect(report["url"] as? String == server.url("ok", key: "k;jsessionid=***") + "/formations")
        let copies = FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String } ?? []
        #expect(!copies.isEmpty)
        for name in copies {
            let data = (try? Data(contentsOf: cache.appendingPathComponent(name))) ?? Data()
            #expect(!String(decoding: data, as: UTF8.self).contains("S3CRET42"), "\(name)")
        }
        #expect(!out.stdout.contains("S3CRET42") && !out.stderr.contains("S3CRET42"))
    }

    /// A database its owner made read-only (0400) was chmodded back to 0600 and written.
    @Test func aDatabaseMadeReadOnlyByItsOwnerStaysSo() throws {
        let home = Home()
        defer { home.remove() }
        _ = try LecteurProcess.run(quiet, input: "onglet morse\nactiver\nquitter\n", environment: home.environment)
        let database = home.home.database.path
        #expect(chmod(database, 0o400) == 0)
        let before = try Data(contentsOf: home.home.database)
        let out = try LecteurProcess.run(quiet, input: "quitter\n", environment: home.environment)
        #expect(out.status == 0)
        #expect(startupNotices(out).contains("La base de données « \(database) » est en lecture seule : votre progression est lue, mais les exercices ne seront pas enregistrés pendant cette session."))
        var info = stat()
        #expect(stat(database, &info) == 0 && info.st_mode & 0o7777 == 0o400)
        #expect(try Data(contentsOf: home.home.database) == before)
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension ConfigurationTests.Home {
    /// A file of the user's configuration folder (made if needed).
    func write(_ text: String, _ name: String = "lecteur.toml") throws {
        try write(text, to: config.appendingPathComponent(name))
    }

    func makeFolder() throws { try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true) }
    func remove() { home.remove() }
}

/// A 64 KiB tmpfs mounted over a folder (the tests run as root, as CI does): a full disk for real.
struct SmallDisk {
    let folder: URL

    init(_ folder: URL) throws {
        self.folder = folder
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=64k", "none", folder.path],
                                             input: "", timeout: 10)
        guard out.status == 0 else { throw MountFailed(message: out.stderr) }
    }

    /// Fills what is left with one file.
    func fill() throws {
        let fd = open(folder.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o600)
        guard fd >= 0 else { throw MountFailed(message: "filler") }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 4096)
        while write(fd, block, block.count) > 0 {}
    }

    func unmount() {
        _ = try? LecteurProcess.execute(URL(fileURLWithPath: "/bin/umount"), [folder.path], input: "", timeout: 10)
    }

    struct MountFailed: Error { let message: String }
}
