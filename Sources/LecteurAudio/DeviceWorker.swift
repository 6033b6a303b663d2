// SPDX-License-Identifier: GPL-3.0-or-later
import CPCAudio
import Foundation
import LecteurCore
import LecteurThreads

/// The audio thread's state and loop. Everything mutable is in `state` (a `Monitor`); the device
/// is only called from `run()`, outside the lock, so `play` and `flush` never wait for the device.
///
/// A sound server that dies (PulseAudio killed, restarted, or a USB card unplugged) shows up as a
/// failed write. The stream is then dropped and reopened at once, and if the server is not back,
/// again whenever there is something to play. What cannot be played while there is no device is
/// dropped rather than kept: a queue of stale announcements read out when the server returns
/// would tell the user things long past, and would grow without bound.
final class DeviceWorker: Sendable {
    typealias Opener = @Sendable () throws(AudioOutputError) -> DeviceHandle

    private struct State {
        var device: DeviceHandle?
        var queue = SampleQueue()
        var flushRequestedAt: ContinuousClock.Instant?
        /// Audio written to the device and not yet drained.
        var deviceHoldsAudio = false
        var closing = false
        var finished = false
        var stats = DeviceAudioOutput.Statistics()
        /// When the audio written to the stream so far will have been played: the stream plays
        /// on without a pause once written, so each piece ends its length after the later of
        /// now and the end of the one before. pcaudio reports no latency; this clock is the
        /// played position the braille rhythm is timed from.
        var writtenPlaysUntil: ContinuousClock.Instant?
        /// A reopen is under way (outside the lock), and whether a flush came meanwhile.
        var attempting = false
        var flushedDuringAttempt = false
        /// Why the stream died, until the reader has been told (only once a reopen has failed: a
        /// server restarted while the reader was idle is reopened at once, and that is no news).
        var unannouncedLoss: String?
        var lossAnnounced = false
        var observer: (@Sendable (AudioDeviceEvent) -> Void)?
        /// Samples ever queued and ever taken off the queue (written, flushed or dropped): a
        /// marker's place is the count queued before it.
        var queuedTotal = 0
        var takenTotal = 0
        /// Markers whose samples are still queued, in order (`whenPlayed`).
        var markers: [Marker] = []
        /// Bumped by every flush: a marker whose play time was set before it was dropped with it.
        var flushes = 0

        /// Nothing to do until a caller asks for something. A stream that just died is tried
        /// again at once even with nothing left to play, so the user hears about the loss when
        /// it happens, not at the next announcement.
        var idle: Bool {
            queue.isEmpty && flushRequestedAt == nil && !deviceHoldsAudio && !closing && unannouncedLoss == nil
        }

        var drained: Bool { finished || (queue.isEmpty && !deviceHoldsAudio && flushRequestedAt == nil) }

        /// A write or drain failed: the stream is dead (the caller closes it, outside the lock).
        mutating func lose(detail: String) {
            stats.writeErrors += 1
            stats.lastError = detail
            stats.disconnections += 1
            unannouncedLoss = detail
            device = nil
            deviceHoldsAudio = false
            flushRequestedAt = nil
        }
    }

    /// What the audio thread does next, decided with the lock held and done without it.
    private enum Step {
        case flush(DeviceHandle, requestedAt: ContinuousClock.Instant)
        case write(DeviceHandle, [Int16])
        case drain(DeviceHandle)
        /// Nothing queued, the stream still playing: wait for more audio until it has played out.
        case hold(until: ContinuousClock.Instant)
        /// No device: try to reopen for the audio waiting (`waiting` samples of it).
        case reopen(waiting: Int)
        /// Nothing left to do outside the lock (a flush asked while there is no device).
        case nothing
        case finish(DeviceHandle?)
    }

    /// A caller waiting for the samples queued before it to be heard (`whenPlayed`).
    struct Marker: Sendable {
        let at: Int
        let done: @Sendable (Bool) -> Void
    }

