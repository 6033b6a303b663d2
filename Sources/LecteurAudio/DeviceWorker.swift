// SPDX-License-Identifier: GPL-3.0-or-later
import CPCAudio
import Foundation
import LecteurCore

/// The audio thread's state and loop. Everything mutable is guarded by `condition`; the device
/// is only called from `run()`, outside the lock, so `play` and `flush` never wait for the device.
///
/// A sound server that dies (PulseAudio killed, restarted, or a USB card unplugged) shows up as a
/// failed write. The stream is then dropped and reopened at once, and if the server is not back,
/// again whenever there is something to play. What cannot be played while there is no device is
/// dropped rather than kept: a queue of stale announcements read out when the server returns
/// would tell the user things long past, and would grow without bound.
final class DeviceWorker: @unchecked Sendable {
    typealias Opener = @Sendable () throws(AudioOutputError) -> DeviceHandle

    private let condition = NSCondition()
    private var device: DeviceHandle?
    private let reopen: Opener
    private let pieceSamples: Int

    private var queue = SampleQueue()
    private var flushRequestedAt: ContinuousClock.Instant?
    /// Audio written to the device and not yet drained.
    private var deviceHoldsAudio = false
    private var closing = false
    private var finished = false
    private var stats = DeviceAudioOutput.Statistics()
    /// A reopen is under way (outside the lock), and whether a flush came meanwhile.
    private var attempting = false
    private var flushedDuringAttempt = false
    /// Why the stream died, until the reader has been told (only once a reopen has failed: a
    /// server restarted while the reader was idle is reopened at once, and that is no news).
    private var unannouncedLoss: String?
    private var lossAnnounced = false
    private var observer: (@Sendable (AudioDeviceEvent) -> Void)?

    init(device: DeviceHandle, reopen: @escaping Opener, pieceSamples: Int) {
        self.device = device
        self.reopen = reopen
        self.pieceSamples = pieceSamples
    }

    func setObserver(_ observer: (@Sendable (AudioDeviceEvent) -> Void)?) {
        condition.lock()
        self.observer = observer
        condition.unlock()
    }

    func enqueue(_ samples: [Int16]) {
        condition.lock()
        if !closing {
            queue.append(samples)
            stats.largestQueuedSamples = max(stats.largestQueuedSamples, queue.count)
            condition.broadcast()
        }
        condition.unlock()
    }

    func requestFlush() {
        condition.lock()
        queue.removeAll()
        if attempting { flushedDuringAttempt = true }
        if !closing && flushRequestedAt == nil { flushRequestedAt = .now }
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilDrained(timeout: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(Self.seconds(timeout))
        condition.lock()
        defer { condition.unlock() }
        while !finished && (!queue.isEmpty || deviceHoldsAudio || flushRequestedAt != nil) {
            if !condition.wait(until: deadline) {
                return finished || (queue.isEmpty && !deviceHoldsAudio && flushRequestedAt == nil)
            }
        }
        return true
    }

    func close(timeout: Duration) {
        let deadline = Date().addingTimeInterval(Self.seconds(timeout))
        condition.lock()
        closing = true
        queue.removeAll()
        condition.broadcast()
        while !finished && condition.wait(until: deadline) {}
        condition.unlock()
    }

    var statistics: DeviceAudioOutput.Statistics {
        condition.lock()
        defer { condition.unlock() }
        var copy = stats
        copy.queuedSamples = queue.count
        copy.connected = device != nil
        return copy
    }

    func run() {
        condition.lock()
        while true {
            // A stream that just died is tried again at once even with nothing left to play, so
            // the user hears about the loss when it happens, not at the next announcement.
            while queue.isEmpty && flushRequestedAt == nil && !deviceHoldsAudio && !closing && unannouncedLoss == nil {
                condition.wait()
            }
            if closing { break }
            guard let device else {
                reconnectOrDrop()
                continue
            }
            if let requested = flushRequestedAt {
                condition.unlock()
                audio_object_flush(device.object)
                condition.lock()
                flushRequestedAt = nil
                deviceHoldsAudio = false
                if stats.flushLatencies.count >= 1000 { stats.flushLatencies.removeFirst() }
                stats.flushLatencies.append(requested.duration(to: .now))
                condition.broadcast()
            } else if !queue.isEmpty {
                let piece = queue.take(upTo: pieceSamples)
                deviceHoldsAudio = true
                condition.unlock()
                let status = piece.withUnsafeBytes { audio_object_write(device.object, $0.baseAddress, $0.count) }
                condition.lock()
                stats.samplesWritten += piece.count
                if status != 0 { lose(device, status: status) }
            } else {
                // Short sounds never reach the server's pre-buffer threshold: draining starts them.
                condition.unlock()
                let status = audio_object_drain(device.object)
                condition.lock()
                if status != 0 {
                    lose(device, status: status)
                } else if queue.isEmpty && flushRequestedAt == nil {
                    deviceHoldsAudio = false
                }
                condition.broadcast()
            }
        }
        let last = device
        device = nil
        condition.unlock()
        if let last {
            audio_object_close(last.object)
            audio_object_destroy(last.object)
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// A write or drain failed: the stream is dead. Called with the lock held.
    private func lose(_ lost: DeviceHandle, status: Int32) {
        stats.writeErrors += 1
        let detail = audio_object_strerror(lost.object, status).map { String(cString: $0) } ?? "error \(status)"
        stats.lastError = detail
        stats.disconnections += 1
        unannouncedLoss = detail
        device = nil
        deviceHoldsAudio = false
        flushRequestedAt = nil
        // The server may already be back (it died while idle): the reopen comes at once, with
        // what is left of the utterance still queued.
        condition.unlock()
        audio_object_close(lost.object)
        audio_object_destroy(lost.object)
        condition.lock()
        condition.broadcast()
    }

    /// No device: try to reopen for what is queued. Lock held. A failed attempt drops the audio
    /// that was waiting when it started (it had its chance); audio that arrived while the attempt
    /// ran gets an attempt of its own, so the first words after the server returns are not lost
    /// to a timer. Attempts only happen while there is audio to play, and synthesis delivers an
    /// announcement in a burst of milliseconds, so this never spins.
    private func reconnectOrDrop() {
        flushRequestedAt = nil
        guard !queue.isEmpty || unannouncedLoss != nil else { return }
        let waiting = queue.count
        flushedDuringAttempt = false
        attempting = true
        let observer = self.observer
        condition.unlock()
        let outcome: Result<DeviceHandle, AudioOutputError>
        do throws(AudioOutputError) { outcome = .success(try reopen()) } catch { outcome = .failure(error) }
        condition.lock()
        attempting = false
        var event: AudioDeviceEvent?
        switch outcome {
        case .success(let handle):
            device = handle
            guard !closing else { return } // released in `run`'s exit path
            stats.reconnections += 1
            unannouncedLoss = nil
            if lossAnnounced { event = .restored }
            lossAnnounced = false
        case .failure:
            stats.failedReconnections += 1
            // A flush during the attempt already removed the old audio: what is left is new.
            let stale = flushedDuringAttempt ? 0 : min(waiting, queue.count)
            stats.droppedSamples += stale
            _ = queue.take(upTo: stale)
            if let detail = unannouncedLoss {
                event = .lost(detail: detail)
                unannouncedLoss = nil
                lossAnnounced = true
            }
        }
        condition.broadcast()
        if let event {
            condition.unlock()
            observer?(event)
            condition.lock()
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (s, atto) = duration.components
        return TimeInterval(s) + TimeInterval(atto) * 1e-18
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
