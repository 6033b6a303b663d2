import CPCAudio
import Foundation

/// The audio thread's state and loop. Everything mutable is guarded by `condition`; the device
/// is only called from `run()`, outside the lock, so `play` and `flush` never wait for the device.
final class DeviceWorker: @unchecked Sendable {
    private let condition = NSCondition()
    private let device: DeviceHandle
    private let pieceSamples: Int

    private var queue = SampleQueue()
    private var flushRequestedAt: ContinuousClock.Instant?
    /// Audio written to the device and not yet drained.
    private var deviceHoldsAudio = false
    private var closing = false
    private var finished = false
    private var stats = DeviceAudioOutput.Statistics()

    init(device: DeviceHandle, pieceSamples: Int) {
        self.device = device
        self.pieceSamples = pieceSamples
    }

    func enqueue(_ samples: [Int16]) {
        condition.lock()
        if !closing {
            queue.append(samples)
            condition.broadcast()
        }
        condition.unlock()
    }

    func requestFlush() {
        condition.lock()
        queue.removeAll()
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
        return stats
    }

    func run() {
        condition.lock()
        while true {
            while queue.isEmpty && flushRequestedAt == nil && !deviceHoldsAudio && !closing {
                condition.wait()
            }
            if closing { break }
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
                if status != 0 { record(status) }
            } else {
                // Short sounds never reach the server's pre-buffer threshold: draining starts them.
                condition.unlock()
                let status = audio_object_drain(device.object)
                condition.lock()
                if status != 0 { record(status) }
                if queue.isEmpty && flushRequestedAt == nil { deviceHoldsAudio = false }
                condition.broadcast()
            }
        }
        condition.unlock()
        audio_object_close(device.object)
        audio_object_destroy(device.object)
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Called with the lock held.
    private func record(_ status: Int32) {
        stats.writeErrors += 1
        stats.lastError = audio_object_strerror(device.object, status).map { String(cString: $0) } ?? "error \(status)"
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (s, atto) = duration.components
        return TimeInterval(s) + TimeInterval(atto) * 1e-18
    }
}
