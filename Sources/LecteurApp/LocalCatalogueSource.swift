// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurNetwork

/// The built-in catalogue, or a JSON file in the API's format, read again on every retry so
/// a user who fixed the file can reload it without restarting.
public final class LocalCatalogueSource: CatalogueSource {
    /// `standardInput`: read once, to its end (`lecteur audit --catalog -`).
    public enum Origin: Sendable { case builtIn, file(String), standardInput }

    private let origin: Origin

    public init(origin: Origin) {
        self.origin = origin
    }

    public var isImmediate: Bool { true }

    /// Reads and decodes now.
    public func fetch() -> Result<DecodedCatalogue, CatalogueLoadError> {
        let data: Data
        switch origin {
        case .builtIn:
            data = Data(BuiltInCatalogue.json.utf8)
        case .file(let path):
            guard let contents = FileManager.default.contents(atPath: path) else { return .failure(.unreadable(path: path)) }
            data = contents
        case .standardInput:
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        do { return .success(try TwoCoreCatalogueDecoder.decode(data)) } catch { return .failure(error) }
    }

    public func load(reason: LoadReason, deliver: @escaping @Sendable (Action) -> Void, done: @escaping @Sendable () -> Void) {
        defer { done() }
        switch fetch() {
        case .success(let decoded):
            deliver(.catalogue(.loaded(decoded.catalogue, warnings: decoded.warnings, origin: .live)))
        case .failure(let error):
            deliver(.catalogue(.failed(.file(error))))
        }
    }
}
