// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Where each screen reader shows that it runs. Every probe reads a path, so tests point them at
/// a simulated machine (`root`) and exercise the same code the user's machine runs.
///
/// The accessibility bus's `ScreenReaderEnabled` is not asked: it follows GNOME's « screen
/// reader » switch, which stays on when Orca crashed or was quit with Insert+Q (the reader was
/// then silent beside no one), and stays off when Orca is started by hand. Orca's process is
/// what tells, as Orca itself finds its instances.
public struct ScreenReaderProbes: Sendable {
    /// Prefix of /sys, /proc and /etc: "/" on a real machine.
    public var root: String

    public init(root: String = "/") {
        self.root = root
    }

    /// The probes of this machine. A debug build (the one the tests run) also takes
    /// `LECTEUR_PROBE_ROOT`, a private /sys, /proc and /etc to read instead; a release build (the
    /// one installed and packaged) has no such variable: a test hook every installed copy obeyed
    /// let anyone's environment move the probes (issue 50, item 10). Orca is always the process
    /// named `orca`: tests start a real one of that name and show the reader only it, through a
    /// private root whose /proc holds its entry.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> ScreenReaderProbes {
        #if DEBUG
        return ScreenReaderProbes(root: env["LECTEUR_PROBE_ROOT"] ?? "/")
        #else
        return ScreenReaderProbes()
        #endif
    }

    /// The most of a process's command line read (`/proc/PID/cmdline`): brltty's options are
    /// near its start, and a process of 2 MB of arguments cost a whole read every half second.
    static let commandLineLimit = 4096
    /// The most of brltty's configuration file read; a larger one is not brltty's.
    static let configurationLimit = 65_536

    private func path(_ absolute: String) -> String {
        root == "/" ? absolute : (root as NSString).appendingPathComponent(absolute)
    }

    /// What each probe reads now; the core decides which screen reader speaks.
    public func signals() -> ScreenReaderSignals {
        ScreenReaderSignals(orcaProcess: orcaRunning(), speakupSynth: speakupActive(), brlttySpeech: brlttySpeaks())
    }

    /// The screen reader that speaks now, as the core decides from `signals()`.
    public func detect() -> ScreenReader? { signals().screenReader }

    /// Speakup exposes its synthesizer; "none" means it is loaded but silent.
    public func speakupActive() -> Bool {
        guard let synth = try? String(contentsOfFile: path("/sys/accessibility/speakup/synth"), encoding: .utf8) else {
            return false
        }
        let name = synth.trimmingCharacters(in: .whitespacesAndNewlines)
        return !name.isEmpty && name != "none"
    }

    /// A running brltty whose speech driver is not `no`: from its command line (`-s X`,
    /// `--speech-driver=X`), else from the `speech-driver` line of its configuration file.
    ///
    /// Only this user's processes, and bounded prefixes of what they show: any user could start
    /// `exec -a brltty … -f /a/300MB/file` and hold every reader's start-up for 15 s and 654 MB,
    /// then a core, or load it with 20 processes of 2 MB of arguments (issue 50, item 4).
    public func brlttySpeaks() -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path("/proc")) else { return false }
        let me = getuid()
        for pid in entries where pid.allSatisfy(\.isNumber) {
            var info = stat()
            guard stat(path("/proc/\(pid)"), &info) == 0, info.st_uid == me,
                  let raw = Self.prefix(of: path("/proc/\(pid)/cmdline"), limit: Self.commandLineLimit) else { continue }
            let arguments = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let program = arguments.first, (program as NSString).lastPathComponent == "brltty" else { continue }
            if let driver = Self.speechDriver(arguments: Array(arguments.dropFirst())) ?? configuredSpeechDriver(arguments) {
                if driver != "no" { return true }
            }
        }
        return false
    }

    static func speechDriver(arguments: [String]) -> String? {
        var driver: String?
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "-s" || argument == "--speech-driver", i + 1 < arguments.count {
                driver = arguments[i + 1]
                i += 1
            } else if argument.hasPrefix("--speech-driver=") {
                driver = String(argument.dropFirst("--speech-driver=".count))
            } else if argument.hasPrefix("-s"), argument.count > 2 {
                driver = String(argument.dropFirst(2))
            }
            i += 1
        }
        return driver
    }

    /// brltty reads /etc/brltty.conf unless `-f FILE` names another one.
    private func configuredSpeechDriver(_ arguments: [String]) -> String? {
        var file = "/etc/brltty.conf"
        if let index = arguments.firstIndex(of: "-f"), index + 1 < arguments.count { file = arguments[index + 1] }
        // A regular file only (a FIFO would be waited on for good), and no larger than the limit.
        var info = stat()
        guard stat(path(file), &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.configurationLimit,
              let raw = Self.prefix(of: path(file), limit: Self.configurationLimit) else { return nil }
        let text = String(decoding: raw, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: \.isWhitespace)
            if words.count >= 2, words[0] == "speech-driver" { return String(words[1]) }
        }
        return nil
    }

    /// At most `limit` bytes from the start of a file, never waiting on it (O_NONBLOCK: a FIFO
    /// gives nothing rather than holding the probe); nil when it cannot be opened.
    static func prefix(of file: String, limit: Int) -> [UInt8]? {
        let fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, limit - filled) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// `/proc/PID/stat` gives the state after the name in parentheses (which may hold spaces or
    /// parentheses itself, hence the last one): `Z` is a process that has ended.
    static func isZombie(statLine: String?) -> Bool {
        guard let statLine, let close = statLine.lastIndex(of: ")") else { return false }
        return statLine[statLine.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// Orca, however it was started, as it finds its own instances (`pgrep -u UID -x orca`): a
    /// process of this user whose name (`/proc/PID/comm`, which Orca sets with prctl) is `orca`.
    public func orcaRunning() -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path("/proc")) else { return false }
        let me = getuid()
        for pid in entries where pid.allSatisfy(\.isNumber) {
            let folder = path("/proc/\(pid)")
            guard let name = try? String(contentsOfFile: folder + "/comm", encoding: .utf8),
                  name.trimmingCharacters(in: .whitespacesAndNewlines) == "orca" else { continue }
            // An Orca that quit but is not yet reaped by its parent (a zombie) speaks no more.
            guard !Self.isZombie(statLine: try? String(contentsOfFile: folder + "/stat", encoding: .utf8)) else { continue }
            var info = stat()
            if stat(folder, &info) == 0, info.st_uid == me { return true }
        }
        return false
    }
}
