// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurApp
import LecteurTestSupport
import Testing
import LecteurScreenReaderWatch

/// Issue 35, item 4, through the binary: GNOME's switch (`org.a11y.Status.ScreenReaderEnabled`)
/// flipped on a private session bus, whose accessibility bus launcher (at-spi2-core) is the real
/// one, is watched while the reader runs. Without an Orca process the switch is not Orca: the
/// reader keeps its voice and says the switch once; with Orca, Orca decides.
@Suite(.serialized) struct ScreenReaderSwitchTests {
    static func environment(_ bus: PrivateSessionBus, _ extra: [String: String] = [:]) -> [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": bus.address].merging(extra) { $1 }
    }

    static func notices(_ reader: InteractiveLecteur, _ code: String) -> [String] {
        reader.seen("notice").filter { $0["code"] as? String == code }.compactMap { $0["message"] as? String }
    }

    @Test(.requires(.sessionBus)) func theSwitchFlippedWithoutOrcaIsSaidOnceEachTime() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        // The launcher started (activated by this first call), the switch off.
        try bus.setScreenReaderEnabled(false)
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--braille", "off"], environment: Self.environment(bus))
        defer { _ = reader.finish() }
        _ = try reader.next("focus")
        try bus.setScreenReaderEnabled(true)
        let said = try reader.next("notice", timeout: 15) { $0["code"] as? String == "screenreader.switch" }
        #expect(said["message"] as? String == "Le lecteur d'écran de GNOME est activé, mais Orca ne tourne pas, et Lecteur n'a pas de voix : le texte reste affiché et en braille.")
        // Still on, read again every second: said once. No screen reader was taken to speak.
        usleep(3_000_000)
        #expect(Self.notices(reader, "screenreader.switch").count == 1)
        #expect(Self.notices(reader, "screenreader.started").isEmpty)
        // Off, then on: a new switch, said again.
        try bus.setScreenReaderEnabled(false)
        usleep(2_000_000)
        try bus.setScreenReaderEnabled(true)
        _ = try reader.next("notice", timeout: 15) { $0["code"] as? String == "screenreader.switch" }
        #expect(Self.notices(reader, "screenreader.switch").count == 2)
        reader.send("quitter")
    }

    @Test(.requires(.sessionBus)) func theSwitchWithOrcaRunningIsOrcaAndNotSaid() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        try bus.setScreenReaderEnabled(false)
        let orca = try FakeOrca()
        defer { orca.stop() }
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--braille", "off"],
                                            environment: Self.environment(bus, ["LECTEUR_PROBE_ROOT": "/"].merging(orca.environment) { $1 }))
        defer { _ = reader.finish() }
        _ = try reader.next("focus")
        try bus.setScreenReaderEnabled(true)
        // The switch's time (3 s) and more: nothing said of it beside Orca.
        usleep(6_000_000)
        reader.send("où")
        _ = try reader.next("notice") { $0["code"] as? String == "where" }
        #expect(Self.notices(reader, "screenreader.switch").isEmpty)
        reader.send("quitter")
    }
}

/// The bus is a peer that can block: a launcher stopped (SIGSTOP) answers nothing, and the
/// read gives up by its deadline rather than holding the watch.
@Suite struct ScreenReaderSwitchDeadlineTests {
    @Test(.requires(.sessionBus)) func aStoppedLauncherIsNoAnswerByTheDeadline() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        try bus.setScreenReaderEnabled(true)
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address,
                           "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let read = { ScreenReaderSwitch(environment: environment).read() }
        #expect(read() == true, "the switch as the launcher says it")
        let owner = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/busctl"),
                                               ["--user", "call", "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus", "GetConnectionUnixProcessID", "s", "org.a11y.Bus"],
                                               input: "", environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 10)
        let pid = try #require(owner.stdout.split(separator: " ").last.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
                               "the launcher's pid: \(owner.stdout) \(owner.stderr)")
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        let started = Date()
        #expect(read() == nil, "a launcher that does not answer says nothing")
        let seconds = Date().timeIntervalSince(started)
        // busctl's own 1 s timeout, the read's 2 s deadline behind it.
        #expect(seconds < 4, "the read waited \(seconds) s")
    }
}
