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
    /// The process name that is Orca: "orca" on a real machine. Tests give a private one so that
    /// another test's (or another run's) stand-in Orca on the same machine is not theirs.
    public var orcaName: String

    public init(root: String = "/", orcaName: String = "orca") {
        self.root = root
        self.orcaName = orcaName
    }

    /// `LECTEUR_PROBE_ROOT` moves the probes and `LECTEUR_ORCA_PROCESS` renames Orca's process
    /// (for tests of the whole program).
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> ScreenReaderProbes {
        let name = env["LECTEUR_ORCA_PROCESS"].flatMap { $0.isEmpty ? nil : $0 } ?? "orca"
        return ScreenReaderProbes(root: env["LECTEUR_PROBE_ROOT"] ?? "/", orcaName: name)
    }

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
    public func brlttySpeaks() -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path("/proc")) else { return false }
        for pid in entries where pid.allSatisfy(\.isNumber) {
            guard let raw = FileManager.default.contents(atPath: path("/proc/\(pid)/cmdline")) else { continue }
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
        guard let text = try? String(contentsOfFile: path(file), encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: \.isWhitespace)
            if words.count >= 2, words[0] == "speech-driver" { return String(words[1]) }
        }
        return nil
    }

    /// `/proc/PID/stat` gives the state after the name in parentheses (which may hold spaces or
    /// parentheses itself, hence the last one): `Z` is a process that has ended.
    static func isZombie(statLine: String?) -> Bool {
        guard let statLine, let close = statLine.lastIndex(of: ")") else { return false }
        return statLine[statLine.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// Orca, however it was started, as it finds its own instances (`pgrep -u UID -x orca`): a
    /// process of this user whose name (`/proc/PID/comm`, which Orca sets with prctl) is `orca`
    /// (`orcaName`).
    public func orcaRunning() -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path("/proc")) else { return false }
        let me = getuid()
        for pid in entries where pid.allSatisfy(\.isNumber) {
            let folder = path("/proc/\(pid)")
            guard let name = try? String(contentsOfFile: folder + "/comm", encoding: .utf8),
                  name.trimmingCharacters(in: .whitespacesAndNewlines) == orcaName else { continue }
            // An Orca that quit but is not yet reaped by its parent (a zombie) speaks no more.
            guard !Self.isZombie(statLine: try? String(contentsOfFile: folder + "/stat", encoding: .utf8)) else { continue }
            var info = stat()
            if stat(folder, &info) == 0, info.st_uid == me { return true }
        }
        return false
    }
}
