// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Synchronization
import Testing
@testable import LecteurScreenReaderWatch

/// Issue 35, item 4: GNOME's switch followed by subscription (one long-lived `busctl monitor`
/// child) rather than a `busctl` started every second; against the real launcher (at-spi2-core)
/// on a private session bus.
@Suite(.serialized) struct ScreenReaderSwitchMonitorTests {
    /// What the monitor reported, with when.
    final class Reports: Sendable {
        let seen = Mutex<[(value: Bool?, at: ContinuousClock.Instant)]>([])
        func add(_ value: Bool?) { seen.withLock { $0.append((value, .now)) } }
        /// The first report of `value` at or after `since`, waiting at most `timeout`.
        func wait(for value: Bool, since: ContinuousClock.Instant, timeout: Duration) -> ContinuousClock.Instant? {
            let end = ContinuousClock.now + timeout
            while ContinuousClock.now < end {
                if let hit = seen.withLock({ $0.first { $0.value == value && $0.at >= since } }) { return hit.at }
                usleep(20_000)
            }
            return nil
        }
    }

    static func monitor(_ bus: PrivateSessionBus) -> ScreenReaderSwitchMonitor {
        ScreenReaderSwitchMonitor(bus: ScreenReaderSwitch(environment: [
            "DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]))
    }

    /// A monitor started on `bus` with the switch off, once it has subscribed and read the value.
    static func subscribed(_ bus: PrivateSessionBus) throws -> (ScreenReaderSwitchMonitor, Reports) {
        try bus.setScreenReaderEnabled(false)
        let reports = Reports()
        let monitor = Self.monitor(bus)
        monitor.start(reports.add)
        #expect(reports.wait(for: false, since: .now - .seconds(60), timeout: .seconds(5)) != nil)
        return (monitor, reports)
    }

    @Test(.requires(.sessionBus)) func theSwitchChangedTwiceIsSeenTwiceWithinTwoSecondsByOneChild() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        // Subscribed, then the value read once.
        let (monitor, reports) = try Self.subscribed(bus)
        defer { monitor.stop() }
        let child = try #require(monitor.childPID)
        for value in [true, false] {
            let changed = ContinuousClock.now
            try bus.setScreenReaderEnabled(value)
            let seen = try #require(reports.wait(for: value, since: changed, timeout: .seconds(2)), "\(value) not seen within 2 s")
            print("switch \(value) seen after \(seen - changed)")
        }
        // The same child all along: nothing was started per change, nor per second.
        #expect(monitor.childPID == child)
    }

    @Test(.requires(.sessionBus)) func aChildThatDiesIsStartedAgainAndStopEndsIt() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let (monitor, reports) = try Self.subscribed(bus)
        let first = try #require(monitor.childPID)
        kill(first, SIGKILL)
        // Started again after its back-off, subscribed, and the value read again.
        let killed = ContinuousClock.now
        #expect(reports.wait(for: false, since: killed, timeout: .seconds(5)) != nil)
        let second = try #require(monitor.childPID)
        #expect(second != first)
        let changed = ContinuousClock.now
        try bus.setScreenReaderEnabled(true)
        #expect(reports.wait(for: true, since: changed, timeout: .seconds(2)) != nil)
        monitor.stop()
        // The child is killed and reaped: no busctl left behind.
        let end = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < end, FileManager.default.fileExists(atPath: "/proc/\(second)") { usleep(20_000) }
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(second)"), "busctl \(second) still runs after stop")
    }

    /// Through the binary: each switch on is said within 2 s of the core's grace for Orca to
    /// appear (`ScreenReaderReducer.orcaGraceSeconds`, 3 s), so within 5 s of the change.
    @Test(.requires(.sessionBus)) func theReaderSaysEachSwitchWithinTwoSecondsOfItsGrace() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        try bus.setScreenReaderEnabled(false)
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--braille", "off"],
                                            environment: ScreenReaderSwitchTests.environment(bus))
        defer { _ = reader.finish() }
        _ = try reader.next("focus")
        for round in 1...2 {
            if round == 2 {
                try bus.setScreenReaderEnabled(false)
                // Off is not said; give the reader the time to have seen it.
                usleep(1_500_000)
            }
            let changed = Date()
            try bus.setScreenReaderEnabled(true)
            var said: Date?
            while said == nil, Date().timeIntervalSince(changed) < 3 + 2 {
                let notices = reader.seenTimed("notice").filter { $0.event["code"] as? String == "screenreader.switch" }
                if notices.count >= round { said = notices[round - 1].at } else { usleep(20_000) }
            }
            let after = try #require(said, "switch \(round) not said within 3 + 2 s").timeIntervalSince(changed)
            print("switch \(round) said after \(after) s")
        }
        reader.send("quitter")
    }

    /// Ended by a signal (which leaves by `_exit`, past every `defer`), the reader kills its
    /// bus monitor first: no busctl outlives it.
    @Test(.requires(.sessionBus)) func aSignalLeavesNoBusMonitorBehind() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        try bus.setScreenReaderEnabled(false)
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--braille", "off"],
                                            environment: ScreenReaderSwitchTests.environment(bus))
        _ = try reader.next("focus")
        /// The reader's children named busctl, from /proc (each thread lists the children it
        /// started: the monitor's is started on a thread of its own).
        func monitors() -> [Int32] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(reader.pid)/task")) ?? []
            let children = tasks.compactMap { try? String(contentsOfFile: "/proc/\(reader.pid)/task/\($0)/children", encoding: .utf8) }
            return children.joined(separator: " ").split(separator: " ").compactMap { Int32($0) }.filter { child in
                (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8))?.hasPrefix("busctl") == true
            }
        }
        var children: [Int32] = []
        let end = Date().addingTimeInterval(5)
        while children.isEmpty, Date() < end { children = monitors(); usleep(20_000) }
        let child = try #require(children.first, "the reader's busctl monitor")
        #expect(reader.signal(SIGTERM) == 128 + SIGTERM)
        let gone = Date().addingTimeInterval(3)
        func alive() -> Bool {
            // A zombie reparented to init is gone as far as the bus is concerned.
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8) else { return false }
            return !stat.contains(") Z ")
        }
        while alive(), Date() < gone { usleep(20_000) }
        #expect(!alive(), "busctl \(child) outlived the reader")
    }

    /// The lines busctl 252 wrote for the launcher's signals (captured on a private bus).
    @Test func busctlJSONLinesAreParsed() {
        func parse(_ line: String) -> ScreenReaderSwitchMonitor.Message { ScreenReaderSwitchMonitor.parse(Array(line.utf8)) }
        let on = #"{"type":"signal","endian":"l","flags":1,"version":1,"cookie":9,"timestamp-realtime":1795876260531932,"sender":":1.2","path":"/org/a11y/bus","interface":"org.freedesktop.DBus.Properties","member":"PropertiesChanged","payload":{"type":"sa{sv}as","data":["org.a11y.Status",{"ScreenReaderEnabled":{"type":"b","data":true}},[]]}}"#
        #expect(parse(on) == .value(true))
        #expect(parse(on.replacingOccurrences(of: #""data":true"#, with: #""data":false"#)) == .value(false))
        let other = on.replacingOccurrences(of: "ScreenReaderEnabled", with: "IsEnabled")
        #expect(parse(other) == .unrelated)
        let invalidated = #"{"type":"signal","path":"/org/a11y/bus","member":"PropertiesChanged","payload":{"type":"sa{sv}as","data":["org.a11y.Status",{},["ScreenReaderEnabled"]]}}"#
        #expect(parse(invalidated) == .readAgain)
        let owner = #"{"type":"signal","sender":"org.freedesktop.DBus","path":"/org/freedesktop/DBus","member":"NameOwnerChanged","payload":{"type":"sss","data":["org.a11y.Bus","",":1.4"]}}"#
        #expect(parse(owner) == .readAgain)
        #expect(parse("Monitoring bus message stream.") == .unrelated)
        #expect(parse("{\"type\":\"signal\",\u{1B}[31m") == .unrelated)
    }

    @Test func linesAreCutAtNewlinesAndAnOverlongOneIsDropped() {
        var buffer = LineBuffer()
        #expect(buffer.append(Array("ab\ncd".utf8)) == [Array("ab".utf8)])
        #expect(buffer.append(Array("e\n".utf8)) == [Array("cde".utf8)])
        #expect(buffer.append([UInt8](repeating: 65, count: LineBuffer.limit + 10)) == [])
        #expect(buffer.append(Array("z\nok\n".utf8)) == [Array("ok".utf8)])
    }
}
