// SPDX-License-Identifier: GPL-3.0-or-later

/// What storage holds after a write the reader asked for: the runtime performs the write, reads
/// back what the reader needs in the same step and reports it; what follows is the reader's.
public enum StoredRecord: Hashable, Sendable {
    /// A practice answer kept (`.recordAttempt`): each symbol's attempts and right answers as
    /// storage now counts them.
    case attempt(progress: [String: SymbolProgress])
    /// A scored copy kept for « Progrès » (`.storeCopyResult`).
    case copyResult(CopyResult)
}
