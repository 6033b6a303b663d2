// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTerminal

/// Reads one command per line from standard input until "quit" or the end of input.
/// On a terminal it shows a prompt; from a pipe it prints none, waits for the devices' first
/// reports, then hands each line to the reader as it reads it: the reader queues them and
/// applies each once what the lines before it started (a load, a reading) has settled, so a
/// script always acts on what it expects. The loop itself waits only for room in that queue.
public struct CommandLoop {
    public let session: ReaderSession
    public let interactive: Bool
    public let prompt: String?

    public init(session: ReaderSession, interactive: Bool, prompt: String?) {
        self.session = session
        self.interactive = interactive
        self.prompt = prompt
    }

    public static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// - Parameter input: standard input by default, read in bounded chunks (`LineReader`),
    ///   given up when the reader quits on its own (from the braille display).
    public func run(startupNotices: [StartupProblem] = [], input: LineReader? = nil) {
        let input = input ?? LineReader(wake: session.quitSignal)
        session.start(notices: startupNotices)
        guard interactive else { return runScript(input) }
        while true {
            // No prompt under the goodbye held on the braille display: the next line, or its
            // time, ends the reader.
            if let prompt, !session.runtimeFacts.closing { Transcript.standardOutput(prompt) }
            guard let item = input.next() else { break }
            switch item {
            case .line(let line):
                if !session.handle(line: line, arrivedAtMs: input.arrivedAtMs) { return finish() }
            case .tooLong:
                // Said at once; the rest of the line is skipped while the reader keeps answering.
                session.send(.device(.lineTooLong(limitBytes: LineReader.maximumLineBytes)))
            }
        }
        finish()
    }

    /// A script: its lines go to the reader's queue without waiting for what they start. The
    /// loop stops once the reader quits (lines read past `quitter` are the reader's to drop).
    private func runScript(_ input: LineReader) {
        // A script's transcript is the same every run: what the devices found at start-up is
        // said before its first command.
        session.waitForDevices()
        while session.awaitScriptRoom() {
            guard let item = input.next() else { break }
            switch item {
            case .line(let line): session.enqueue(.line(line, arrivedAtMs: input.arrivedAtMs))
            case .tooLong: session.enqueue(.tooLong(limitBytes: LineReader.maximumLineBytes))
            }
        }
        session.awaitScriptApplied()
        finish()
    }

    private func finish() {
        // "quit" means now, also while a slow server is still being waited for; at the end of
        // a piped script the load is waited for, so the script's last commands saw it through.
        if session.hasQuit { session.cancelLoads() }
        session.waitForLoads()
    }
}
