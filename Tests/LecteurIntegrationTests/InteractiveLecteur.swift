// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport

/// The real `lecteur` driven line by line, reading its JSON Lines transcript as it comes, so a
/// test can answer what it hears (practice) or kill it in the middle of a session.
final class InteractiveLecteur: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    private var lines: [[String: Any]] = []
    /// When each line was read, for tests that time the reader's output.
    private var arrivals: [Date] = []
    /// Each line's size in bytes as written (newline excluded), for tests that weigh the transcript.
    private var sizes: [Int] = []
    private var consumed = 0
    /// Signalled when standard output reaches its end: the reader's exit does not mean its last
    /// lines have been read (fresh-clone run 26: a drill's summary, its last line, was not yet
    /// read when `finish` returned, beside four daemon processes).
    private let outputEnded = DispatchSemaphore(value: 0)

    init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = LecteurProcess.binary
        process.arguments = arguments
        process.environment = LecteurProcess.childEnvironment(environment)
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                self.outputEnded.signal()
                return
            }
            self.lock.lock()
            self.buffer.append(data)
            while let newline = self.buffer.firstIndex(of: 0x0A) {
                let line = self.buffer[self.buffer.startIndex..<newline]
                self.buffer.removeSubrange(self.buffer.startIndex...newline)
                if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] {
                    self.lines.append(object)
                    self.arrivals.append(Date())
                    self.sizes.append(line.count)
                }
            }
            self.lock.unlock()
        }
        try process.run()
    }

    func send(_ line: String, newline: Bool = true) {
        input.fileHandleForWriting.write(Data((line + (newline ? "\n" : "")).utf8))
    }

    /// Waits for the next event (after those already returned) that matches, or fails after `timeout`.
    func next(_ type: String, timeout: TimeInterval = 20, where match: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let deadline = TestDeadline(seconds: timeout)
        while !deadline.hasPassed {
            lock.lock()
            while consumed < lines.count {
                let event = lines[consumed]
                consumed += 1
                if event["type"] as? String == type, match(event) {
                    lock.unlock()
                    return event
                }
            }
            lock.unlock()
            usleep(5_000)
        }
        throw LecteurProcess.TimedOut(arguments: ["lecteur waiting for \(type)"])
    }

    /// Waits for any event so far or to come (consumed or not) that matches; nil at the timeout.
    func wait(timeout: TimeInterval, for match: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = TestDeadline(seconds: timeout)
        repeat {
            lock.lock()
            let found = lines.first(where: match)
            lock.unlock()
            if let found { return found }
            usleep(5_000)
        } while !deadline.hasPassed
        return nil
    }

    /// Every event of that type received so far with when it was read, consumed or not.
    func seenTimed(_ type: String) -> [(event: [String: Any], at: Date)] {
        lock.lock()
        defer { lock.unlock() }
        return zip(lines, arrivals).filter { $0.0["type"] as? String == type }.map { ($0.0, $0.1) }
    }

    /// The size in bytes of every event of that type received so far, as written.
    func seenSizes(_ type: String) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        return zip(lines, sizes).filter { $0.0["type"] as? String == type }.map(\.1)
    }

    /// Every event of that type received so far, consumed or not.
    func seen(_ type: String) -> [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        return lines.filter { $0["type"] as? String == type }
    }

    /// The reader's process id (to read its memory in /proc).
    var pid: Int32 { process.processIdentifier }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func signal(_ signo: Int32) -> Int32 {
        Foundation.kill(process.processIdentifier, signo)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits for the reader to end on its own (standard input left open); nil at the timeout.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = TestDeadline(seconds: timeout)
        while process.isRunning && !deadline.hasPassed { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Closes standard input, waits for the reader to end and for its last lines to be read
    /// (a child that kept the output open would cost at most 5 s).
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        if outputEnded.wait(timeout: .now() + 5) == .timedOut {
            print("INTERACTIVE: standard output still open 5 s after the reader ended")
        }
        return process.terminationStatus
    }
}
