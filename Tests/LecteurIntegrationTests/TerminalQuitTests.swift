// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The reader on a terminal (a pseudo-terminal driven by Python's pty module): the prompt shows,
/// and "quitter" typed while a slow server is being waited for ends the reader at once.
@Suite struct TerminalQuitTests {
    static let driver = """
    import os, pty, select, sys, time
    argv = sys.argv[1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    out = b""
    def read_until(token, seconds):
        global out
        end = time.monotonic() + seconds
        while token not in out and time.monotonic() < end:
            r, _, _ = select.select([fd], [], [], 0.1)
            if r:
                try:
                    out += os.read(fd, 4096)
                except OSError:
                    break
        return token in out
    prompted = read_until("> ".encode(), 20)
    os.write(fd, "quitter\\r".encode())
    start = time.monotonic()
    status = None
    while time.monotonic() - start < 20:
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(raw)
            break
        read_until(b"\\x00", 0.05)
    if status is None:
        os.kill(pid, 9)
    print("prompted=%s status=%s seconds=%.2f" % (prompted, status, time.monotonic() - start))
    """

    @Test func quitDuringASlowLoadOnATerminalLeavesAtOnce() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let server = try CatalogueServer()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.driver, LecteurProcess.binary.path,
                             "--catalog", server.url("slow-60"), "--timeout", "50", "--speech", "off", "--braille", "off"]
        process.environment = LecteurProcess.childEnvironment(home.environment)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let fields = Dictionary(uniqueKeysWithValues: report.split(separator: " ").compactMap { pair -> (String, String)? in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        })
        #expect(fields["prompted"] == "True", "the prompt is shown on a terminal: \(report)")
        #expect(fields["status"] == "0", "\(report)")
        #expect((Double(fields["seconds"] ?? "") ?? 99) < 3, "quit does not wait for the 60 s answer: \(report)")
    }
}
