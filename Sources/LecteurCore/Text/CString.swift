// SPDX-License-Identifier: GPL-3.0-or-later

extension String {
    /// The text a C library wrote into a buffer, up to its first NUL (all of it when there is
    /// none). `String(cString:)` over an array is deprecated because it cannot know where a
    /// buffer without a NUL ends; this reads only the buffer. Invalid UTF-8 is repaired, as
    /// `String(cString:)` did.
    public init(nulTerminated buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
