// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurApp
import LecteurCore
import LecteurSpeech
import LecteurTestSupport
import Testing
import LecteurDevices
import LecteurScreenReaderWatch
import LecteurStore

/// A private D-Bus session bus. The accessibility bus launcher (at-spi2-core) is activated on it
/// as on a desktop, and `ScreenReaderEnabled` is set the way Orca sets it at start.
final class PrivateSessionBus {
    let directory: URL
    let process = Process()
    var address: String { "unix:path=\(directory.path)/bus" }

    /// `environment`: the daemon's (and so the activated services') own, e.g. a private HOME
    /// whose dconf holds GNOME's settings; nil inherits the test's.
    init(directory: URL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lecteur-bus-\(UUID().uuidString.prefix(8))"),
         environment: [String: String]? = nil) throws {
        self.directory = directory
        try Requirement.sessionBus.require()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--address=\(address)"]
        // The services it activates (the accessibility bus launcher, dconf) write under HOME: by
        // default a home in the bus's own folder, never the user's (issue 50, item 11).
        let home = directory.appendingPathComponent("home").path
        process.environment = environment ?? ProcessInfo.processInfo.environment.merging(
            ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
             "XDG_CACHE_HOME": home + "/.cache", "XDG_STATE_HOME": home + "/.local/state"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready when a connection is accepted, not when the socket file exists: dbus-daemon
        // binds (the file appears) before it listens, and a client in between is refused
        // (fresh-clone run 31: « Connection refused » from the first dbus-send).
        let deadline = TestDeadline(seconds: 5)
        while !Self.accepts(directory.path + "/bus") {
            guard !deadline.hasPassed else { throw BrlttyRig.RigError.timeout("dbus-daemon") }
            usleep(20_000)
        }
    }

    /// Whether something listens on the Unix socket at `path` (a connection is accepted).
    static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }

    /// What Orca does when it starts (and stops).
    func setScreenReaderEnabled(_ enabled: Bool) throws {
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/dbus-send"),
                                             ["--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                                              "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status",
                                              "string:ScreenReaderEnabled", "variant:boolean:\(enabled)"],
                                             input: "", environment: ["DBUS_SESSION_BUS_ADDRESS": address], timeout: 10)
        guard out.status == 0 else { throw BrlttyRig.RigError.failed(out.stderr) }
    }

    func stop() {
        // The services the bus activated (dconf-service when a test reads GNOME's switch) go
        // with it: they detach from the bus at start, so they are found by the home the bus gave
        // them; killed alone, the bus left each dconf-service running after the run.
        for pid in Self.processes(withHomeUnder: directory.path) { kill(pid, SIGKILL) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// This user's processes whose HOME is `folder` or inside it (only the bus's services have
    /// one there). The folder itself counts: a private Orca session (`PrivateOrcaSession`) gives
    /// its bus its own home, and its two dconf-service (they ignore SIGTERM) outlived every run
    /// while only homes inside the folder were looked for.
    static func processes(withHomeUnder folder: String) -> [Int32] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return pids.filter { pid in
            guard pid != getpid(), let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.split(separator: 0).contains {
                let entry = String(decoding: $0, as: UTF8.self)
                return entry == "HOME=" + folder || entry.hasPrefix("HOME=" + folder + "/")
            }
        }
    }
}

