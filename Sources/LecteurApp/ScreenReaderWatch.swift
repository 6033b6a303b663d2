// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore

/// Reads the screen readers' signs again twice a second: Orca started after the reader, or quit
/// before it, Speakup turned on or off, is reported within a second, once per change. It only
/// reports what it read (`ScreenReaderEvent.observed`); the reader decides which screen reader
/// speaks and what its voice does.
public final class ScreenReaderWatch: Sendable {
    private let probes: ScreenReaderProbes
    private let queue = DispatchQueue(label: "lecteur.screen-reader-watch")
    /// nil until the first reading, which is always reported: the core compares it with what
    /// start-up found, so a change in between is not lost.
    private let state: Mutex<(last: ScreenReaderSignals?, timer: DispatchSourceTimer?)>

    /// How often /proc and /sys are read again: well under the 2 s a user waits for the switch.
    static let interval: DispatchTimeInterval = .milliseconds(500)

    public init(probes: ScreenReaderProbes) {
        self.probes = probes
        state = Mutex((last: nil, timer: nil))
    }

    public func start(_ post: @escaping @Sendable (Action) -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        timer.setEventHandler { [probes, weak self] in
            let now = probes.signals()
            let changed = self?.state.withLock { state in
                defer { state.last = now }
                return state.last != now
            } ?? false
            if changed { post(.screenReader(.observed(now))) }
        }
        state.withLock { $0.timer = timer }
        timer.resume()
    }

    public func stop() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
        }
    }
}
