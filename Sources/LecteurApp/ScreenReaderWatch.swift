// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore

/// Looks again, twice a second, for the screen reader start-up found (or did not): Orca started
/// after the reader, or quit before it, is reported within a second, once per change. It only
/// reports (`ScreenReaderEvent.changed`); the reader decides what its voice does.
public final class ScreenReaderWatch: Sendable {
    private let probes: ScreenReaderProbes
    private let queue = DispatchQueue(label: "lecteur.screen-reader-watch")
    private let state: Mutex<(last: ScreenReader?, timer: DispatchSourceTimer?)>

    /// How often /proc and /sys are read again: well under the 2 s a user waits for the switch.
    static let interval: DispatchTimeInterval = .milliseconds(500)

    public init(probes: ScreenReaderProbes, found: ScreenReader?) {
        self.probes = probes
        state = Mutex((last: found, timer: nil))
    }

    public func start(_ post: @escaping @Sendable (Action) -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        timer.setEventHandler { [probes, weak self] in
            let now = probes.detect()
            let changed = self?.state.withLock { state in
                defer { state.last = now }
                return state.last != now
            } ?? false
            if changed { post(.screenReader(.changed(now))) }
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
