// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import LecteurCore

/// Where the reader's sound goes: a sound device, a WAV file or nowhere. Speech and Morse share
/// one output so that a new command silences whatever is still sounding, whoever produced it.
///
/// All methods may be called from any thread. `play` only queues and returns at once; the
/// device output plays on its own thread.
public protocol AudioOutput: AnyObject, Sendable {
    /// The rate the output runs at; chunks at another rate are converted before playing.
    var sampleRate: Int { get }

    /// Queues 16-bit mono samples recorded at `sampleRate` after everything queued so far.
    func play(_ samples: [Int16], sampleRate: Int)

    /// Drops everything queued or still sounding. Audio played after this call is unaffected.
    func flush()

    /// Blocks until everything queued has been heard (true) or `timeout` has passed (false).
    func waitUntilDrained(timeout: Duration) -> Bool

    /// Calls `done` once everything queued so far has been heard (or flushed), or at `deadline`;
    /// no thread waits meanwhile. `done` may run on the output's own thread and must not block.
    func whenDrained(deadline: DispatchTime, _ done: @escaping @Sendable () -> Void)

    /// Calls `done(true)` when everything queued so far has been played at the output (a marker
    /// after the samples: what is queued later does not delay it), `done(false)` when a flush
    /// drops it first. Without a clock of its own (a file, nothing) the output calls it at once.
    /// `done` may run on any thread and must not block.
    func whenPlayed(_ done: @escaping @Sendable (_ played: Bool) -> Void)

    /// Releases the device or finishes the file; later `play` calls are ignored. Idempotent.
    func close()
}

public extension AudioOutput {
    func play(_ samples: [Int16]) { play(samples, sampleRate: sampleRate) }

    /// No played position to wait for: a file is written as fast as it is given.
    func whenPlayed(_ done: @escaping @Sendable (_ played: Bool) -> Void) { done(true) }
}
