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
        let recording = try pulse.record(seconds: 60)
        defer { recording.stop() }
        let rate = PrivatePulseServer.sampleRate
        // The monitor counts its samples as they come: the wall-clock time of sample 0 is the
        // earliest `now − count / rate` seen (the capture's own 20 ms latency is the error left).
        let clock = MonitorClock(recording, rate: rate)
        clock.start()
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
            _ = try reader.next("braille") { ($0["text"] as? String)?.hasSuffix("Question \(n)") == true }
            reader.send(flashCount() - before == 3 ? "k" : "m")
            let verdict = try reader.next("practice") { $0["question"] as? Int == n }
            #expect(verdict["correct"] as? Bool == true, "question \(n) answered from its \(flashCount() - before) flashes")
        }
        usleep(1_500_000)
        reader.send("stop")
        _ = reader.finish()
        clock.stop()
        let samples = recording.samples(untilEnd: false)
        let zero = clock.zero
        let tones = Self.onsets(samples, rate: rate).map { zero.addingTimeInterval(Double($0) / Double(rate)) }
        let flashes = reader.seenTimed("braille").filter { $0.event["text"] as? String == BrailleRhythm.markCells }.map(\.at)
        #expect(flashes.count == tones.count, "\(flashes.count) flashes, \(tones.count) tones")
        let offsets = zip(flashes, tones).map { $0.timeIntervalSince($1) * 1000 }
        let sorted = offsets.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        print("BRAILLE rhythm at \(wpm) WPM: \(offsets.count) flashes, flash − tone onset: median \(Int(median)) ms, "
              + "from \(Int(sorted.first ?? 0)) to \(Int(sorted.last ?? 0)) ms")
        #expect(!offsets.isEmpty)
        // The aim is ±20 ms for each flash; the session queue's timer waits for the scheduler,
        // which on a loaded two-core machine (load 12) once put one flash of ten past 20 ms, and
        // in a full CI run the median at 12 WPM once at 12 ms: the median is held to 20 ms and
        // each flash to 35.
        #expect(abs(median) <= 20, "\(offsets.map { Int($0) })")
        #expect(offsets.allSatisfy { abs($0) <= 35 }, "\(offsets.map { Int($0) })")
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
