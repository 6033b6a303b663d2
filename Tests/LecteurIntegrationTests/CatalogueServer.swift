// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The project's test formations API (Tests/LecteurNetworkTests/Server/catalogue_server.py) on
/// 127.0.0.1, an ephemeral port, with its request log; it stops when this object goes.
final class CatalogueServer {
    private let server: PythonServer
    var port: Int { server.port }

    init(lifetime: Int = 120) throws {
        server = try PythonServer.catalogue(port: 0, lifetime: lifetime)
    }

    struct StartFailed: Error {}

    func url(_ scenario: String, key: String = UUID().uuidString) -> String {
        "http://127.0.0.1:\(port)/\(scenario)/\(key)"
    }

    /// Times (Unix seconds) at which the server received each request of that path.
    func requestTimes(_ url: String) throws -> [Double] {
        let path = url.replacingOccurrences(of: "http://127.0.0.1:\(port)/", with: "")
        let data = try Self.get(URL(string: "http://127.0.0.1:\(port)/_log/\(path)")!)
        let log = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return log.compactMap { $0["time"] as? Double }
    }

    private static func get(_ url: URL) throws -> Data {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        URLSession.shared.dataTask(with: url) { data, _, error in
            box.result = data.map { .success($0) } ?? .failure(error ?? StartFailed())
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 10)
        return try (box.result ?? .failure(StartFailed())).get()
    }

    private final class ResultBox: @unchecked Sendable { var result: Result<Data, Error>? }
}
