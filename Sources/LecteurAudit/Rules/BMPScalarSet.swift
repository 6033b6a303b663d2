// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// A yes or no for every scalar of the Basic Multilingual Plane, one bit each, worked out once
/// from a predicate the rules would otherwise ask of every character of a million lines
/// (Unicode property look-ups, a braille table's dictionary).
struct BMPScalarSet: Sendable {
    private let bits: [UInt64]

    init(_ predicate: (Unicode.Scalar) -> Bool) {
        bits = (0..<1024).map { block in
            var bits: UInt64 = 0
            for k in 0..<64 {
                if let s = Unicode.Scalar(UInt32(block * 64 + k)), predicate(s) { bits |= 1 << UInt64(k) }
            }
            return bits
        }
    }

    /// The predicate's answer for scalar value `v`, which must be below 0x10000.
    @inline(__always)
    func contains(_ v: UInt32) -> Bool { bits[Int(v >> 6)] & (1 << UInt64(v & 63)) != 0 }
}
