// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
/// 128 bits that tell two elements apart, for the audit's memos: a SipHash value (Swift's
/// `Hasher`, keyed afresh by each process) and a multiply-rotate hash of eight bytes at a time,
/// both over the UTF-8 bytes of every field, each field framed by its length. A memo keyed by
/// it keeps no element, compares two words instead of strings (`String` equality and hashing
/// normalise non-ASCII text, which French labels always are), and cannot be steered by a
/// catalogue, which never sees SipHash's key.
public struct ElementFingerprint: Hashable, Sendable {
    let first: UInt64
    let second: UInt64

    public init(_ element: Element) {
        var a = Hasher(), b: UInt64 = 0x5EC0_4DF1_4E6E_7721
        func mix(_ word: UInt64) {
            b = ((b ^ word) &* 0x9E37_79B9_7F4A_7C15)
            b = (b << 31 | b >> 33) &* 0xBF58_476D_1CE4_E5B9
        }
        func add(_ text: String) {
            let count = text.utf8.count
            a.combine(count)
            mix(UInt64(count))
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                a.combine(bytes: UnsafeRawBufferPointer(bytes))
                let raw = UnsafeRawBufferPointer(bytes)
                var i = 0
                while i + 8 <= raw.count {
                    mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    i += 8
                }
                var tail: UInt64 = 0
                while i < raw.count { tail = tail << 8 | UInt64(raw[i]); i += 1 }
                mix(tail)
            }
            if done == nil {
                for byte in text.utf8 { a.combine(byte); mix(UInt64(byte)) }
            }
        }
        func add(_ text: String?) {
            if let text { add(text) } else { a.combine(-1); mix(~0) }
        }
        func tag(_ value: Int) { a.combine(value); mix(UInt64(bitPattern: Int64(value))) }
        add(element.id)
        tag(Role.allCases.firstIndex(of: element.role)!)
        add(element.label)
        // Most elements say and show their label itself: the same storage is not hashed again.
        if Self.sameStorage(element.spokenLabel, element.label) { tag(-2) } else { add(element.spokenLabel) }
        if Self.sameStorage(element.visibleText, element.label) { tag(-2) } else { add(element.visibleText) }
        add(element.hint)
        add(element.value)
        tag(element.selected.map { $0 ? 1 : 0 } ?? 2)
        switch element.action {
        case nil: tag(0)
        case .openFormation(let id): tag(1); tag(id)
        case .selectCategory(let key): tag(2); add(key?.raw)
        case .openSymbol(let id): tag(3); add(id)
        case .playSymbol(let id): tag(4); add(id)
        case .practiseSymbol(let id): tag(5); add(id)
        case .back: tag(6)
        case .retry: tag(7)
        }
        first = UInt64(bitPattern: Int64(a.finalize()))
        b ^= b >> 32
        b = b &* 0xD6E8_FEB8_6659_FD93
        second = b ^ (b >> 32)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(first) }

    /// Whether two strings are one value in memory (so equal byte for byte). False when that
    /// cannot be told cheaply; equal strings in two places are then hashed, each.
    static func sameStorage(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count, count > 15 else { return false }
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.baseAddress == y.baseAddress }
        }
        return (same ?? nil) ?? false
    }
}
