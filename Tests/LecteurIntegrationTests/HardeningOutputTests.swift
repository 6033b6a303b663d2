// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 38 through the real binary: a standard output that stops reading, goes away, is closed
/// or full; the command history file; the file-size limit; HOME.
@Suite(.serialized) struct HardeningOutputTests {
    static let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    /// `bash -c SCRIPT` with the reader's test environment and `$LECTEUR` naming the binary.
    func shell(_ script: String, environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> LecteurProcess.Output {
        var env = LecteurProcess.childEnvironment(environment)
        env["LECTEUR"] = LecteurProcess.binary.path
        return try LecteurProcess.execute(URL(fileURLWithPath: "/bin/bash"), ["-c", script], input: "", environment: env,
                                          timeout: timeout)
    }

    /// The reader with its standard output on a FIFO that the test holds open and reads only
    /// when it says so. stdin is the returned pipe.
    final class BlockedOutput {
        let process = Process()
        let input = Pipe()
        let fifo: String
        let readEnd: Int32

        init(home: ReaderHome, lines: String, closeInput: Bool) throws {
            fifo = home.root.appendingPathComponent("out.fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            readEnd = open(fifo, O_RDONLY | O_NONBLOCK)
            let writeEnd = open(fifo, O_WRONLY)
            process.executableURL = LecteurProcess.binary
            process.arguments = HardeningOutputTests.quiet
            process.environment = LecteurProcess.childEnvironment(home.environment)
            process.standardInput = input
            process.standardOutput = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: false)
            process.standardError = FileHandle.nullDevice
            try process.run()
            close(writeEnd)
            input.fileHandleForWriting.write(Data(lines.utf8))
            if closeInput { try? input.fileHandleForWriting.close() }
        }

        /// Bytes waiting in the FIFO: about 64 KiB once it is full (a little less when the
        /// writes do not fill the kernel's pages whole).
        var waiting: Int32 {
            var count: Int32 = 0
            _ = ioctl(readEnd, UInt(FIONREAD), &count)
            return count
        }

        /// What counts as full. A pipe holds 16 pages; a write that does not fit in the last
        /// page's room takes a new one, so a blocked writer can leave it well short of 64 KiB
        /// (58 316 bytes seen in a full run): three quarters proves the writer is
        /// stuck with far more than that still to write (8 000 answers).
        static let full: Int32 = 49_152

        /// Waits until the FIFO is full (the reader has written all it could), 60 s at most.
        func waitUntilFull() {
            let deadline = TestDeadline(seconds: 60)
            while waiting < Self.full && !deadline.hasPassed { usleep(20_000) }
        }

        /// Reads everything until the writer closes it.
        func readAll() -> Data {
            _ = fcntl(readEnd, F_SETFL, 0)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = read(readEnd, &buffer, buffer.count)
                if n <= 0 { break }
                data.append(contentsOf: buffer[0..<n])
            }
            return data
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            close(readEnd)
            unlink(fifo)
        }
    }

    // MARK: 1. A standard output that stops reading

    /// 8 000 `suivant` into a FIFO nobody reads, then SIGTERM: the process stayed, main thread in
    /// `anon_pipe_write`, the signal handler's `fflush` blocked on the same stream; only SIGKILL
    /// ended it. Now it ends within a second, with SIGTERM's status.
    @Test func aSignalEndsTheReaderWithinASecondWhateverStdoutDoes() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let reader = try BlockedOutput(home: home, lines: String(repeating: "suivant\n", count: 8_000), closeInput: false)
        reader.waitUntilFull()
        #expect(reader.waiting >= BlockedOutput.full, "the FIFO filled up: the reader wrote all it could")
        // The 8 000 commands are answered (queued) while nobody reads.
        usleep(2_000_000)
        #expect(reader.process.isRunning)
        let sent = Date()
        kill(reader.process.processIdentifier, SIGTERM)
        while reader.process.isRunning && Date().timeIntervalSince(sent) < 10 { usleep(10_000) }
        let took = Date().timeIntervalSince(sent)
        #expect(!reader.process.isRunning, "still running 10 s after SIGTERM")
        #expect(took <= 1.0, "SIGTERM took \(took) s")
        if !reader.process.isRunning { #expect(reader.process.terminationStatus == 128 + SIGTERM) }
    }

