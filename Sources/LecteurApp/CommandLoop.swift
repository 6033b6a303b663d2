// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTerminal

/// Reads one command per line from standard input until "quit" or the end of input.
/// On a terminal it shows a prompt; from a pipe it prints none and waits for the devices' first
/// reports and for catalogue loads before each line, so a script always acts on what it expects.
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
        // A script's transcript is the same every run: what the devices found at start-up is
        // said before its first command is read.
        if !interactive { session.waitForDevices() }
        while true {
            // No prompt under the goodbye held on the braille display: the next line, or its
            // time, ends the reader.
            if let prompt, !session.runtimeFacts.closing { Transcript.standardOutput(prompt) }
            guard let item = input.next() else { break }
            // A script's line waits for what is in flight (a load, a reading), so its transcript
            // is the same every run; `stop` and `quitter` during a reading are the exception:
            // they end it at once, as typed on a terminal (they waited for the whole screen).
            if !interactive && !interruptsReading(item) { session.waitForLoads() }
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

    private func interruptsReading(_ item: LineReader.Item) -> Bool {
        guard case .line(let line) = item else { return false }
        return session.reader.interruptsReading(line, session.runtimeFacts)
    }

    private func finish() {
        // "quit" means now, also while a slow server is still being waited for; at the end of
        // a piped script the load is waited for, so the script's last commands saw it through.
        if session.hasQuit { session.cancelLoads() }
        session.waitForLoads()
    }
}
