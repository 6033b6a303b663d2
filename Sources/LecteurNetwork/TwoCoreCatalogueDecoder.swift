// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Synchronization

/// Decodes a catalogue as `CatalogueDecoder` does, reading the second half of a large list on
/// another core meanwhile (`CatalogueListTail`), as the decoder itself did before issue 23. The
/// core's decoder stays plain; the thread is the loader's (the file, the server, the offline copy
/// and the audit all load through here).
public enum TwoCoreCatalogueDecoder {
    /// From this size on, the second half of the list is read on another core.
    static let splitSize = 1 << 20

    public static func decode(_ data: Data) throws(CatalogueLoadError) -> DecodedCatalogue {
        let split = data.count >= splitSize && ProcessInfo.processInfo.activeProcessorCount > 1
        return try decode(data, splitSearchFrom: split ? data.count / 2 : nil)
    }

    /// `splitSearchFrom`: where to look for the start of a second half (nil: one core).
    /// `tailTaken` is told whether the second half read on the other core was used.
    static func decode(_ data: Data, splitSearchFrom: Int?,
                       tailTaken: ((Bool) -> Void)? = nil) throws(CatalogueLoadError) -> DecodedCatalogue {
        guard let from = splitSearchFrom, let start = CatalogueListTail.recordStart(in: data, from: from) else {
            return try CatalogueDecoder.decode(data, secondHalf: nil, tailTaken: tailTaken)
        }
        let reader = TailReader(data, start: start)
        return try CatalogueDecoder.decode(data, secondHalf: .init(start: start, take: reader.take, drop: reader.drop),
                                           tailTaken: tailTaken)
    }
}

/// The tail of one list, read on a thread of its own from the moment it is made.
private final class TailReader: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let result = Mutex<CatalogueListTail?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(_ data: Data, start: Int) {
        let thread = Thread { [self] in
            let tail = CatalogueListTail.read(data, from: start) { self.stopped.load(ordering: .relaxed) }
            result.withLock { $0 = tail }
            finished.signal()
        }
        // Nesting is bounded (512), but each level costs a few frames: the main thread's room.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the tail, read to the list's end or given up.
    func take() -> CatalogueListTail? {
        finished.wait()
        finished.signal() // a later wait returns at once
        return result.withLock { $0 }
    }

    /// Its reading will not be used: it stops within 1 024 records. The data it reads is its own
    /// copy's (`Data` is shared, not copied), so nothing waits for it.
    func drop() { stopped.store(true, ordering: .relaxed) }
}
