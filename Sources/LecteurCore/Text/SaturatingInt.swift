// SPDX-License-Identifier: GPL-3.0-or-later
extension Int {
    /// `Int(value)` without the trap: `Int(_:)` on a Double past ±9.2e18, or NaN, or an infinity,
    /// stops the process (SIGILL), and a number a user types or a file holds can be any of them
    /// (issue 50). Past the range gives the nearest end; NaN gives 0. Truncates toward zero, like
    /// `Int(_:)`.
    public init(saturating value: Double) {
        if value.isNaN { self = 0 }
        else if value >= 9_223_372_036_854_775_807.0 { self = .max }
        else if value <= -9_223_372_036_854_775_808.0 { self = .min }
        else { self = Int(value) }
    }
}
