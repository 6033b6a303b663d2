// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 37, item 4, through the binary: each flash of `question-braille rythme` starts with its
/// tone as the sound server plays it (the null sink's monitor, recorded), not when the question
/// is queued (a word space of lead-in came first: 1 050 ms ahead at 8 WPM).
@Suite(.serialized, .requires(.pulseAudio)) struct BrailleRhythmTimingTests {
    /// Tone onsets in the recording, in samples: a loud sample after at least 20 ms of silence.
    static func onsets(_ samples: [Int16], rate: Int) -> [Int] {
        var found: [Int] = []
        var quietSince = 0
        for (i, sample) in samples.enumerated() {
            if abs(Int(sample)) > 300 {
                if i - quietSince > rate / 50 { found.append(i) }
                quietSince = i
            }
        }
        return found
    }

    @Test(arguments: [8, 12])
    func flashesStartWithTheirTones(wpm: Int) throws {
        let home = ReaderHome()
        defer { home.remove() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        // A 5 ms capture: the null sink then renders 5 ms blocks, so when a question's tones
        // start depends on a block's phase by 5 ms at most, not 20.
        let recording = try pulse.record(seconds: 60, latencyMs: 5)
        defer { recording.stop() }
        let rate = PrivatePulseServer.sampleRate
        // The monitor counts its samples as they come: the wall-clock time of sample 0 is the
        // earliest `now − count / rate` seen (the capture's own 20 ms latency is the error left).
        let clock = MonitorClock(recording, rate: rate)
        clock.start()
        // The server's own latencies, measured through the run: the null sink renders (and its
        // monitor records) ahead of what it has played by its latency, and parec's stream may
        // hold samples not yet delivered. Both move the monitor's count against the played
        // position, so the tones are placed with them, as the server reports them.
        let latencies = ServerLatencies(server: pulse.server)
        latencies.start()
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "off"],
                                            environment: home.environment.merging(["PULSE_SERVER": pulse.server,
                                                                                   "LECTEUR_PRACTICE_SEED": "5"]) { $1 })
        reader.send("régler vitesse \(wpm)")
        reader.send("régler question-braille rythme")
        _ = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Questions en braille : le rythme") == true }
        reader.send("entraînement")
        func flashCount() -> Int { reader.seenTimed("braille").filter { $0.event["text"] as? String == BrailleRhythm.markCells }.count }
        for n in 1...4 {
            let before = flashCount()
            _ = try reader.next("morse") { $0["question"] as? Int == n }
            // The rhythm ends with the question shown again: then it is answered, as a deafblind
            // learner would, from the flashes (three: K, two: M) — a wrong answer would sound the
            // right character and the typed one, tones with no flash.
            _ = try reader.next("braille") { ($0["text"] as? String)?.hasPrefix("Question \(n)") == true }
            reader.send(flashCount() - before == 3 ? "k" : "m")
            let verdict = try reader.next("practice") { $0["question"] as? Int == n }
            #expect(verdict["correct"] as? Bool == true, "question \(n) answered from its \(flashCount() - before) flashes")
        }
        usleep(1_500_000)
        reader.send("stop")
        _ = reader.finish()
        clock.stop()
        latencies.stop()
        let samples = recording.samples(untilEnd: false)
        // The null sink renders a block at a time: its latency, read 200 ms apart, runs from ~0
        // to its block (20 ms) and back. `clock.zero` is the earliest `now − count / rate`: the
        // moment the monitor's count is furthest ahead of the played position, just after a
        // block is rendered, when the sink is a whole block ahead: its highest latency read.
        let sinkMs = try #require(latencies.highest(\.sinkMs), "pactl reported no latency of the sink")
        let captureMs = latencies.lowest(\.captureMs) ?? 0
        // Sample n is played (by the sink's clock) at zero + n / rate + sink latency − capture latency.
        let zero = clock.zero.addingTimeInterval((sinkMs - captureMs) / 1000)
        let onsets = Self.onsets(samples, rate: rate)
        let tones = onsets.map { zero.addingTimeInterval(Double($0) / Double(rate)) }
        let flashes = reader.seenTimed("braille").filter { $0.event["text"] as? String == BrailleRhythm.markCells }.map(\.at)
        #expect(flashes.count == tones.count, "\(flashes.count) flashes, \(tones.count) tones")
        let offsets = zip(flashes, tones).map { $0.timeIntervalSince($1) * 1000 }
        let sorted = offsets.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let raw = zip(flashes, onsets).map { $0.timeIntervalSince(clock.zero.addingTimeInterval(Double($1) / Double(rate))) * 1000 }
        print("BRAILLE rhythm at \(wpm) WPM: \(offsets.count) flashes, flash − tone played: median \(Int(median)) ms, "
              + "from \(Int(sorted.first ?? 0)) to \(Int(sorted.last ?? 0)) ms (server latencies measured: sink "
              + String(format: "%.1f", sinkMs) + " ms (" + latencies.range(\.sinkMs) + "), capture "
              + String(format: "%.1f", captureMs) + " ms (" + latencies.range(\.captureMs) + "), "
              + "\(latencies.count) readings; against the monitor's count alone: \(raw.map { Int($0) }))")
        #expect(!offsets.isEmpty)
        // Issue 37, item 4: each flash within ±20 ms of its tone as the server plays it.
        #expect(offsets.allSatisfy { abs($0) <= 20 }, "\(offsets.map { Int($0) })")
    }
}

