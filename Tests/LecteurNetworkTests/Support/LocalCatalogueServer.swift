import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A private instance of Server/catalogue_server.py on 127.0.0.1 with an ephemeral port. It stops
/// on `stop()`, when this process dies (its stdin pipe closes), or after `lifetime` seconds.
final class LocalCatalogueServer: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Server/catalogue_server.py")

    let port: Int
    private let process: Process
    private let input: Pipe

    struct StartError: Error, CustomStringConvertible { let description: String }

    init(lifetime: TimeInterval = 120) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "--port", "0", "--lifetime", String(Int(lifetime))]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is "PORT n" once it listens; give up after 10 s rather than hang.
        let ready = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var line = ""
        DispatchQueue.global().async {
            var bytes = Data()
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
                if bytes.contains(0x0A) { break }
            }
            line = String(decoding: bytes, as: UTF8.self)
            ready.signal()
        }
        guard ready.wait(timeout: .now() + 10) == .success,
              let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "PORT ", with: "")) else {
            process.terminate()
            throw StartError(description: "catalogue_server.py did not start: \(line)")
        }
        self.port = port
        self.process = process
        self.input = input
    }

    /// The base URL for a scenario, with a key that isolates this test's counters.
    func base(_ scenario: String, key: String = UUID().uuidString) -> String {
        "http://127.0.0.1:\(port)/\(scenario)/\(key)"
    }

    struct LoggedRequest: Decodable {
        let time: Double
        let path: String
        let accept: String?
        let content_type: String?
        let bytes_sent: Int?
    }

    /// The requests the server received for a base URL made by `base(_:key:)`.
    func log(of base: String) async throws -> [LoggedRequest] {
        let path = URL(string: base)!.path
        let url = URL(string: "http://127.0.0.1:\(port)/_log\(path)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode([LoggedRequest].self, from: data)
    }

    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A port on 127.0.0.1 where nothing listens: bound by the kernel, then released.
func closedLoopbackPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}
