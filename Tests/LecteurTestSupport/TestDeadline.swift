// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation

/// The end of a wait, on the monotonic clock. `Date` is the wall clock, which can jump: in
/// fresh-clone run 51 the machine (a virtual machine) logged a snapshot (« virtual machine
/// fork ») during the run, and a test's wait of 20 s or more for the reader's next event
/// (`Date`-based) gave up 16.4 s after the test began by Swift Testing's own clock.
public struct TestDeadline: Sendable {
    private let end: DispatchTime

    public init(seconds: TimeInterval) { end = .now() + seconds }

    public var hasPassed: Bool { DispatchTime.now() >= end }
}
