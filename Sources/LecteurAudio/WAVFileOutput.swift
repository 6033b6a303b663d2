// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore

/// Writes everything the reader would have played to one WAV file (`--audio-out`), as a listener
/// would have heard it: each chunk is placed on a simulated playback clock, and a flush cuts the
/// audio that had not yet "sounded" at that moment. Time spent idle between utterances is not
/// written, so a session without speech gives a short file rather than minutes of silence;
/// but the silences of a learner's keying are (`playKeepingSilence`): a sending's rhythm is its
/// gaps as much as its marks (a paddle session once gave 3.0 s of WAV, a straight key's gaps 2 ms).
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
        /// When the audio written or cut so far stopped sounding (nil: nothing played yet).
        var soundedUntil: ContinuousClock.Instant?
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
        play(samples, sampleRate: rate, keepingSilenceUpTo: nil)
    }

    /// The longest silence `playKeepingSilence` writes: longer, the learner stopped keying.
    public static let longestKeptSilence: Duration = .seconds(10)

    /// Plays a sound of the learner's keying (a sidetone): the silence since the sound before it
    /// stopped is written at its real length first (up to `longestKeptSilence`), so a sending's
    /// gaps are in the file as they were keyed. A silence of at most `shortest` is not written.
    public func playKeepingSilence(_ samples: [Int16], sampleRate rate: Int, longerThan shortest: Duration = .zero) {
        play(samples, sampleRate: rate, keepingSilenceUpTo: Self.longestKeptSilence, longerThan: shortest)
    }

    private func play(_ samples: [Int16], sampleRate rate: Int, keepingSilenceUpTo longest: Duration?,
                      longerThan shortest: Duration = .zero) {
        guard !samples.isEmpty else { return }
        let converted = PCMConversion.resample(samples, from: rate, to: sampleRate)
        state.withLock { state in
            guard !state.closed else { return }
            let now = ContinuousClock.now
            if state.pending.isEmpty || state.pendingEnd <= now {
                let stopped = state.pending.isEmpty ? state.soundedUntil : state.pendingEnd
                state.commit(state.pending.count)
                if let longest, let stopped, stopped < now, stopped.duration(to: now) <= longest, stopped.duration(to: now) > shortest {
                    state.pending = [Int16](repeating: 0, count: PCMConversion.sampleCount(stopped.duration(to: now), rate: sampleRate))
                    state.commit(state.pending.count)
                }
                state.pendingStart = now
            }
            state.pending.append(contentsOf: converted)
            state.soundedUntil = state.pendingEnd
        }
    }

    public func flush() {
        state.withLock { state in
            guard !state.closed, !state.pending.isEmpty else { return }
            let now = ContinuousClock.now
            let heard = PCMConversion.sampleCount(state.pendingStart.duration(to: now), rate: sampleRate)
            state.commit(min(max(heard, 0), state.pending.count))
            state.pending.removeAll()
            state.soundedUntil = min(now, state.soundedUntil ?? now)
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
