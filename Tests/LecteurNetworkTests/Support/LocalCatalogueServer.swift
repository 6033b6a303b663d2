// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurNetwork

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

    private init(port: Int, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
    }

    /// Starts a server and waits for its "PORT n" line without blocking a thread of the
    /// cooperative pool (there are two on this machine, and tests run in parallel).
    static func start(lifetime: TimeInterval = 120) async throws -> LocalCatalogueServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0", "--lifetime", String(Int(lifetime))]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ends at the first newline, or at end of file if python dies first: never hangs.
        let line: String = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while !bytes.contains(0x0A) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "PORT ", with: "")) else {
            process.terminate()
            throw StartError(description: "catalogue_server.py did not start: \(line)")
        }
        return LocalCatalogueServer(port: port, process: process, input: input)
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
        /// When the server saw a streamed body end (the client hung up): set once, after the last byte.
        let finished: Double?
    }

    /// The requests the server received for a base URL made by `base(_:key:)`.
    func log(of base: String) async throws -> [LoggedRequest] {
        let path = URL(string: base)!.path
        let url = URL(string: "http://127.0.0.1:\(port)/_log\(path)")!
        // Through the client's own transport, which keeps loopback away from any proxy.
        guard case .body(let data) = await HTTPAttempt(url: url, timeout: 5, maxBodyBytes: 1 << 20).run() else {
            throw StartError(description: "no log from the test server")
        }
        return try JSONDecoder().decode([LoggedRequest].self, from: data)
    }

    /// The log of `base` once `done` holds for it, polled every 20 ms up to `timeout` seconds (then
    /// the last log read, for the test to judge): the event itself, never a fixed wait.
    func log(of base: String, timeout: TimeInterval = 10,
             until done: ([LoggedRequest]) -> Bool) async throws -> [LoggedRequest] {
        let deadline = Date().addingTimeInterval(timeout)
        var entries = try await log(of: base)
        while !done(entries), Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            entries = try await log(of: base)
        }
        return entries
    }

    /// Asks the server to go (it stops when its stdin closes) without waiting for it.
    func stop() {
        try? input.fileHandleForWriting.close()
    }

    /// Stops the server and waits, at most 3 s, until its port is closed.
    func stopAndWait() async {
        stop()
        for _ in 0..<150 where process.isRunning {
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        if process.isRunning { process.terminate() }
    }

    deinit { stop() }
}

/// A port on 127.0.0.1 where nothing listens, for as long as this object lives: bound by the
/// kernel and kept bound without listening, so a connection is refused and no other server (of
/// this test process or another) can take the port meanwhile. (Releasing it at once let a server
/// started with `--port 0` beside the test be given that very port.)
final class ClosedLoopbackPort {
    let port: Int
    private let fd: Int32

    init() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}
