// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore

/// Reads the screen readers' signs again twice a second, and follows GNOME's switch on the
/// session bus by subscription (`ScreenReaderSwitchMonitor`): Orca started after the reader, or
/// quit before it, Speakup turned on or off, the switch flipped, is reported within a second,
/// once per change. It only reports what it
/// read (the caller posts it as `ScreenReaderEvent.observed`); the reader decides which screen
/// reader speaks and what its voice does.
public final class ScreenReaderWatch: Sendable {
    private let probes: ScreenReaderProbes
    /// On a thread of its own: a peer slow to answer (up to the read's deadline) never holds
    /// the readings of /proc and /sys back.
    private let bus: ScreenReaderSwitchMonitor
    private let queue = DispatchQueue(label: "lecteur.screen-reader-watch")
    /// `last`: nil until the first reading of /proc and /sys, which is always reported (the core
    /// compares it with what start-up found, so a change in between is not lost). `onBus`: the
    /// switch as the bus last said it.
    private let state: Mutex<(last: ScreenReaderSignals?, onBus: Bool?, timers: [DispatchSourceTimer])>

    /// How often /proc and /sys are read again: well under the 2 s a user waits for the switch.
    static let interval: DispatchTimeInterval = .milliseconds(500)
    public convenience init(probes: ScreenReaderProbes) {
        self.init(probes: probes, bus: ScreenReaderSwitch())
    }

    init(probes: ScreenReaderProbes, bus: ScreenReaderSwitch) {
        self.probes = probes
        self.bus = ScreenReaderSwitchMonitor(bus: bus)
        state = Mutex((last: nil, onBus: nil, timers: []))
    }

    public func start(_ report: @escaping @Sendable (ScreenReaderSignals) -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        timer.setEventHandler { [probes, weak self] in
            var now = probes.signals()
            let changed = self?.state.withLock { state in
                now.screenReaderSwitch = state.onBus
                defer { state.last = now }
                return state.last != now
            } ?? false
            if changed { report(now) }
        }
        bus.start { [weak self] onBus in
            let changed: ScreenReaderSignals? = self?.state.withLock { state in
                state.onBus = onBus
                // Before the first reading of /proc, that reading carries it.
                guard var now = state.last, now.screenReaderSwitch != onBus else { return nil }
                now.screenReaderSwitch = onBus
                state.last = now
                return now
            } ?? nil
            if let changed { report(changed) }
        }
        state.withLock { $0.timers = [timer] }
        timer.resume()
    }

    public func stop() {
        bus.stop()
        state.withLock { state in
            state.timers.forEach { $0.cancel() }
            state.timers = []
        }
    }
}
