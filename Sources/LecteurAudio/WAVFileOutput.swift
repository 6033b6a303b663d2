// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes everything the reader would have played to one WAV file (`--audio-out`), as a listener
/// would have heard it: each chunk is placed on a simulated playback clock, and a flush cuts the
/// audio that had not yet "sounded" at that moment. Time spent idle between utterances is not
/// written, so a session without speech gives a short file rather than minutes of silence.
public final class WAVFileOutput: AudioOutput, @unchecked Sendable {
    public let sampleRate: Int
    public let path: String
    private let lock = NSLock()
    private let writer: WAVStreamWriter
    /// Samples handed over but not yet "played" at the current instant: a flush may still cut them.
    private var pending: [Int16] = []
    private var pendingStart = ContinuousClock.now
    private var closed = false
    private var failure: AudioOutputError?

    public init(path: String, sampleRate: Int = 22_050) throws(AudioOutputError) {
        self.path = path
        self.sampleRate = sampleRate
        writer = try WAVStreamWriter(path: path, sampleRate: sampleRate)
    }

    deinit { close() }

    public func play(_ samples: [Int16], sampleRate rate: Int) {
        guard !samples.isEmpty else { return }
        let converted = PCMConversion.resample(samples, from: rate, to: sampleRate)
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        let now = ContinuousClock.now
        if pending.isEmpty || pendingEnd <= now {
            commit(pending.count)
            pendingStart = now
        }
        pending.append(contentsOf: converted)
    }

    public func flush() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed, !pending.isEmpty else { return }
        let heard = PCMConversion.sampleCount(pendingStart.duration(to: .now), rate: sampleRate)
        commit(min(max(heard, 0), pending.count))
        pending.removeAll()
    }

    /// A file has no speaker to wait for: what is pending is written at `close()`.
    public func waitUntilDrained(timeout: Duration) -> Bool { true }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        commit(pending.count)
        pending.removeAll()
        do { try writer.finish() } catch { failure = failure ?? error }
    }

    /// Samples written to the file so far (all of them once closed).
    public var writtenSampleCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return writer.sampleCount
    }

    /// The first write error, if any: the runtime reports it once instead of failing each play.
    public var error: AudioOutputError? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    private var pendingEnd: ContinuousClock.Instant {
        pendingStart + .nanoseconds(Int64(pending.count) * 1_000_000_000 / Int64(sampleRate))
    }

    /// Called with the lock held.
    private func commit(_ count: Int) {
        guard count > 0 else { return }
        do { try writer.append(Array(pending[..<count])) } catch { failure = failure ?? error }
        pending.removeFirst(count)
    }
}
