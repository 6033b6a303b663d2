// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurApp
import LecteurTestSupport
import Testing
import LecteurScreenReaderWatch

/// A real Orca from Debian in a private graphical session: Xvfb, a private session bus (its
/// accessibility bus launcher activated on demand, as on a desktop) and `orca --replace`, the way
/// many users start it by hand. Stopped with the test, with the speech-dispatcher it spawned.
final class PrivateOrcaSession {
    let home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lecteur-orca-\(UUID().uuidString.prefix(8))")
    var bus: PrivateSessionBus!
    let xvfb = Process()
    let orca = Process()
    let display: String
    var busAddress: String { "unix:path=\(home.path)/bus" }
    /// The session's own HOME: GNOME's setting is read from its dconf, not the machine user's.
    var environment: [String: String] {
        ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "XDG_RUNTIME_DIR": home.path + "/run",
         "DBUS_SESSION_BUS_ADDRESS": busAddress, "PATH": "/usr/bin:/bin"]
    }

    /// `gnomeSetting`: GNOME's « screen reader » switch on before the accessibility bus starts,
    /// which is what makes the bus say `ScreenReaderEnabled`.
    init(gnomeSetting: Bool) throws {
        display = ":\(90 + Int.random(in: 0..<100))"
        let runtime = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        bus = try PrivateSessionBus(directory: home, environment: environment)
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/gsettings"),
                                             ["set", "org.gnome.desktop.a11y.applications", "screen-reader-enabled", String(gnomeSetting)],
                                             input: "", environment: environment, timeout: 10)
        guard out.status == 0 else { throw BrlttyRig.RigError.failed("gsettings: " + out.stderr) }
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = [display, "-screen", "0", "640x480x24", "-nolisten", "tcp"]
        xvfb.standardOutput = FileHandle.nullDevice
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        orca.executableURL = URL(fileURLWithPath: "/usr/bin/orca")
        orca.arguments = ["--replace"]
        orca.environment = environment.merging(["DISPLAY": display]) { $1 }
        orca.standardOutput = FileHandle.nullDevice
        orca.standardError = FileHandle.nullDevice
        usleep(500_000)
        try orca.run()
    }

    /// Orca names its process `orca` (prctl) once it has started.
    func waitUntilNamed(timeout: TimeInterval = 20) -> Bool {
        let deadline = TestDeadline(seconds: timeout)
        while !deadline.hasPassed {
            if orca.isRunning, let comm = try? String(contentsOfFile: "/proc/\(orca.processIdentifier)/comm", encoding: .utf8),
               comm.trimmingCharacters(in: .whitespacesAndNewlines) == "orca" { return true }
            usleep(100_000)
        }
        return false
    }

    func stop() {
        for process in [orca, xvfb] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // The speech-dispatcher Orca spawned lives in this session's runtime folder.
        _ = try? LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/pkill"), ["-KILL", "-f", home.path],
                                        input: "", environment: [:], timeout: 5)
        bus?.stop()
        try? FileManager.default.removeItem(at: home)
    }
}

/// Issue 25: Orca is noticed however it was started: by GNOME's setting or by hand (its process
/// tells in both cases).
@Suite(.serialized) struct OrcaProcessTests {
    func probeRoot(comm: String, owner: uid_t? = nil) throws -> String {
        let root = NSTemporaryDirectory() + "lecteur-probe-\(UUID().uuidString)"
        let folder = root + "/proc/4242"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try comm.writeWhole(toFile: folder + "/comm")
        if let owner { chown(folder, owner, getgid()) }
        return root
    }

    @Test func aProcessOfThisUserNamedOrcaIsOrca() throws {
        #expect(ScreenReaderProbes(root: try probeRoot(comm: "orca\n")).detect() == .orca)
        #expect(ScreenReaderProbes(root: try probeRoot(comm: "orcas\n")).detect() == nil)
        // No variable renames Orca (issue 50, item 10): a process named otherwise is not Orca.
        let renamed = try probeRoot(comm: "orca-1a2b3c4d\n")
        #expect(ScreenReaderProbes(root: renamed).detect() == nil)
        #expect(ScreenReaderProbes.fromEnvironment(["LECTEUR_PROBE_ROOT": renamed, "LECTEUR_ORCA_PROCESS": "orca-1a2b3c4d"]).detect() == nil)
        #expect(ScreenReaderProbes.fromEnvironment(["LECTEUR_PROBE_ROOT": try probeRoot(comm: "orca\n")]).detect() == .orca)
        // An Orca that has quit but is not reaped yet (a zombie) is no screen reader.
        let zombie = try probeRoot(comm: "orca\n")
        try "4242 (orca) Z 1 4242 4242 0 -1 4194564\n".writeWhole(toFile: zombie + "/proc/4242/stat")
        #expect(ScreenReaderProbes(root: zombie).detect() == nil)
        let alive = try probeRoot(comm: "orca\n")
        try "4242 (orca) S 1 4242 4242 0 -1 4194560\n".writeWhole(toFile: alive + "/proc/4242/stat")
        #expect(ScreenReaderProbes(root: alive).detect() == .orca)
        // Another user's Orca speaks on another session, not over this reader.
        if getuid() == 0 {
            #expect(ScreenReaderProbes(root: try probeRoot(comm: "orca\n", owner: 4321)).detect() == nil)
        }
    }

    @Test(.requires(.orca), arguments: [false, true])
    func orcaIsNoticedWithOrWithoutGnomesSetting(gnomeSetting: Bool) throws {
        let session = try PrivateOrcaSession(gnomeSetting: gnomeSetting)
        defer { session.stop() }
        #expect(session.waitUntilNamed(), "Orca did not start")
        // Started by hand, the bus says nothing of Orca: its process tells, with GNOME's switch or without.
        #expect(ScreenReaderProbes(root: "/").orcaRunning())
        let home = NSTemporaryDirectory() + "lecteur-orca-reader-\(UUID().uuidString)"
        let environment = ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
                           "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "DBUS_SESSION_BUS_ADDRESS": session.busAddress,
                           "LECTEUR_PROBE_ROOT": "/"]
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off"], input: "suivant\n", environment: environment)
        #expect(out.status == 0)
        let notices = out.events("notice").compactMap { $0["message"] as? String }.filter { $0.hasPrefix("Orca est actif") }
        #expect(notices.count == 1, "\(out.stdout)")
        #expect(out.events("focus").count == 2, "navigation goes on beside Orca")
    }
}