/// The private server's latencies read with `pactl` every 200 ms while a test runs: the null
/// sink's (what it has rendered, and its monitor recorded, ahead of what it has played) and
/// parec's record stream's (buffer and source latency: recorded, not yet delivered).
final class ServerLatencies: @unchecked Sendable {
    struct Reading { let sinkMs: Double?; let captureMs: Double? }
    private let server: String
    private let lock = NSLock()
    private var readings: [Reading] = []
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init(server: String) { self.server = server }

    func start() {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let sinks = (try? BrlttyRig.run(["-c", "pactl list sinks"], timeout: 5, environment: ["PULSE_SERVER": server])) ?? ""
                let outputs = (try? BrlttyRig.run(["-c", "pactl list source-outputs"], timeout: 5,
                                                  environment: ["PULSE_SERVER": server])) ?? ""
                let sink = Self.microseconds(after: "\tLatency: ", in: sinks)
                let buffer = Self.microseconds(after: "Buffer Latency: ", in: outputs)
                let source = Self.microseconds(after: "Source Latency: ", in: outputs)
                let capture = buffer.map { $0 + (source ?? 0) }
                lock.withLock { readings.append(Reading(sinkMs: sink.map { $0 / 1000 }, captureMs: capture.map { $0 / 1000 })) }
                usleep(200_000)
            }
            done.signal()
        }
    }

    func stop() {
        lock.withLock { running = false }
        done.wait()
    }

    var count: Int { lock.withLock { readings.count } }

    func highest(_ value: KeyPath<Reading, Double?>) -> Double? { lock.withLock { readings.compactMap { $0[keyPath: value] } }.max() }

    func lowest(_ value: KeyPath<Reading, Double?>) -> Double? { lock.withLock { readings.compactMap { $0[keyPath: value] } }.min() }

    /// « lowest–highest » of the readings, in ms.
    func range(_ value: KeyPath<Reading, Double?>) -> String {
        let values = lock.withLock { readings.compactMap { $0[keyPath: value] } }
        return String(format: "%.1f–%.1f", values.min() ?? 0, values.max() ?? 0)
    }

    /// The first "LABEL N usec" of `text`, in microseconds.
    static func microseconds(after label: String, in text: String) -> Double? {
        guard let range = text.range(of: label) else { return nil }
        return Double(text[range.upperBound...].prefix { $0.isNumber })
    }
}

/// Pairs of (wall clock, samples recorded) taken every few milliseconds while a test runs.
final class MonitorClock: @unchecked Sendable {
    private let recording: MonitorRecording
    private let rate: Int
    private let lock = NSLock()
    private var earliest = Date.distantFuture
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init(_ recording: MonitorRecording, rate: Int) {
        self.recording = recording
        self.rate = rate
    }

    func start() {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let count = recording.sampleCount
                let now = Date()
                let zero = now.addingTimeInterval(-Double(count) / Double(rate))
                lock.withLock { earliest = min(earliest, zero) }
                usleep(2_000)
            }
            done.signal()
        }
    }

    func stop() {
        lock.withLock { running = false }
        done.wait()
    }

    var zero: Date { lock.withLock { earliest } }
}
