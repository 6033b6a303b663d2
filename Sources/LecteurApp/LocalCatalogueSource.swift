// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurFiles
import LecteurNetwork

/// The built-in catalogue, or a JSON file in the API's format, read again on every retry so
/// a user who fixed the file can reload it without restarting.
public final class LocalCatalogueSource: CatalogueSource {
    /// `standardInput`: read once, to its end (`lecteur audit --catalog -`).
    public enum Origin: Sendable { case builtIn, file(String), standardInput }

    private let origin: Origin

    /// The most a catalogue file or standard input may hold: over twice the 100 000-formation
    /// catalogue the audit's benchmarks read (115.7 MB). More is refused, said in French, before
    /// it fills the memory: standard input is read no further than this and one byte.
    public static let sizeLimit = 256 << 20

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
            // A regular file's size is known before reading (a FIFO's is not: `--catalog <(…)`).
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > Self.sizeLimit {
                return .failure(.tooLarge(limit: Self.sizeLimit))
            }
            guard let contents = FileManager.default.contents(atPath: path) else { return .failure(.unreadable(path: path)) }
            data = contents
        case .standardInput:
            do {
                data = try InputFile.readStandardInput(limit: Self.sizeLimit)
            } catch .tooLarge {
                return .failure(.tooLarge(limit: Self.sizeLimit))
            } catch {
                return .failure(.unreadable(path: "-"))
            }
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
