// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// What a test needs from the machine (a daemon, a program, a file system feature), and why it
/// is missing when it is.
///
/// Outside CI a test whose requirement is missing is skipped, with the reason. Under `CI=true`
/// it is not skipped: the gate itself fails, naming what is missing — a CI run that skipped
/// would go green without checking what it claims. See docs/testing.md.
public struct Requirement: Sendable {
    /// What is needed, as a person installing it would name it ("PulseAudio (pulseaudio, pactl, parec)").
    public let name: String
    /// Why it cannot be used here, or nil when it can. Probed once per test process.
    public let missing: String?

    public init(_ name: String, missing: String?) {
        self.name = name
        self.missing = missing
    }

    /// Whether this run is a CI run (`CI` set to anything but empty, `0` or `false`).
    public static var isCI: Bool {
        let value = (ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()
        return !["", "0", "false"].contains(value)
    }

    /// Throws when it is missing: the test fails with the reason instead of going on without it.
    public func require() throws {
        if let missing { throw Missing(name: name, reason: missing) }
    }

    public struct Missing: Error, CustomStringConvertible {
        public let name: String
        public let reason: String
        public var description: String {
            "\(name) is required and \(reason)" + (Requirement.isCI ? " (CI=true: a missing requirement fails the test)" : "")
        }
    }

    /// The gate of a ConditionTrait: true when usable; when not, false (skipped) outside CI and
    /// a thrown `Missing` (the test fails) under CI.
    func gate() throws -> Bool {
        guard missing != nil else { return true }
        if Self.isCI { try require() }
        return false
    }

    var skipReason: String { missing.map { "\(name) is required and \($0)" } ?? name }
}

extension Trait where Self == ConditionTrait {
    /// `@Test(.requires(.pulseAudio))`: skipped with the reason when missing, failing under CI.
    public static func requires(_ requirements: Requirement..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        let reasons = requirements.filter { $0.missing != nil }.map(\.skipReason).joined(separator: "; ")
        return .enabled(if: try requirements.allSatisfy { try $0.gate() }, Comment(rawValue: reasons),
                        sourceLocation: sourceLocation)
    }
}

// MARK: - The machine's daemons and programs

extension Requirement {
    public static let pulseAudio = Requirement(
        "PulseAudio (pulseaudio, pactl, parec)",
        missing: Probe.programs(["pactl", "parec"])
            ?? (Probe.succeeds("/bin/bash", [PrivatePulseServer.script, "available"]) ? nil
                : "no pulseaudio daemon was found (neither on PATH nor the private copy of scripts/install-deps.sh test)"))

    public static let speechDispatcher = Requirement(
        "speech-dispatcher with its espeak-ng module",
        missing: Probe.programs(["speech-dispatcher"])
            ?? (Probe.succeeds("/bin/bash", [PrivateSpeechDispatcher.script, "available"]) ? nil
                : "its configuration (/etc/speech-dispatcher) or its espeak-ng module is not installed"))

    /// strace, to count the files a process opens (LocaleOpensTests).
    public static let strace = Requirement("strace", missing: Probe.programs(["strace"]))

    public static let brltty = Requirement("brltty (and python3 for the test display)",
                                           missing: Probe.programs(["brltty", "python3"]))

    public static let chromium: Requirement = {
        let missing: String?
        if let browser = ["chromium", "chromium-browser"].first(where: { Probe.path(of: $0) != nil }) {
            missing = Probe.programs(["python3", browser])
        } else {
            missing = "neither chromium nor chromium-browser is on PATH"
        }
        return Requirement("Chromium (Debian package chromium, driven by python3)", missing: missing)
    }()

    /// A real Orca in a private graphical session (OrcaProcessTests).
    public static let orca = Requirement("Orca under Xvfb (orca, xvfb, dbus-x11, at-spi2-core)",
                                         missing: Probe.programs(["orca", "gsettings", "dbus-daemon"]) ?? Probe.onPath(["Xvfb", "dbus-send"]))

    public static let sessionBus = Requirement(
        "a D-Bus session bus with the accessibility bus launcher (dbus-daemon, dbus-send, at-spi2-core)",
        missing: Probe.programs(["dbus-daemon"]) ?? Probe.onPath(["dbus-send"])
            ?? (FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher") ? nil
                : "/usr/libexec/at-spi-bus-launcher is not installed"))
}

/// Looks programs up on PATH (as the scripts and the reader do) and checks that they run.
public enum Probe {
    public static func path(of program: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Nil when each program is on PATH and answers `--version`; else which one does not.
    public static func programs(_ names: [String]) -> String? {
        for name in names {
            guard let path = path(of: name) else { return "\(name) is not on PATH" }
            guard succeeds(path, ["--version"]) else { return "\(path) --version fails" }
        }
        return nil
    }

    /// Nil when each program is on PATH; for programs with no version option (Xvfb, dbus-send),
    /// which `programs` would take for broken.
    public static func onPath(_ names: [String]) -> String? {
        names.first { path(of: $0) == nil }.map { "\($0) is not on PATH" }
    }

    /// Runs a program to its end (bounded), nothing read from it.
    public static func succeeds(_ program: String, _ arguments: [String], timeout: TimeInterval = 20) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : (path(of: program) ?? program))
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        let deadline = TestDeadline(seconds: timeout)
        while process.isRunning && !deadline.hasPassed { usleep(10_000) }
        if process.isRunning { process.terminate(); process.waitUntilExit(); return false }
        return process.terminationStatus == 0
    }
}
