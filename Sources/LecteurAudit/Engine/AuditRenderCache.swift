// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// What a report format wrote for a recurring element, after its position on the screen, by
/// element and outcomes: the back button, levels, durations and prices of a hundred thousand
/// detail screens are written once per worker, then copied. Bounded; one per worker.
///
/// `@unchecked Sendable`: a checked part (Sendable, handed to the writer) carries its worker's
/// cache, but only that worker renders with it, one part at a time; nothing else touches it.
public final class AuditRenderCache: @unchecked Sendable {
    public struct Key: Hashable, Sendable {
        let element: ElementFingerprint
        let kinds: PackedKinds
    }

    private var blocks: [Key: String] = [:]
    private let limit: Int

    public init(limit: Int = 1 << 12) { self.limit = limit }

    /// What was written for `key`, written by `write` and kept the first time.
    public func block(_ key: Key, write: (inout String) -> Void) -> String {
        if let block = blocks[key] { return block }
        var block = ""
        write(&block)
        if blocks.count >= limit { blocks.removeAll(keepingCapacity: true) }
        blocks[key] = block
        return block
    }
}
