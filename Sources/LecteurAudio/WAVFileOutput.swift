// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore

/// Writes everything the reader would have played to one WAV file (`--audio-out`), as a listener
/// would have heard it: each chunk is placed on a simulated playback clock, and a flush cuts the
/// audio that had not yet "sounded" at that moment. Time spent idle between utterances is not
/// written, so a session without speech gives a short file rather than minutes of silence.
public final class WAVFileOutput: AudioOutput {
    public let sampleRate: Int
    public let path: String
    private let state: Mutex<State>

    /// The file and what is not yet "played", under the lock.
    private struct State {
        let writer: WAVStreamWriter
        let sampleRate: Int
        /// Samples handed over but not yet "played" at the current instant: a flush may still cut them.
        var pending: [Int16] = []
        var pendingStart = ContinuousClock.now
        var closed = false
        var failure: AudioOutputError?

        var pendingEnd: ContinuousClock.Instant {
            pendingStart + .nanoseconds(Int64(pending.count) * 1_000_000_000 / Int64(sampleRate))
        }

        mutating func commit(_ count: Int) {
            guard count > 0 else { return }
            do { try writer.append(Array(pending[..<count])) } catch { failure = failure ?? error }
            pending.removeFirst(count)
        }
    }

    public init(path: String, sampleRate: Int = 22_050) throws(AudioOutputError) {
        self.path = path
        self.sampleRate = sampleRate
        state = Mutex(State(writer: try WAVStreamWriter(path: path, sampleRate: sampleRate), sampleRate: sampleRate))
    }

    deinit { close() }

    public func play(_ samples: [Int16], sampleRate rate: Int) {
        guard !samples.isEmpty else { return }
        let converted = PCMConversion.resample(samples, from: rate, to: sampleRate)
        state.withLock { state in
            guard !state.closed else { return }
            let now = ContinuousClock.now
            if state.pending.isEmpty || state.pendingEnd <= now {
                state.commit(state.pending.count)
                state.pendingStart = now
            }
            state.pending.append(contentsOf: converted)
        }
    }

    public func flush() {
        state.withLock { state in
            guard !state.closed, !state.pending.isEmpty else { return }
            let heard = PCMConversion.sampleCount(state.pendingStart.duration(to: .now), rate: sampleRate)
            state.commit(min(max(heard, 0), state.pending.count))
            state.pending.removeAll()
        }
    }

    /// A file has no speaker to wait for: what is pending is written at `close()`.
    public func waitUntilDrained(timeout: Duration) -> Bool { true }
    /// A file is "heard" as soon as it is written.
    public func whenDrained(deadline: DispatchTime, _ done: @escaping @Sendable () -> Void) { done() }

    public func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            state.commit(state.pending.count)
            state.pending.removeAll()
            do throws(AudioOutputError) { try state.writer.finish() } catch { state.failure = state.failure ?? error }
        }
    }

    /// Samples written to the file so far (all of them once closed).
    public var writtenSampleCount: Int { state.withLock { $0.writer.sampleCount } }

    /// The first write error, if any: the runtime reports it once instead of failing each play.
    public var error: AudioOutputError? { state.withLock { $0.failure } }
}
