// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Synchronization
import Testing

/// Issue 38 items 3 and 4 through the binary on a pseudo-terminal: the command history file
/// read like every other input file, saved atomically, merged between two sessions.
@Suite struct HardeningHistoryTests {
    static let arguments = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    func historyURL(_ home: ReaderHome) throws -> URL {
        let folder = home.root.appendingPathComponent("state/lecteur")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("history")
    }

    func notices(_ run: PseudoTerminal.Run) -> [String] {
        run.events.filter { ["notice", "error"].contains($0["type"] as? String) }.compactMap { $0["message"] as? String }
    }

    /// A FIFO there blocked start-up (no prompt in 30 s): now it is said and left alone.
    @Test func aFIFOAsHistoryNeitherBlocksNorIsReplaced() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let history = try historyURL(home)
        #expect(mkfifo(history.path, 0o600) == 0)
        let run = try PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
            .type("où\r", until: "\"where\""), .type("quitter\r", until: "goodbye"),
        ])
        #expect(run.status == 0, "\(run.output.suffix(400))")
        #expect(notices(run).contains { $0.contains("Historique des commandes") && $0.contains("tube nommé") }, "\(notices(run))")
        var info = stat()
        #expect(lstat(history.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still the FIFO")
    }

    /// One 100 MB line took peak memory to 1.77 GB and `quitter` went unanswered: a file past
    /// the 4 MiB limit is refused before a byte is read, and kept as it is.
    @Test func aHugeHistoryIsRefusedBeforeReadingAndKept() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let history = try historyURL(home)
        let huge = Data("_HiStOrY_V2_\n".utf8) + Data(repeating: UInt8(ascii: "a"), count: 100_000_000) + Data("\n".utf8)
        try huge.write(to: history)
        let run = try PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
            .type("où\r", until: "\"where\""), .type("quitter\r", until: "goodbye"),
        ])
        #expect(run.status == 0, "\(run.output.suffix(400))")
        #expect(notices(run).contains { $0.contains("Historique des commandes") && $0.contains("Kio") }, "\(notices(run))")
        let size = try FileManager.default.attributesOfItem(atPath: history.path)[.size] as? Int
        #expect(size == huge.count, "left as it was")
    }

    /// A history symlinked to a 0644 file had its target's content replaced and chmodded 0600:
    /// the link is not followed, its target stays as it was.
    @Test func aSymlinkedHistoryLeavesItsTargetUntouched() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let history = try historyURL(home)
        let target = home.root.appendingPathComponent("notes.txt")
        try Data("mes notes\n".utf8).write(to: target)
        chmod(target.path, 0o644)
        try FileManager.default.createSymbolicLink(atPath: history.path, withDestinationPath: target.path)
        let run = try PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
            .type("où\r", until: "\"where\""), .type("quitter\r", until: "goodbye"),
        ])
        #expect(run.status == 0, "\(run.output.suffix(400))")
        #expect(notices(run).contains { $0.contains("lien symbolique") }, "\(notices(run))")
        #expect(try String(contentsOf: target, encoding: .utf8) == "mes notes\n")
        #expect((try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int) == 0o644)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: history.path)) == target.path)
    }

    /// A folder at the history's place lost its search bit (chmod 0600): it is left as it was.
    @Test func aFolderAsHistoryKeepsItsMode() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let history = try historyURL(home)
        try FileManager.default.createDirectory(at: history, withIntermediateDirectories: false)
        chmod(history.path, 0o755)
        let run = try PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
            .type("où\r", until: "\"where\""), .type("quitter\r", until: "goodbye"),
        ])
        #expect(run.status == 0, "\(run.output.suffix(400))")
        #expect((try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int) == 0o755)
        #expect(notices(run).contains { $0.contains("Historique des commandes") && $0.contains("dossier") }, "\(notices(run))")
    }

    /// Two sessions sharing the file: the last to write won, the other's lines were lost. Now
    /// each save adds its new lines to the file as it stands: both sessions' lines are kept.
    @Test func twoSessionsSharingTheHistoryKeepBothSessionsLines() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let history = try historyURL(home)
        let first = Mutex<PseudoTerminal.Run?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Its second line comes long after the other session has started and saved.
            let run = try? PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
                .type("onglet morse\r", until: "\"focus\""), .type("", pause: 8),
                .type("aide\r", until: "\"speech\""), .type("quitter\r", until: "goodbye"),
            ])
            first.withLock { $0 = run }
            done.signal()
        }
        let deadline = TestDeadline(seconds: 30)
        while !deadline.hasPassed, !((try? String(contentsOf: history, encoding: .utf8))?.contains("onglet") ?? false) { usleep(50_000) }
        let second = try PseudoTerminal.run(Self.arguments, environment: home.environment, steps: [
            .type("suivant\r", until: "\"focus\""), .type("quitter\r", until: "goodbye"),
        ])
        #expect(second.status == 0, "\(second.output.suffix(400))")
        done.wait()
        #expect(first.withLock { $0?.status } == 0)
        let saved = try String(contentsOf: history, encoding: .utf8)
        #expect(saved.contains("onglet"), "the first session's first line: \(saved)")
        #expect(saved.contains("suivant"), "the second session's line: \(saved)")
        #expect(saved.contains("aide"), "the first session's line after the second saved: \(saved)")
        #expect((try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: history.deletingLastPathComponent().path)
        #expect(leftovers == ["history"], "no temporary file left: \(leftovers)")
    }
}
