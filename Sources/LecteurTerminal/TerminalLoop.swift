// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The reader on a terminal: a welcome, typed lines edited with libedit or single keys
/// (`régler clavier`, `--input`), `q` asking before it quits, a goodbye. Input from a pipe does
/// not come here (`CommandLoop` reads it exactly as before).
public struct TerminalLoop {
    public let session: any TerminalSession
    public let prompt: String
    /// This run's keyboard mode when `--input` chose one (not saved).
    public let inputMode: InputMode?
    /// Ask the terminal for focus reports (watching for a screen reader, `--speech auto`).
    public let reportsFocus: Bool

    public init(session: any TerminalSession, prompt: String, inputMode: InputMode?, reportsFocus: Bool = false) {
        self.session = session
        self.prompt = prompt
        self.inputMode = inputMode
        self.reportsFocus = reportsFocus
    }

    /// `$XDG_STATE_HOME/lecteur/history` (by default `~/.local/state/lecteur/history`), its
    /// folder made readable by the user only; nil when no home is known.
    public static func historyPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? UserHome.resolve(environment).path.map { $0 + "/.local/state" }
        guard let state else { return nil }
        let folder = state + "/lecteur"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return folder + "/history"
    }

    /// Runs until the reader quits. Returns false when libedit could not start on this terminal:
    /// the caller then reads plain lines.
    public func run(startupNotices: [StartupProblem] = []) -> Bool {
        TerminalMode.prepare()
        let suspension = TerminalSuspension()
        suspension.begin()
        defer {
            suspension.end()
            TerminalMode.restore()
        }
        let historyPath = Self.historyPath()
        guard let editor = LinePrompt(session: session, historyPath: historyPath) else { return false }
        // libedit's set-up puts the terminal back to canonical with echo: until its first line
        // the kernel echoed the terminal's focus report (VTE answers `CSI ? 1004 h` with
        // `ESC [ I` at once), which Orca then read as « ^[[I Lecteur prêt ».
        TerminalMode.betweenLines()
        session.send(.attachTerminal(inputMode: inputMode))
        if reportsFocus, isatty(STDOUT_FILENO) == 1 { TerminalMode.reportFocus() }
        let size = TerminalSizeReport()
        size.check(session)
        session.start(notices: startupNotices + (editor.historyFault.map { [.history(file: historyPath ?? "", $0)] } ?? []))
        reading: while !session.hasQuit {
            if session.runtimeFacts.closing {
                // The goodbye is on the braille display for its time: no prompt under it, and
                // any key (not only a line) ends the reader at once, as the core decided.
                TerminalMode.enterRaw()
                let wait = editor.input.fill(timeoutMs: -1)
                TerminalMode.leaveRaw()
                if wait != .quit, !session.hasQuit { session.send(.command(.quit)) }
                break reading
            }
            switch session.runtimeFacts.inputMode {
            case .lines:
                guard case .line(let line) = editor.read(prompt: prompt) else {
                    // Ctrl-D on an empty line: leave, with the goodbye (unless the display quit).
                    if !session.hasQuit { session.send(.command(.quit)) }
                    break reading
                }
                size.check(session)
                session.handle(line: line, arrivedAtMs: nil)
            case .keys:
                switch KeyInput(session: session, prompt: editor, input: editor.input).run() {
                case .quit: break reading
                case .endOfInput:
                    if !session.hasQuit { session.send(.command(.quit)) }
                    break reading
                case .modeChanged: continue
                }
            }
        }
        // "quit" means now, also while a slow server is still being waited for.
        session.cancelLoads()
        session.waitForLoads()
        return true
    }
}