    /// The same 8 000 `suivant`, then `quitter` and the end of input: the reader waits for its
    /// output to be read, loses none of it, and ends once it is.
    @Test func quitEndsOnceTheOutputIsReadAndNothingIsLost() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let reader = try BlockedOutput(home: home, lines: String(repeating: "suivant\n", count: 8_000) + "quitter\n",
                                       closeInput: true)
        reader.waitUntilFull()
        usleep(1_000_000)
        #expect(reader.process.isRunning, "the output is not read yet: the reader waits to write it")
        let data = reader.readAll()
        reader.process.waitUntilExit()
        #expect(reader.process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        // Each `suivant` is said (the focus, or « Dernier élément » at the end of the list).
        let spoken = lines.filter { $0.hasPrefix("{\"type\":\"speech\"") }.count
        #expect(spoken >= 8_000, "\(spoken) answers said of 8 000")
        #expect(lines.allSatisfy { $0.hasPrefix("{\"type\":") && $0.hasSuffix("}") }, "every line whole")
    }

    // MARK: 2. The reader of stdout gone

    /// `yes suivant | lecteur | head -c 100` ran until its timeout: EPIPE was never acted on.
    /// Now the session ends at once, its goodbye on standard error.
    @Test func aReaderOfStdoutThatGoesEndsTheSessionWithItsGoodbyeOnStderr() throws {
        let start = Date()
        let out = try shell(#"yes suivant | timeout 30 "$LECTEUR" --transcript jsonl --speech off --braille off | head -c 100 >/dev/null; echo "status ${PIPESTATUS[1]}""#)
        let took = Date().timeIntervalSince(start)
        #expect(took < 15, "took \(took) s (the timeout is 30 s)")
        #expect(out.stdout.contains("status 74"), "\(out.stdout)")
        #expect(out.stderr.contains("Plus personne ne lit la sortie standard"), "\(out.stderr)")
        #expect(out.stderr.contains("Au revoir."))
    }

    // MARK: 10. stdout closed or full

    /// `>&-` and `/dev/full` lost every line silently with status 0.
    @Test(arguments: [(">&-", "La sortie standard est fermée"), (">/dev/full", "La sortie standard est pleine")])
    func aClosedOrFullStdoutIsSaidWithANonZeroStatus(_ redirect: String, _ said: String) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let out = try shell(#"printf 'suivant\nquitter\n' | "$LECTEUR" --transcript jsonl --speech off --braille off "# + redirect
                            + #"; echo "status $?" >&2"#, environment: home.environment)
        #expect(out.stderr.contains(said), "\(out.stderr)")
        #expect(out.stderr.contains("status 74"), "\(out.stderr)")
        // Descriptor 1 was not handed to the database: it is still SQLite's.
        if let header = try? Data(contentsOf: home.database).prefix(16) {
            #expect(String(decoding: header, as: UTF8.self).hasPrefix("SQLite format 3"))
        }
    }

    // MARK: 8. The file-size limit

    /// Under `ulimit -f 16` bash reported « File size limit exceeded », status 153, and the
    /// reader said nothing. Now it refuses to start in French, status 71, like `-n` and `-v`.
    @Test func aTinyFileSizeLimitIsRefusedInFrench() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let out = try shell(#"ulimit -f 16; printf 'suivant\nquitter\n' | "$LECTEUR" --transcript jsonl --speech off --braille off; echo "status $?""#,
                            environment: home.environment)
        #expect(out.stdout.contains("status 71"), "\(out.stdout)")
        #expect(out.stderr.contains("ulimit -f"), "\(out.stderr)")
        #expect(out.stderr.contains("16 Kio"), "\(out.stderr)")
    }

    /// A soft limit below the hard one is raised, as `-n` is: the reader starts.
    @Test func aLowSoftFileSizeLimitIsRaised() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let out = try shell(#"ulimit -S -f 16; printf 'suivant\nquitter\n' | "$LECTEUR" --transcript jsonl --speech off --braille off; echo "status $?""#,
                            environment: home.environment)
        #expect(out.stdout.contains("status 0"), "\(out.stdout.suffix(300)) \(out.stderr)")
        #expect(out.stdout.contains("\"type\":\"focus\""))
    }

    /// A real write past the limit: `ulimit -f` (soft and hard) just above the 64 MiB the reader
    /// asks for, so it starts, then 2 000 « 0 » at 5 WPM written as WAV (about 466 MB). Before,
    /// `lecteur morse` had no SIGXFSZ handler: the kernel killed it at 64.4 MiB, status 153,
    /// without a word, its temporary file left behind; and EFBIG, once caught, was worded
    /// « plus de place sur le disque ». Now the write fails with EFBIG, named as the file-size
    /// limit, and the command ends with a non-zero status of its own.
    @Test func aWritePastTheFileSizeLimitIsNamedAndDoesNotKill() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let limitKiB = 64 * 1024 + 512
        let wav = home.root.appendingPathComponent("long.wav").path
        let text = String(repeating: "0", count: 2_000)
        // The test runner's children inherit SIGXFSZ ignored, which would hide the kill: the
        // reader gets the default disposition, as from a login shell.
        let out = try shell("ulimit -f \(limitKiB); ulimit -S -f \(limitKiB); "
                            + #"env --default-signal=XFSZ "$LECTEUR" morse "# + text + " --wpm 5 --output '\(wav)'" + #"; echo "status $?""#,
                            environment: home.environment, timeout: 120)
        let status = out.stdout.split(separator: "\n").last.flatMap { Int($0.dropFirst("status ".count)) }
        #expect(status != nil, "\(out.stdout.suffix(300))")
        #expect(status != 0, "the WAV cannot be whole under the limit")
        #expect(status != 128 + Int(SIGXFSZ), "killed by SIGXFSZ: \(out.stderr.suffix(300))")
        #expect(out.stderr.contains("limite de taille des fichiers (ulimit -f)"), "\(out.stderr.suffix(500))")
        #expect(!out.stderr.contains("plus de place sur le disque"), "\(out.stderr.suffix(500))")
        #expect(!out.stderr.contains("illisible"))
        // Nothing half-written is left: neither the WAV nor its temporary file.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: home.root.path)) ?? []
        #expect(!left.contains { $0.contains("long.wav") }, "\(left)")
    }

    // MARK: 11. HOME

    /// A relative HOME put the database under the current folder with six lines of Foundation's
    /// English; an unset one left history off while settings went to the account's home. Now it
    /// is said once in French, and everything goes to the account's home.
    @Test(arguments: ["relative/home", ""])
    func aRelativeOrUnsetHomeIsSaidInFrenchAndIgnored(_ value: String) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let folder = home.root.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unset = value.isEmpty ? "unset HOME; " : "export HOME=\(value); "
        // The XDG folders stay the test's own: the account's real home is never written to.
        let out = try shell("cd \(folder.path); " + unset
                            + #"printf 'où\nquitter\n' | "$LECTEUR" --transcript jsonl --speech off --braille off 2>&1; echo "status $?""#,
                            environment: home.environment)
        #expect(out.stdout.contains("status 0"), "\(out.stdout.suffix(300))")
        #expect(out.stdout.contains("La variable HOME"), "\(out.stdout.prefix(1500))")
        #expect(!out.stdout.contains("Failed to get the home directory"), "no Foundation English")
        #expect(!out.stdout.contains("not an absolute path"))
        let left = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        #expect(left.isEmpty, "nothing written under the current folder: \(left)")
    }
}
