// SPDX-License-Identifier: GPL-3.0-or-later
/// Samples waiting to be played, taken from the front in small pieces. Not thread-safe: its owner
/// guards it with its own lock.
struct SampleQueue {
    private var samples: [Int16] = []
    private var readIndex = 0

    var isEmpty: Bool { readIndex >= samples.count }
    var count: Int { samples.count - readIndex }

    mutating func append(_ more: [Int16]) {
        // Reclaim the consumed front once it dominates, so a long session does not grow forever.
        if readIndex > 65_536 && readIndex * 2 > samples.count {
            samples.removeFirst(readIndex)
            readIndex = 0
        }
        samples.append(contentsOf: more)
    }

    mutating func take(upTo limit: Int) -> [Int16] {
        let end = min(samples.count, readIndex + limit)
        let piece = Array(samples[readIndex..<end])
        readIndex = end
        if isEmpty { removeAll() }
        return piece
    }

    mutating func removeAll() {
        samples.removeAll(keepingCapacity: true)
        readIndex = 0
    }
}