/// Issue 15: the reader does not speak over the user's screen reader. Each probe runs for real:
/// Orca against a real accessibility bus launcher on a private session bus, Speakup and brltty
/// against a simulated /sys and /proc (LECTEUR_PROBE_ROOT).
@Suite(.serialized) struct ScreenReaderTests {
    func env(_ extra: [String: String] = [:]) -> [String: String] {
        let home = NSTemporaryDirectory() + "lecteur-sr-\(UUID().uuidString)"
        // No speech-dispatcher unless a test starts one; no session bus unless a test has one.
        return ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
                "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "DBUS_SESSION_BUS_ADDRESS": "",
                "LECTEUR_PROBE_ROOT": home + "/root"].merging(extra) { $1 }
    }

    func probeRoot(_ files: [String: String]) throws -> String {
        let root = NSTemporaryDirectory() + "lecteur-probe-\(UUID().uuidString)"
        for (path, content) in files {
            let url = URL(fileURLWithPath: root + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.writeWhole(to: url)
        }
        try FileManager.default.createDirectory(atPath: root + "/proc", withIntermediateDirectories: true)
        return root
    }

    @Test(.requires(.pulseAudio))
    func withOrcaRunningTheReaderStaysQuietAndSaysWhyOnce() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let recording = try pulse.record(seconds: 5)
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off"], input: "suivant\nsuivant\n",
                                         environment: env(["PULSE_SERVER": pulse.server, "LECTEUR_PROBE_ROOT": "/"].merging(orca.environment) { $1 }))
        #expect(out.status == 0)
        let notices = out.events("notice").compactMap { $0["message"] as? String }.filter { $0.hasPrefix("Orca est actif") }
        #expect(notices.count == 1, "\(out.stdout)")
        #expect(notices.first?.contains("--speech on") == true)
        // Navigation goes on (transcript and braille) without a sound from the reader.
        #expect(out.events("focus").count == 3)
        usleep(1_500_000)
        let heard = MonitorRecording.soundSeconds(recording.samples())
        #expect(heard < 0.05, "the reader spoke over Orca: \(heard) s")
    }

    /// GNOME's « screen reader » switch stays on when Orca crashed or was quit with Insert+Q:
    /// without an Orca process, the bus saying `ScreenReaderEnabled` is no screen reader.
    @Test(.requires(.sessionBus, .pulseAudio))
    func gnomesSwitchWithoutOrcaIsNotOrca() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        try bus.setScreenReaderEnabled(true)
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let recording = try pulse.record(seconds: 6)
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off"], input: "suivant\n",
                                         environment: env(["PULSE_SERVER": pulse.server, "DBUS_SESSION_BUS_ADDRESS": bus.address]))
        #expect(out.status == 0)
        #expect(!out.stdout.contains("Orca est actif"))
        let heard = MonitorRecording.soundSeconds(recording.samples())
        #expect(heard > 0.8, "heard \(heard) s")
    }

    @Test(.requires(.pulseAudio, .speechDispatcher))
    func withOrcaAndSpeechDispatcherTheReaderSpeaksInTheSharedQueue() throws {
        let orca = try FakeOrca()
        defer { orca.stop() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        // Level 5: the daemon logs each message it queues, with its text (BesideScreenReaderTests.queued).
        let speechd = try PrivateSpeechDispatcher(pulse: pulse, logLevel: 5)
        defer { speechd.stop() }
        let recording = try pulse.record(seconds: 8)
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off"], input: "suivant\n",
                                         environment: env(["PULSE_SERVER": pulse.server, "LECTEUR_PROBE_ROOT": "/",
                                                           "SPEECHD_ADDRESS": speechd.address].merging(orca.environment) { $1 }))
        #expect(out.status == 0)
        #expect(out.stdout.contains("Orca est actif : Lecteur parle par speech-dispatcher"), "\(out.stdout)")
        let heard = MonitorRecording.soundSeconds(recording.samples())
        #expect(heard > 0.8, "heard: \(heard) s")
        // By which path: speech-dispatcher queued the focus change's words, the very text of the
        // transcript's speech event. A reader playing directly is heard too, and passed the line
        // above, but leaves nothing in the daemon's queue.
        let answer = "Accessibilité, non sélectionné, bouton, filtre 2 sur 7"
        let spoken = out.events("speech").compactMap { $0["text"] as? String }
        #expect(spoken.last == answer, "\(spoken)")
        let queuedBy = Date().addingTimeInterval(5)
        while !BesideScreenReaderTests.queued(speechd.log).contains(where: { $0.text == answer }) && Date() < queuedBy { usleep(100_000) }
        let queued = BesideScreenReaderTests.queued(speechd.log).map(\.text)
        #expect(queued.contains(answer), "speech-dispatcher queued \(queued)")
        #expect(Set(queued).isSubset(of: Set(spoken)), "queued \(queued), said \(spoken)")
    }

    @Test(.requires(.pulseAudio))
    func speakupOnTheConsoleKeepsTheReaderQuiet() throws {
        let root = try probeRoot(["/sys/accessibility/speakup/synth": "soft\n"])
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let recording = try pulse.record(seconds: 4)
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off"], input: "suivant\n",
                                         environment: env(["PULSE_SERVER": pulse.server, "LECTEUR_PROBE_ROOT": root]))
        #expect(out.status == 0)
        #expect(out.events("notice").contains { ($0["message"] as? String)?.hasPrefix("Speakup est actif") == true })
        usleep(1_000_000)
        #expect(MonitorRecording.soundSeconds(recording.samples()) < 0.05)
        // `--speech on` forces speech beside it.
        let forced = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off", "--speech", "on"], input: "",
                                            environment: env(["PULSE_SERVER": pulse.server, "LECTEUR_PROBE_ROOT": root]))
        #expect(forced.status == 0)
        #expect(!forced.stdout.contains("Speakup est actif"))
    }

    @Test func probesReadSysfsAndProcAsTheMachineShowsThem() throws {
        let none = try probeRoot(["/sys/accessibility/speakup/synth": "none\n"])
        #expect(ScreenReaderProbes(root: none).detect() == nil)
        let speakup = try probeRoot(["/sys/accessibility/speakup/synth": "soft\n"])
        #expect(ScreenReaderProbes(root: speakup).detect() == .speakup)
        // brltty with a speech driver on its command line, or in the configuration file it reads.
        let spoken = try probeRoot(["/proc/812/cmdline": "/usr/bin/brltty\0-b\0vr\0-s\0es\0"])
        #expect(ScreenReaderProbes(root: spoken).detect() == .brltty)
        let mute = try probeRoot(["/proc/812/cmdline": "/usr/bin/brltty\0-s\0no\0"])
        #expect(ScreenReaderProbes(root: mute).detect() == nil)
        let configured = try probeRoot(["/proc/90/cmdline": "brltty\0", "/etc/brltty.conf": "# speech\nspeech-driver es\n"])
        #expect(ScreenReaderProbes(root: configured).detect() == .brltty)
        let other = try probeRoot(["/proc/90/cmdline": "orca\0", "/etc/brltty.conf": "speech-driver es\n"])
        #expect(ScreenReaderProbes(root: other).detect() == nil)
    }

    @Test func theRouteFollowsTheOptionsAndTheScreenReader() {
        func route(_ mode: SpeechMode, _ backend: SpeechBackend, file: Bool = false, sr: ScreenReader? = nil, speechd: Bool = false) -> SpeechRoute {
            SpeechRoute.choose(mode: mode, backend: backend, writesFile: file, screenReader: sr, speechdRunning: speechd)
        }
        #expect(route(.auto, .auto) == .espeak)
        #expect(route(.auto, .auto, speechd: true) == .speechd(autospawn: false))
        #expect(route(.auto, .auto, sr: .orca) == .silentBeside(.orca))
        #expect(route(.auto, .auto, sr: .orca, speechd: true) == .speechd(autospawn: false))
        #expect(route(.auto, .espeak, sr: .speakup, speechd: true) == .silentBeside(.speakup))
        #expect(route(.on, .espeak, sr: .orca) == .espeak)
        #expect(route(.on, .auto, sr: .orca) == .espeak)
        #expect(route(.on, .speechd) == .speechd(autospawn: true))
        #expect(route(.auto, .speechd, file: true) == .espeak)
        #expect(route(.off, .speechd, sr: .orca, speechd: true) == .off)
    }
}
