// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch

/// Monotonic milliseconds, the clock practice's times are all read from: the terminal stamps a
/// key or a line with it where its bytes are read, the braille display where its keys arrive,
/// and the session where tones are heard. One clock, so their differences mean something.
public enum MonotonicClock {
    public static func nowMs() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000 }
}