    private let state: Monitor<State>
    private let reopen: Opener
    private let pieceSamples: Int
    private let sampleRate: Int
    /// How long past its computed end a playing stream is still fed without a pause: the clock
    /// starts each piece when it is written, the server a little later, so a piece queued by a
    /// timer that rang late still follows the one before seamlessly. 10 ms was too little beside
    /// CPU hogs (docs/morse-paddles.md); a sound too short to start the stream waits this long more.
    private let holdGrace: Duration

    /// `device` nil: an output opened at its first sound (`DeviceAudioOutput.onDemand`), whose
    /// opener hands the stream over with `adopt`; until then nothing is queued.
    init(device: DeviceHandle?, reopen: @escaping Opener, pieceSamples: Int, sampleRate: Int, holdGrace: Duration = .milliseconds(30)) {
        state = Monitor(State(device: device))
        self.reopen = reopen
        self.pieceSamples = pieceSamples
        self.sampleRate = sampleRate
        self.holdGrace = holdGrace
    }

    /// How long until everything queued and written so far has been played.
    var pendingPlaybackMs: Double {
        state.withLock { state in
            let written = state.writtenPlaysUntil.map { max(0, Double(ContinuousClock.now.duration(to: $0) / .milliseconds(1))) } ?? 0
            return written + Double(state.queue.count) * 1000 / Double(sampleRate)
        }
    }

    /// The stream an on-demand output opened at its first sound (before anything is queued).
    func adopt(_ device: DeviceHandle) {
        let spare = state.withLock { state -> DeviceHandle? in
            guard state.device == nil, !state.closing else { return device }
            state.device = device
            return nil
        }
        if let spare { Self.release(spare) }
    }

    func setObserver(_ observer: (@Sendable (AudioDeviceEvent) -> Void)?) {
        state.withLock { $0.observer = observer }
    }

    func enqueue(_ samples: [Int16]) {
        state.withLock { state in
            guard !state.closing else { return }
            state.queue.append(samples)
            state.queuedTotal += samples.count
            state.stats.largestQueuedSamples = max(state.stats.largestQueuedSamples, state.queue.count)
        }
    }

    func requestFlush() {
        let dropped = state.withLock { state in
            state.flushes += 1
            state.takenTotal = state.queuedTotal
            defer { state.markers = [] }
            state.queue.removeAll()
            if state.attempting { state.flushedDuringAttempt = true }
            if !state.closing && state.flushRequestedAt == nil { state.flushRequestedAt = .now }
            return state.markers
        }
        for marker in dropped { marker.done(false) }
    }

    func waitUntilDrained(timeout: Duration) -> Bool {
        state.wait(until: .now(plus: timeout), for: { $0.drained })
    }

    func whenDrained(deadline: DispatchTime, _ done: @escaping @Sendable () -> Void) {
        state.when({ $0.drained }, deadline: deadline) { _ in done() }
    }

    /// Calls `done(true)` at the instant everything queued before this call has been played by
    /// the stream (by the write clock, `writtenPlaysUntil`), `done(false)` if a flush, a lost
    /// stream or closing drops it first. Nothing waits: the call is timed on a dispatch queue.
    func whenPlayed(_ done: @escaping @Sendable (Bool) -> Void) {
        let ready = state.withLock { state -> (ContinuousClock.Instant, Int)? in
            guard !state.closing else { return nil }
            if state.takenTotal >= state.queuedTotal {
                return (max(.now, state.writtenPlaysUntil ?? .now), state.flushes)
            }
            state.markers.append(Marker(at: state.queuedTotal, done: done))
            return (.now, -1)
        }
        guard let (instant, flushes) = ready else { done(false); return }
        if flushes >= 0 { fire(done, at: instant, flushes: flushes) }
    }

