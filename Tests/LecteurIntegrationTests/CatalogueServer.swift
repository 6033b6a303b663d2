import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The project's test formations API (Tests/LecteurNetworkTests/Server/catalogue_server.py) on
/// 127.0.0.1, an ephemeral port; it stops when this object closes its standard input.
final class CatalogueServer {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(lifetime: Int = 120) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LecteurNetworkTests/Server/catalogue_server.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0", "--lifetime", String(lifetime)]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            throw StartFailed()
        }
        self.port = port
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

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
