// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import LecteurCore
import Testing
@testable import LecteurBraille

/// Timings through a real brltty: both ends stamp CLOCK_MONOTONIC (the test display in Python,
/// this process in Swift), so the figures are end to end on this machine.
@Suite("Braille latency through a real brltty", .serialized, .timeLimit(.minutes(1)), .requires(.brltty))
struct BrailleLatencyTests {
    static func summary(_ label: String, _ nanoseconds: [UInt64]) -> String {
        let ms = nanoseconds.map { Double($0) / 1e6 }.sorted()
        func pct(_ p: Double) -> Double { ms[min(ms.count - 1, Int(Double(ms.count - 1) * p))] }
        return String(format: "%@: n=%d min %.3f ms, median %.3f ms, p95 %.3f ms, max %.3f ms",
                      label, ms.count, ms.first ?? 0, pct(0.5), pct(0.95), ms.last ?? 0)
    }

    @Test("show(line) to the cells at the display, and a display key to onEvent")
    func latency() throws {
        let rig = try BrlttyRig.start()
        defer { rig.stop() }
        let intents = Inbox<(BrailleIntent, UInt64)>()
        let output = try BrailleOutput(settings: BrlAPISettings(host: rig.host, auth: "none")) { event in
            if case .intent(let intent) = event { intents.put((intent, monotonicNanoseconds())) }
        }
        output.start()
        defer { output.stop() }
        #expect(output.waitUntilConnected(timeout: 10))

        // Alternate two lines: brltty only sends cells that changed.
        let lines = ["Formation Développement web, 1\u{202F}490\u{00A0}€ btn", "[x] Toutes"]
        var writeLatencies: [UInt64] = [], callDurations: [UInt64] = []
        for i in 0..<60 {
            let before = rig.brailleEvents().count
            let t0 = monotonicNanoseconds()
            let rendering = try output.show(BrailleLine(text: lines[i % 2], cursor: 0))
            let t1 = monotonicNanoseconds()
            let expectedPrefix = String(BrailleDisplayTests.expected(rendering.windowUnicode, width: 40, cursor: 0))
            guard let event = rig.waitForBraille(after: before, timeout: 5, { $0.unicode == expectedPrefix }) else {
                Issue.record("line \(i) not shown")
                return
            }
            if i >= 10 {  // the first ones include liblouis compiling the table
                writeLatencies.append(event.t - t0)
                callDurations.append(t1 - t0)
            }
        }
        var keyLatencies: [UInt64] = []
        for i in 0..<20 {
            try rig.send("LnDn")
            guard let (_, received) = intents.wait(after: i, timeout: 5),
                  let sent = rig.events().last(where: { $0.event == "sent" && $0.line == "LnDn" }) else {
                Issue.record("key \(i) lost")
                return
            }
            keyLatencies.append(received - sent.t)
            usleep(20_000)
        }
        let report = [Self.summary("show() call (translate + hand over)", callDurations),
                      Self.summary("show() to cells at the display", writeLatencies),
                      Self.summary("key sent by the display to onEvent", keyLatencies)]
        for line in report { print("braille latency —", line) }
        let sortedWrites = writeLatencies.sorted()
        // The figures above are measurements to report, not pass/fail on a shared machine: this
        // only guards against a hang (a median write of seconds).
        #expect(sortedWrites[sortedWrites.count / 2] < 2_000_000_000, "hang guard: median write \(sortedWrites[sortedWrites.count / 2]) ns")
    }
}
