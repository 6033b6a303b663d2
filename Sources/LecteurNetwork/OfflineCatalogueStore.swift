// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurFiles

/// The last good catalogue the API sent, as read back from disk.
public struct OfflineCatalogue: Sendable {
    public let decoded: DecodedCatalogue
    public let fetchedAt: Date
    /// The redacted address it came from.
    public let source: String

    public var catalogue: Catalogue { decoded.catalogue }
}

/// Keeps the last body the API sent that decoded, one file per endpoint, in the user's cache
/// directory. The file is a one-line JSON header (fetch time, redacted source, body size) followed
/// by the body exactly as received, written to a temporary file and renamed so a crash never
/// leaves half a copy.
public struct OfflineCatalogueStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/lecteur`, or `~/.cache/lecteur`; the XDG spec says to ignore a relative
    /// XDG_CACHE_HOME. nil when there is no home to put it in.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("lecteur", isDirectory: true)
        }
        guard let home = UserHome.resolve(environment).path else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache", isDirectory: true)
            .appendingPathComponent("lecteur", isDirectory: true)
    }

    /// The file for an endpoint, named from a hash of its redacted address: two tokens for the
    /// same catalogue share one copy, and no secret is derivable from the name.
    public func fileURL(for endpoint: CatalogueEndpoint) -> URL {
        directory.appendingPathComponent("catalogue-\(Self.fnv1a(endpoint.displayString)).json")
    }

    struct Header: Codable {
        var fetched_at: Double
        var source: String
        var bytes: Int
    }

    public func save(body: Data, for endpoint: CatalogueEndpoint, fetchedAt: Date) throws {
        let fm = FileManager.default
        // The copy may come from an API behind credentials: keep it to the user.
        try fm.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let header = Header(fetched_at: fetchedAt.timeIntervalSince1970, source: endpoint.displayString, bytes: body.count)
        var file = try JSONEncoder().encode(header)
        file.append(0x0A)
        file.append(body)
        let target = fileURL(for: endpoint)
        // Readable by the user only, as its folder.
        do throws(FileErrno) {
            try FileReplacement.write(file, replacing: target.path, mode: 0o600)
        } catch {
            throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO)
        }
    }

    /// nil when there is no copy, or it is damaged (a damaged copy is as good as none).
    public func load(for endpoint: CatalogueEndpoint) -> OfflineCatalogue? {
        guard let file = try? Data(contentsOf: fileURL(for: endpoint)),
              let newline = file.firstIndex(of: 0x0A),
              let header = try? JSONDecoder().decode(Header.self, from: file[file.startIndex..<newline]) else { return nil }
        let body = file[file.index(after: newline)...]
        guard body.count == header.bytes, let decoded = try? TwoCoreCatalogueDecoder.decode(Data(body)) else { return nil }
        return OfflineCatalogue(decoded: decoded, fetchedAt: Date(timeIntervalSince1970: header.fetched_at),
                                source: header.source)
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
