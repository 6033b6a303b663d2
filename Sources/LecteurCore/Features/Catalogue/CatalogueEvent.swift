// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a catalogue source reports while it loads, as typed data: the reader words each of
/// these in `Messages/` and decides when it is said (« still loading » included).
public enum CatalogueEvent: Hashable, Sendable {
    /// A load began (a retry or refresh replaces the one in flight). `stillLoadingAfter`: the
    /// silence, in seconds, after which the reader says the load is still going; nil: never.
    case loading(stillLoadingAfter: Double?)
    /// An attempt failed and attempt `nextAttempt` of `of` follows after `retryIn` seconds;
    /// `elapsed`: seconds since the load began.
    case attemptFailed(CatalogueFetchError, nextAttempt: Int, of: Int, retryIn: Double, elapsed: Double)
    /// A catalogue, with the records set aside while reading it.
    case loaded(Catalogue, warnings: [CatalogueWarning], origin: CatalogueOrigin)
    /// No catalogue: the reason.
    case failed(CatalogueFault)
}

/// Where a loaded catalogue came from.
public enum CatalogueOrigin: Hashable, Sendable {
    /// The API, the file or the built-in catalogue, read just now.
    case live
    /// The API failed with `fault`; the last good copy, fetched at `fetchedAt`, stands in.
    /// `now` is when the load ended, so its age can be said.
    case offlineCopy(after: CatalogueFetchError, fetchedAt: Date, now: Date)
}

/// Why no catalogue could be read (GRDB style: a code for the transcript, no user wording).
public enum CatalogueFault: Error, Hashable, Sendable {
    /// The formations API.
    case fetch(CatalogueFetchError)
    /// A catalogue file (or the built-in one).
    case file(CatalogueLoadError)
}
