// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// Where the catalogue comes from (built in, a file, the HTTP API). `deliver` may be called on
/// any thread, any number of times (loading, retry notices, then the result).
public protocol CatalogueSource: AnyObject, Sendable {
    /// True when `load` finishes before it returns (built-in catalogue, file).
    var isImmediate: Bool { get }
    func load(reason: LoadReason, deliver: @escaping @Sendable (Action) -> Void, done: @escaping @Sendable () -> Void)
    /// Abandons the load in flight, if any (the user quit while it was under way).
    func cancel()
}

extension CatalogueSource {
    public func cancel() {}
}
