// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Swallows audio (`--speech off`, or no device and no file): the reader keeps its timing and
/// transcript without sound. Counts what it was given, for tests.
public final class SilentOutput: AudioOutput, @unchecked Sendable {
    public let sampleRate: Int
    private let lock = NSLock()
    private var received = 0

    public init(sampleRate: Int = 22_050) { self.sampleRate = sampleRate }

    public func play(_ samples: [Int16], sampleRate rate: Int) {
        lock.lock()
        received += PCMConversion.resample(samples, from: rate, to: sampleRate).count
        lock.unlock()
    }

    public func flush() {}
    public func waitUntilDrained(timeout: Duration) -> Bool { true }
    public func close() {}

    public var receivedSampleCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}