    /// Calls `done` at `instant`, true unless a flush came after `flushes` was read.
    private func fire(_ done: @escaping @Sendable (Bool) -> Void, at instant: ContinuousClock.Instant, flushes: Int) {
        let delay = max(.zero, ContinuousClock.now.duration(to: instant))
        let nanoseconds = Int(delay.components.seconds) * 1_000_000_000 + Int(delay.components.attoseconds / 1_000_000_000)
        DispatchQueue.global(qos: .userInteractive).asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [state] in
            let played = state.withLock { $0.flushes == flushes && !$0.closing }
            done(played)
        }
    }

    /// With the lock held, after `takenTotal` moved: the markers it passed, each with the instant
    /// its last sample plays (`playsUntil`, for written audio) or nil (dropped unheard).
    private static func passed(_ state: inout State) -> [Marker] {
        let count = state.markers.prefix { $0.at <= state.takenTotal }.count
        defer { state.markers.removeFirst(count) }
        return Array(state.markers.prefix(count))
    }

    func close(timeout: Duration) {
        let dropped = state.withLock { state in
            defer { state.markers = [] }
            return state.markers
        }
        for marker in dropped { marker.done(false) }
        state.withLock { state in
            state.closing = true
            state.queue.removeAll()
        }
        _ = state.wait(until: .now(plus: timeout), for: { $0.finished })
    }

    var statistics: DeviceAudioOutput.Statistics {
        state.withLock { state in
            var copy = state.stats
            copy.queuedSamples = state.queue.count
            copy.connected = state.device != nil
            return copy
        }
    }

    func run() {
        while true {
            switch state.wait(for: { !$0.idle }, then: { next(&$0) }) {
            case .nothing:
                continue
            case .finish(let last):
                if let last { Self.release(last) }
                state.withLock { $0.finished = true }
                return
            case .reopen(let waiting):
                reconnectOrDrop(waiting: waiting)
            case .flush(let device, let requested):
                audio_object_flush(device.object)
                state.withLock { state in
                    state.flushRequestedAt = nil
                    state.deviceHoldsAudio = false
                    state.writtenPlaysUntil = nil
                    if state.stats.flushLatencies.count >= 1000 { state.stats.flushLatencies.removeFirst() }
                    state.stats.flushLatencies.append(requested.duration(to: .now))
                }
            case .write(let device, let piece):
                let writing = ContinuousClock.now
                let status = piece.withUnsafeBytes { audio_object_write(device.object, $0.baseAddress, $0.count) }
                let length = Duration.microseconds(Int64(piece.count) * 1_000_000 / Int64(sampleRate))
                let detail = status == 0 ? nil : Self.describe(status, of: device)
                let (reached, playsUntil, flushes, taken) = state.withLock { state in
                    state.stats.samplesWritten += piece.count
                    let playsUntil = max(state.writtenPlaysUntil ?? writing, writing) + length
                    state.writtenPlaysUntil = playsUntil
                    if let detail { state.lose(detail: detail) }
                    return (Self.passed(&state), playsUntil, state.flushes, state.takenTotal)
                }
                // A marker inside this piece plays its samples' length before the piece's end.
                for marker in reached {
                    let after = Duration.microseconds(Int64(taken - marker.at) * 1_000_000 / Int64(sampleRate))
                    if detail != nil { marker.done(false) } else { fire(marker.done, at: playsUntil - after, flushes: flushes) }
                }
                if detail != nil { Self.release(device) }
            case .hold(let end):
                let left = max(.zero, ContinuousClock.now.duration(to: end))
                _ = state.wait(until: .now(plus: left),
                               for: { !$0.queue.isEmpty || $0.flushRequestedAt != nil || $0.closing })
            case .drain(let device):
                // Everything written has played (or, for a sound that never reached the server's
                // pre-buffer, starts now and plays).
                let status = audio_object_drain(device.object)
                let detail = status == 0 ? nil : Self.describe(status, of: device)
                state.withLock { state in
                    if let detail {
                        state.lose(detail: detail)
                    } else if state.queue.isEmpty && state.flushRequestedAt == nil {
                        state.deviceHoldsAudio = false
                    }
                }
                // The server may already be back (it died while idle): the reopen comes at once,
                // with what is left of the utterance still queued.
                if detail != nil { Self.release(device) }
            }
        }
    }

    /// With the lock held, once there is something to do: the next step.
    private func next(_ state: inout State) -> Step {
        if state.closing {
            let last = state.device
            state.device = nil
            return .finish(last)
        }
        guard let device = state.device else {
            // No device holds audio: a flush has nothing to drop.
            state.flushRequestedAt = nil
            guard !state.queue.isEmpty || state.unannouncedLoss != nil else { return .nothing }
            state.flushedDuringAttempt = false
            state.attempting = true
            return .reopen(waiting: state.queue.count)
        }
        if let requested = state.flushRequestedAt { return .flush(device, requestedAt: requested) }
        if !state.queue.isEmpty {
            state.deviceHoldsAudio = true
            let piece = state.queue.take(upTo: pieceSamples)
            state.takenTotal += piece.count
            return .write(device, piece)
        }
        // No drain while what was written is still playing: a drain only returns once everything
        // has played, so a sound queued meanwhile (a live sidetone's next element, keyed as the
        // one before ends) would start late, 20 ms at the sound server. Written at once behind
        // a playing stream, it follows with no pause. Once the written audio has played out,
        // the drain ends the stream — and starts a sound too short to reach the server's
        // pre-buffer (about half the stream's buffer), which is therefore heard only after
        // its own length.
        if let end = state.writtenPlaysUntil, ContinuousClock.now < end + holdGrace {
            return .hold(until: end + holdGrace)
        }
        return .drain(device)
    }

    /// No device: try to reopen for what is queued. A failed attempt drops the audio that was
    /// waiting when it started (it had its chance); audio that arrived while the attempt ran gets
    /// an attempt of its own, so the first words after the server returns are not lost to a
    /// timer. Attempts only happen while there is audio to play, and synthesis delivers an
    /// announcement in a burst of milliseconds, so this never spins.
    private func reconnectOrDrop(waiting: Int) {
        let outcome: Result<DeviceHandle, AudioOutputError>
        do throws(AudioOutputError) { outcome = .success(try reopen()) } catch { outcome = .failure(error) }
        var unheard: [Marker] = []
        let (event, observer) = state.withLock { state -> (AudioDeviceEvent?, (@Sendable (AudioDeviceEvent) -> Void)?) in
            state.attempting = false
            var event: AudioDeviceEvent?
            switch outcome {
            case .success(let handle):
                state.device = handle
                guard !state.closing else { return (nil, nil) } // released in `run`'s exit path
                state.stats.reconnections += 1
                state.unannouncedLoss = nil
                if state.lossAnnounced { event = .restored }
                state.lossAnnounced = false
            case .failure:
                state.stats.failedReconnections += 1
                // A flush during the attempt already removed the old audio: what is left is new.
                let stale = state.flushedDuringAttempt ? 0 : min(waiting, state.queue.count)
                state.stats.droppedSamples += stale
                _ = state.queue.take(upTo: stale)
                state.takenTotal += stale
                unheard = Self.passed(&state)
                if let detail = state.unannouncedLoss {
                    event = .lost(detail: detail)
                    state.unannouncedLoss = nil
                    state.lossAnnounced = true
                }
            }
            return (event, state.observer)
        }
        for marker in unheard { marker.done(false) }
        if let event { observer?(event) }
    }

    private static func describe(_ status: Int32, of device: DeviceHandle) -> String {
        audio_object_strerror(device.object, status).map { String(cString: $0) } ?? "error \(status)"
    }

    private static func release(_ device: DeviceHandle) {
        audio_object_close(device.object)
        audio_object_destroy(device.object)
    }
}

/// What the device output tells the reader about its sound server.
public enum AudioDeviceEvent: Hashable, Sendable {
    /// A write failed: the server went away (detail in its own words). Sound is dropped until
    /// a reopen succeeds.
    case lost(detail: String)
    /// A new stream is open; what follows is heard again.
    case restored
}
