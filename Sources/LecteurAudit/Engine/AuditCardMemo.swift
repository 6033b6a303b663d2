// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The formations' cards as checked, shared by the workers: a card is checked once in the
/// whole list and found again in its category's list. Holds one entry per formation at most.
///
/// `@unchecked Sendable`: every worker of the pipeline shares it, and each shard's dictionary is
/// touched only under that shard's lock (the engine folder is the audit's one place for locks).
public final class AuditCardMemo: @unchecked Sendable {
    /// Both workers store and look up cards all the time: shards with a lock each, so they
    /// rarely wait for each other.
    private final class Shard {
        var cards: [ElementFingerprint: AuditKnownElement] = [:]
        /// The findings' messages are mostly the same from card to card: kept once.
        var messages: Set<SameBytes> = []
        let lock = NSLock()
    }

    private let shards = (0..<64).map { _ in Shard() }

    public init() {}

    private func shard(_ key: ElementFingerprint) -> Shard { shards[Int(key.second & 63)] }

    func known(_ key: ElementFingerprint) -> AuditKnownElement? {
        let shard = shard(key)
        shard.lock.lock()
        defer { shard.lock.unlock() }
        return shard.cards[key]
    }

    func remember(_ key: ElementFingerprint, _ known: AuditKnownElement) {
        let shard = shard(key)
        shard.lock.lock()
        defer { shard.lock.unlock() }
        shard.cards[key] = known.withMessages { message in
            let (inserted, kept) = shard.messages.insert(SameBytes(message))
            return inserted ? message : kept.text
        }
    }
}

/// A string compared and hashed by its UTF-8 bytes (not normalised as `String` is): equal
/// bytes, same string.
struct SameBytes: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: SameBytes, b: SameBytes) -> Bool { sameUTF8(a.text, b.text) }

    func hash(into hasher: inout Hasher) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if done == nil { for byte in text.utf8 { hasher.combine(byte) } }
    }
}
