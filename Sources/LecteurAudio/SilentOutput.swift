// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// Swallows audio (`--speech off`, or no device and no file): the reader keeps its timing and
/// transcript without sound. Counts what it was given, for tests.
public final class SilentOutput: AudioOutput {
    public let sampleRate: Int
    private let received = Mutex(0)

    public init(sampleRate: Int = 22_050) { self.sampleRate = sampleRate }

    public func play(_ samples: [Int16], sampleRate rate: Int) {
        let count = PCMConversion.resample(samples, from: rate, to: sampleRate).count
        received.withLock { $0 += count }
    }

    public func flush() {}
    public func waitUntilDrained(timeout: Duration) -> Bool { true }
    public func whenDrained(deadline: DispatchTime, _ done: @escaping @Sendable () -> Void) { done() }
    public func close() {}

    public var receivedSampleCount: Int { received.withLock { $0 } }
}
