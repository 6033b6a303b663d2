// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurTestSupport
import Testing

enum HarnessError: Error { case failed(String) }

/// Records the null sink's monitor with parec, time-stamping every read: the arrival time of a
/// sample is when a listener on the sink would have had it (the monitor path adds a few ms).
final class MonitorRecorder: @unchecked Sendable {
    static let rate = 22_050
    private let process = Process()
    private let lock = NSCondition()
    private var bytes = Data()
    private var arrivals: [(end: Int, at: ContinuousClock.Instant)] = []
    private var finished = false

    init(server: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments = ["-d", "cap.monitor", "--rate=\(Self.rate)", "--channels=1", "--format=s16le",
                             "--latency-msec=5", "--raw"]
        // The test process sets PULSE_LATENCY_MSEC for its own stream; parec must not inherit it.
        process.environment = ["PULSE_SERVER": server, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                let now = ContinuousClock.now
                lock.lock()
                if data.isEmpty { finished = true; lock.broadcast(); lock.unlock(); break }
                bytes.append(data)
                arrivals.append((bytes.count / 2, now))
                lock.broadcast()
                lock.unlock()
            }
        }
        guard waitForSamples(1, timeout: 5) else { stop(); throw HarnessError.failed("parec recorded nothing") }
    }

    var sampleCount: Int { lock.lock(); defer { lock.unlock() }; return bytes.count / 2 }

    var samples: [Int16] {
        lock.lock()
        defer { lock.unlock() }
        let count = bytes.count / 2
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }

    func waitForSamples(_ count: Int, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while bytes.count / 2 < count && !finished {
            if !lock.wait(until: deadline) { return false }
        }
        return bytes.count / 2 >= count
    }

    /// When the read holding sample `index` arrived.
    func arrival(ofSample index: Int) -> ContinuousClock.Instant? {
        lock.lock()
        defer { lock.unlock() }
        return arrivals.first { $0.end > index }?.at
    }

    /// The first sample at or after `start` louder than `threshold`, waiting for it to arrive.
    func waitForSound(from start: Int, threshold: Int = 300, timeout: TimeInterval) -> (index: Int, at: ContinuousClock.Instant)? {
        let deadline = TestDeadline(seconds: timeout)
        var scanned = start
        while !deadline.hasPassed {
            let all = samples
            if scanned < all.count {
                if let i = all[scanned...].firstIndex(where: { abs(Int($0)) > threshold }) {
                    return arrival(ofSample: i).map { (i, $0) }
                }
                scanned = all.count
            }
            _ = waitForSamples(all.count + 1, timeout: 0.05)
        }
        return nil
    }

    func stop() {
        // SIGKILL: the child inherits the test runner's blocked signals, so SIGTERM may never land.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        lock.lock()
        let deadline = Date().addingTimeInterval(2)
        while !finished && lock.wait(until: deadline) {}
        lock.unlock()
    }
}

/// Hands everything to the device and keeps a copy, with the sample index each flush happened
/// at, so a recording can be compared with what was actually played.
final class TeeOutput: AudioOutput, @unchecked Sendable {
    let device: AudioOutput
    var sampleRate: Int { device.sampleRate }
    private let lock = NSLock()
    private var segmentList: [[Int16]] = [[]]

    init(_ device: AudioOutput) { self.device = device }

    func play(_ samples: [Int16], sampleRate: Int) {
        lock.lock(); segmentList[segmentList.count - 1] += samples; lock.unlock()
        device.play(samples, sampleRate: sampleRate)
    }
    func flush() { lock.lock(); segmentList.append([]); lock.unlock(); device.flush() }
    func waitUntilDrained(timeout: Duration) -> Bool { device.waitUntilDrained(timeout: timeout) }
    func whenDrained(deadline: DispatchTime, _ done: @escaping @Sendable () -> Void) { device.whenDrained(deadline: deadline, done) }
    func close() { device.close() }

    /// What was handed over between flushes, in order (empty segments dropped).
    var segments: [[Int16]] { lock.lock(); defer { lock.unlock() }; return segmentList.filter { !$0.isEmpty } }
}

enum Signal {
    /// Where `played` starts in `recording`, matching a stretch of its first loud samples.
    static func locate(_ played: [Int16], in recording: [Int16], from start: Int = 0, tolerance: Int = 4) -> Int? {
        guard let loud = played.firstIndex(where: { abs(Int($0)) > 1000 }), loud + 220 <= played.count else { return nil }
        let template = Array(played[loud..<(loud + 220)])
        let limit = recording.count - template.count
        guard limit >= start else { return nil }
        return recording.withUnsafeBufferPointer { rec in
            template.withUnsafeBufferPointer { tpl in
                for r in start...limit where abs(Int(rec[r]) - Int(tpl[0])) <= tolerance {
                    var k = 1
                    while k < tpl.count && abs(Int(rec[r + k]) - Int(tpl[k])) <= tolerance { k += 1 }
                    if k == tpl.count { return r - loud }
                }
                return nil
            }
        }
    }

    /// How many samples of `played`, from `offset` in the recording on, were heard before the
    /// recording departs from it for good (a run of `window` differing samples).
    static func heardLength(of played: [Int16], at offset: Int, in recording: [Int16], tolerance: Int = 4, window: Int = 64) -> Int {
        var lastMatch = -1
        var misses = 0
        var k = max(0, -offset)
        while k < played.count && offset + k < recording.count {
            if abs(Int(recording[offset + k]) - Int(played[k])) <= tolerance {
                lastMatch = k
                misses = 0
            } else {
                misses += 1
                if misses >= window { break }
            }
            k += 1
        }
        return lastMatch + 1
    }

    /// Which of the loud quarter-seconds of `played` are found, in order, in `recording`.
    /// Tolerates a playback gap (an underrun on a loaded machine shifts what follows).
    static func blocksHeard(of played: [Int16], in recording: [Int16], from start: Int = 0) -> (heard: Int, loud: Int) {
        let block = 22_050 / 4
        var position = start, heard = 0, loud = 0
        var b = 0
        while b + block <= played.count {
            let piece = Array(played[b..<(b + block)])
            if piece.contains(where: { abs(Int($0)) > 1000 }) {
                loud += 1
                if let at = locate(piece, in: recording, from: position) {
                    heard += 1
                    position = max(position, at)
                }
            }
            b += block
        }
        return (heard, loud)
    }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// First and last samples louder than `threshold`.
    static func soundSpan(_ samples: [Int16], threshold: Int = 300) -> Range<Int>? {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > threshold }),
              let last = samples.lastIndex(where: { abs(Int($0)) > threshold }) else { return nil }
        return first..<(last + 1)
    }
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

func percentile(_ values: [Double], _ p: Int) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, sorted.count * p / 100)]
}
