// SPDX-License-Identifier: GPL-3.0-or-later
import CLecteurSpawn
import Foundation
import Synchronization

/// The terminal's settings as the reader found them, put back on every way out: a normal quit,
/// Ctrl-D, and the signals `Termination` handles (it calls `restore()` before `_exit`). Line
/// editing (libedit) and single-key mode both change them while they read.
public enum TerminalMode {
    private struct Saved {
        var original: termios?
        /// While the reader runs: as found, but Ctrl-C is a key.
        var session: termios?
        /// The kitty keyboard protocol's flags were pushed (key releases reported): pop them on
        /// the way out, whichever it is.
        var releasesPushed = false
        /// Focus reports were asked for (`CSI ? 1004 h`): turned off on the way out.
        var reportsFocus = false

        /// Pops what `pushKeyReleases` pushed (the terminal's flags as they were before).
        mutating func popKeyReleases() {
            guard releasesPushed else { return }
            releasesPushed = false
            writeToTerminal("\u{1B}[<u")
            publishForCrash()
        }

        /// What gives the terminal back as it was found, in bytes: the kitty flags popped, focus
        /// reports off.
        var restoreBytes: String {
            (releasesPushed ? "\u{1B}[<u" : "") + (reportsFocus ? Self.focusOff : "")
        }

        /// Focus reports, and bracketed paste with them: a pasted `ESC [ O` is then told from
        /// the terminal's (issue 50, item 6).
        static let focusOn = "\u{1B}[?1004h\u{1B}[?2004h"
        static let focusOff = "\u{1B}[?2004l\u{1B}[?1004l"

        /// Hands the way back to the fatal signals' handler (`lecteur_crash_terminal_install`):
        /// a trap (SIGILL), a SIGSEGV or an abort left the terminal raw, the kitty flags pushed
        /// and focus reports on (issue 50, item 2). The handler may not take a lock or allocate,
        /// so what it writes and sets is copied to it each time it changes.
        func publishForCrash() {
            if var original {
                withUnsafePointer(to: &original) { lecteur_crash_terminal_set(restoreBytes, 1, $0) }
            } else {
                lecteur_crash_terminal_set(restoreBytes, 0, nil)
            }
        }
    }

    /// Held while the terminal's settings are changed, so two changes never interleave.
    private static let saved = Mutex(Saved())

    /// Asks a terminal that answered `CSI ? u` to report key events' types (flag 2: press,
    /// repeat, release), on its own stack of flags.
    static func pushKeyReleases() {
        saved.withLock { saved in
            guard !saved.releasesPushed else { return }
            saved.releasesPushed = true
            saved.publishForCrash()
            writeToTerminal("\u{1B}[>2u")
        }
    }

    /// Asks the terminal to report its focus (`ESC [ I`, `ESC [ O`; VTE, xterm, kitty…): beside a
    /// screen reader, the reader speaks background events only while its terminal is not focused.
    static func reportFocus() {
        saved.withLock { saved in
            guard !saved.reportsFocus else { return }
            saved.reportsFocus = true
            saved.publishForCrash()
            writeToTerminal(Saved.focusOn)
        }
    }

    /// Pops what `pushKeyReleases` pushed (the terminal's flags as they were before).
    static func popKeyReleases() {
        saved.withLock { $0.popKeyReleases() }
    }

    /// Straight to the terminal, not through stdio's buffer (a signal may come at any time).
    static func writeToTerminal(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(STDOUT_FILENO, &bytes, bytes.count)
    }

    /// Remembers the terminal's settings (Ctrl-C then reaches the reader as a key, not SIGINT),
    /// and makes sure characters are read and written as
    /// UTF-8 (libedit's wide-character functions follow LC_CTYPE: in the C locale « é » would be
    /// two characters to delete).
    public static func prepare() {
        saved.withLock { saved in
            var settings = termios()
            if tcgetattr(STDIN_FILENO, &settings) == 0 {
                saved.original = settings
                // Ctrl-C is a key for the whole session (silence, clear the line), also in the
                // moment between two edited lines, when libedit has given the terminal back.
                // Not canonical and not echoed then either: what is typed while a command runs
                // waits as it is for the next line (the kernel echoed it out of place, cut it at
                // 4 095 bytes, and turned a Ctrl-D into an end of file that was lost).
                settings.c_lflag &= ~tcflag_t(ISIG | ICANON | ECHO)
                withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                    cc[Int(VMIN)] = 1
                    cc[Int(VTIME)] = 0
                }
                saved.session = settings
                saved.publishForCrash()
                lecteur_crash_terminal_install()
                tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            }
            setlocale(LC_CTYPE, "")
            if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        }
    }

    /// Puts the settings found at start back. Safe to call more than once, from any thread.
    public static func restore() {
        saved.withLock { saved in
            saved.popKeyReleases()
            if saved.reportsFocus {
                saved.reportsFocus = false
                writeToTerminal(Saved.focusOff)
                saved.publishForCrash()
            }
            guard var settings = saved.original else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
    }

    /// SIGTSTP (`kill -TSTP`, a job control stop): the terminal is given back as it was found
    /// (kitty flags popped, focus reports off, its own modes) before the process stops, so the
    /// shell gets neither key-release reports, nor `ESC [ I` / `ESC [ O`, nor raw mode; once
    /// continued (SIGCONT) the modes in effect before, raw or libedit's, are set again, the flags
    /// pushed and focus reports asked for again.
    ///
    /// The stop is raised on this very thread (`raise`, a signal to the thread): the kernel
    /// stops the whole process before `raise` returns, and this thread goes on only once
    /// continued. `kill(getpid(), SIGSTOP)` was taken by another thread, and this one ran into
    /// the code below first: while stopped, the terminal was raw again with the flags pushed in
    /// 2 runs of 6 (issue 50, item 3).
    static func suspend() {
        var current = termios()
        let (pushed, focus, known) = saved.withLock { saved -> (Bool, Bool, Bool) in
            let pushed = saved.releasesPushed, focus = saved.reportsFocus
            saved.popKeyReleases()
            if focus {
                saved.reportsFocus = false
                writeToTerminal(Saved.focusOff)
            }
            saved.publishForCrash()
            let known = tcgetattr(STDIN_FILENO, &current) == 0
            if var original = saved.original { tcsetattr(STDIN_FILENO, TCSADRAIN, &original) }
            return (pushed, focus, known)
        }
        raise(SIGSTOP)
        // Here once continued.
        saved.withLock { saved in
            if known { tcsetattr(STDIN_FILENO, TCSANOW, &current) }
            if pushed {
                saved.releasesPushed = true
                writeToTerminal("\u{1B}[>2u")
            }
            if focus {
                saved.reportsFocus = true
                writeToTerminal(Saved.focusOn)
            }
            saved.publishForCrash()
        }
        // The screen may have changed meanwhile: a line being edited is drawn again.
        PromptOutput.requestRedraw()
    }

    /// Once libedit has read a line: it leaves the terminal canonical with echo, the session
    /// wants it as `prepare` set it.
    static func betweenLines() {
        saved.withLock { saved in
            guard var settings = saved.session else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
    }

    /// Back from single-key mode to the session's settings (libedit reads lines from there).
    static func leaveRaw() {
        saved.withLock { saved in
            saved.popKeyReleases()
            guard var settings = saved.session else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
    }

    /// Single-key mode: every key at once, not echoed; Ctrl-C and Ctrl-D are keys (silence,
    /// quit), not signals; Return arrives as Return.
    static func enterRaw() {
        saved.withLock { saved in
            guard var raw = saved.original else { return }
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
    }
}
