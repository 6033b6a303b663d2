// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// The command line behaves like the tools users know (issue 46, item 3): errors on standard
/// error begin with the program's name, exit statuses say the cause (sysexits.h), `-` is
/// standard input or output, and `say` and `morse` read their text from standard input as
/// `espeak-ng --stdin` and `cw` do.
@Suite struct CommandLineConventionsTests {
    /// A home whose ALSA default device does not exist: no sound output whatever the machine has.
    struct SilentHome {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-silent-\(UUID().uuidString)")
        init() throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try "pcm.!default { type hw card 99 }\n".writeWhole(to: root.appendingPathComponent(".asoundrc"))
        }
        var environment: [String: String] { ["HOME": root.path] }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func morseReadsStandardInputAndWritesStandardOutput() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sos.wav")
        let named = try LecteurProcess.run(["morse", "SOS", "--output", file.path])
        #expect(named.status == 0, "\(named.stderr)")
        // No text: standard input; `-`: standard output. The bytes are the file's, header included
        // (a Morse WAV knows its length before it starts).
        let piped = try LecteurProcess.run(["morse", "--output", "-"], input: "SOS\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        let expected = try Data(contentsOf: file)
        #expect(expected.count > 44_100 && piped.stdoutBytes == expected, "\(piped.stdoutBytes.count) bytes against \(expected.count)")
        // `-` as the text is standard input too.
        let dash = try LecteurProcess.run(["morse", "-", "--output", "-"], input: "SOS")
        #expect(dash.stdoutBytes == expected)
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"),
                "no file named « - » was created")
    }

    /// Issue 46: `-` is standard input wherever a file is taken. The audit reads a piped
    /// catalogue (`curl … | lecteur audit --catalog -`); the reader, whose standard input is its
    /// commands, refuses it and says where to turn.
    @Test func theAuditReadsACataloguePipedInAndTheReaderSaysWhyNot() throws {
        let catalogue = #"{"data": [{"id": 1, "title": "Découverte du tableur", "description": "Premiers pas.", "duration": "3 heures", "level": "Débutant", "price": 79, "next_session": null, "category": null}]}"#
        let audit = try LecteurProcess.run(["audit", "--catalog", "-", "--format", "json", "--output", "-"], input: catalogue)
        #expect(audit.status == 0, "\(audit.stderr)")
        #expect(audit.stdout.contains("Découverte du tableur"), "\(audit.stdout.prefix(600))")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
        let reader = try LecteurProcess.run(["--catalog", "-", "--speech", "off", "--braille", "off"], input: "quitter\n")
        #expect(reader.status == 64, "\(reader.stderr)")
        #expect(reader.stderr == "lecteur: --catalog -\u{202F}: l'entrée standard porte les commandes du lecteur\u{202F}; donnez le catalogue dans un fichier («\u{202F}lecteur audit --catalog -\u{202F}» lit l'entrée standard).\n")
    }

    /// A catalogue piped in or named is read no further than `LocalCatalogueSource.sizeLimit`
    /// (256 MiB) and refused in French, where standard input was read to its end: an endless
    /// stream (`yes | lecteur audit --catalog -`) filled the memory. A regular file past the limit
    /// is refused by its size, before a byte is read (this one is sparse: nothing is written).
    @Test func aCataloguePastItsSizeLimitIsRefusedInFrench() throws {
        let expected = "lecteur audit: Catalogue trop volumineux (plus de 256 Mo)\u{202F}: chargement abandonné.\n"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // One byte past the limit, then the stream goes on: the reader must stop on its own.
        shell.arguments = ["-c", "{ head -c 268435457 /dev/zero; yes; } | \"$0\" audit --catalog - --format json --output -",
                           LecteurProcess.binary.path]
        shell.environment = LecteurProcess.childEnvironment([:])
        let err = Pipe(), out = Pipe()
        shell.standardError = err
        shell.standardOutput = out
        try shell.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 65, "\(stderr)")
        #expect(stderr == expected)
        #expect(stdout.isEmpty)

        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("immense.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("[".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: (256 << 20) + 1)
        try handle.close()
        let named = try LecteurProcess.run(["audit", "--catalog", file.path, "--format", "json", "--output", "-"])
        #expect(named.status == 65)
        #expect(named.stderr == expected)
    }

    @Test func sayReadsStandardInputAndWritesStandardOutput() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bonjour.wav")
        let named = try LecteurProcess.run(["say", "Bonjour à tous.", "--output", file.path])
        #expect(named.status == 0, "\(named.stderr)")
        let piped = try LecteurProcess.run(["say", "--output", "-"], input: "Bonjour à tous.\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        // A pipe cannot be patched, so its header's sizes differ from the file's; the samples
        // after the 44-byte header are the same speech.
        let expected = try Data(contentsOf: file)
        #expect(piped.stdoutBytes.prefix(4) == Data("RIFF".utf8))
        #expect(expected.count > 10_000 && piped.stdoutBytes.dropFirst(44) == expected.dropFirst(44),
                "\(piped.stdoutBytes.count) bytes against \(expected.count)")
    }

    @Test func morseWithoutSoundIsAMissingDevice() throws {
        let home = try SilentHome()
        defer { home.remove() }
        let out = try LecteurProcess.run(["morse", "SOS"], environment: home.environment)
        #expect(out.status == 69, "EX_UNAVAILABLE, as `say` without sound: \(out.stderr)")
        #expect(out.stderr == "lecteur morse: Aucune sortie audio disponible\u{202F}: utilisez --output FICHIER.wav pour écrire le son dans un fichier.\n")
    }

    @Test(arguments: [
        // A text with no Morse character is bad data (65); a setting out of range, usage (64).
        (["morse", "§§", "--output", "/dev/null"], Int32(65)),
        (["morse", "SOS", "--wpm", "500", "--output", "/dev/null"], Int32(64)),
        // A file that cannot be written is an I/O error (74), whichever command writes it.
        (["morse", "SOS", "--output", "/nonexistent/dir/sos.wav"], Int32(74)),
        (["say", "bonjour", "--output", "/nonexistent/dir/b.wav"], Int32(74)),
        (["audit", "--output", "/nonexistent/dir/rapport.txt"], Int32(74)),
    ])
    func theExitStatusSaysTheCause(_ arguments: [String], _ status: Int32) throws {
        let out = try LecteurProcess.run(arguments)
        #expect(out.status == status, "\(arguments): \(out.stderr)")
        #expect(out.stderr.hasPrefix("lecteur \(arguments[0]): "), "\(out.stderr)")
    }

    @Test func aParserErrorIsFrenchAndPointsToTheCommandsHelp() throws {
        // swift-argument-parser's « Unknown option '--ramp'. Did you mean '--wpm'? », said again
        // whole in French, its quotes balanced.
        let out = try LecteurProcess.run(["morse", "SOS", "--ramp", "1"])
        #expect(out.status == 64)
        #expect(out.stderr == """
            lecteur morse: option inconnue «\u{202F}--ramp\u{202F}»\u{202F}; vouliez-vous dire «\u{202F}--wpm\u{202F}»\u{202F}?
            Saisissez «\u{202F}lecteur morse --help\u{202F}» pour plus d'informations.

            """)
        let english = try LecteurProcess.run(["morse", "SOS", "--ramp", "1"], environment: ["LANG": "en_GB.UTF-8"])
        #expect(english.stderr == """
            lecteur morse: unknown option “--ramp”; did you mean “--wpm”?
            Try 'lecteur morse --help' for more information.

            """)
    }

    @Test func failOnTakesTheImpactTheReportPrints() throws {
        // The report says « mineure »: the same word gates the run (151 known findings).
        let out = try LecteurProcess.run(["audit", "--fail-on", "mineure", "--output", "/dev/null"])
        #expect(out.status == 1, "\(out.stderr)")
        #expect(out.stderr.contains("problèmes de gravité «\u{202F}mineure\u{202F}» ou plus"), "\(out.stderr)")
        let masculine = try LecteurProcess.run(["audit", "--fail-on", "Modéré", "--output", "/dev/null"])
        #expect(masculine.status != 64, "the older masculine name is still taken: \(masculine.stderr)")
    }

    /// `lecteur morse … --output - | head -c1`: the reader stopped, which is no failure; before, the
    /// command said « Impossible d'écrire le fichier « - » (errno 32) » and exited 74.
    @Test(arguments: [["morse", "SOS PARIS SOS PARIS"], ["say", "Bonjour à tous, ceci est un texte assez long pour remplir le tuyau."]])
    func aReaderThatStopsEarlyEndsTheCommandQuietly(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = LecteurProcess.binary
        process.arguments = arguments + ["--output", "-"]
        process.environment = LecteurProcess.childEnvironment([:])
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A hung command fails the test instead of stalling it.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }
        // Like `head -c1`: one byte, then the reading end closed while the command still writes.
        let first = output.fileHandleForReading.readData(ofLength: 1)
        try output.fileHandleForReading.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(first.count == 1)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(arguments[0]): \(process.terminationStatus) \(said)")
        #expect(said.isEmpty, "\(arguments[0]): \(said)")
    }

    /// `say < /dev/null`: nothing to say is a usage error, said before any device is opened (it
    /// was « La parole a été demandée … indisponible », status 69, or nothing at all with a voice).
    @Test func sayWithAnEmptyTextSaysThereIsNothingToSay() throws {
        let out = try LecteurProcess.run(["say"], input: "")
        #expect(out.status == 64, "\(out.stderr)")
        #expect(out.stderr == "lecteur say: Rien à dire\u{202F}: le texte est vide. Donnez-le après «\u{202F}say\u{202F}» ou sur l'entrée standard.\n")
        let blank = try LecteurProcess.run(["say", "  "], environment: ["LANG": "en_GB.UTF-8"])
        #expect(blank.status == 64)
        #expect(blank.stderr == "lecteur say: Nothing to say: the text is empty. Give it after \"say\" or on standard input.\n")
    }
}
