// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport

/// A private XDG home for one run of the reader, removed afterwards.
struct ReaderHome {
    let root: URL
    var data: URL { root.appendingPathComponent("data") }
    var cache: URL { root.appendingPathComponent("cache") }
    var database: URL { data.appendingPathComponent("lecteur/lecteur.sqlite") }

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-robust-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    var environment: [String: String] {
        // HOME too: a reader started with the test's environment merged must not reach the real one.
        ["HOME": root.path, "XDG_DATA_HOME": data.path, "XDG_CACHE_HOME": cache.path,
         "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
         "XDG_STATE_HOME": root.appendingPathComponent("state").path, "TZ": "Europe/Paris"]
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Every file under the data folder with its bytes, to prove nothing was rewritten.
    func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try? Data(contentsOf: url)
            }
        }
        return files
    }
}

/// Makes a folder read-only for this process. Root ignores permission bits, so as root the
/// folder is made immutable (`chattr +i`, e2fsprogs) instead; `restore` undoes either.
struct ReadOnlyFolder {
    let url: URL
    let immutable: Bool

    init(_ url: URL) throws {
        self.url = url
        if getuid() == 0 {
            guard Self.chattr("+i", url) else { throw Unsupported(reason: "chattr +i failed on \(url.path)") }
            immutable = true
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: url.path)
            immutable = false
        }
        // Proof that the fault is real before the reader meets it.
        let probe = url.appendingPathComponent("probe-\(UUID().uuidString)")
        if FileManager.default.createFile(atPath: probe.path, contents: Data()) {
            try? FileManager.default.removeItem(at: probe)
            restore()
            throw Unsupported(reason: "\(url.path) is still writable")
        }
    }

    /// Whether this machine can make a folder read-only for us (as root: a file system with
    /// immutable files, such as ext4; tmpfs and some overlays refuse `chattr +i`).
    static let requirement: Requirement = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-ro-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: probe) }
        let name = "a read-only folder (chmod as a user, chattr +i from e2fsprogs as root)"
        do {
            try FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
            try ReadOnlyFolder(probe).restore()
            return Requirement(name, missing: nil)
        } catch {
            return Requirement(name, missing: "the temporary folder refuses it: \(error)")
        }
    }()

    func restore() {
        if immutable { _ = Self.chattr("-i", url) }
        else { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
    }

    struct Unsupported: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    private static func chattr(_ flag: String, _ url: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chattr", flag, url.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A Python server on 127.0.0.1 started for one test: it prints "PORT n" once it listens and
/// is killed (if still alive) when the object goes away.
final class PythonServer {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(script: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
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
            process.terminate()
            throw CatalogueServer.StartFailed()
        }
        self.port = port
    }

    /// The project's test API (Tests/LecteurNetworkTests/Server/catalogue_server.py) on a given port.
    static func catalogue(port: Int, lifetime: Int = 120) throws -> PythonServer {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LecteurNetworkTests/Server/catalogue_server.py").path
        let runner = "import runpy, sys; sys.argv = [\(pythonString(path))] + sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        return try PythonServer(script: runner, arguments: ["--port", String(port), "--lifetime", String(lifetime)])
    }

    /// Answers the first request with its headers (the full Content-Length) and half the body,
    /// then the whole process dies: its listening socket goes with it, as when a server crashes.
    static func dyingMidResponse() throws -> PythonServer {
        try PythonServer(script: """
        import json, os, socket
        body = json.dumps([{"id": i, "title": "Formation %d" % i, "duration": "1 jour", "level": "Débutant",
                            "price": 100 * i} for i in range(1, 200)]).encode()
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", 0))
        s.listen(8)
        s.settimeout(60)
        print("PORT %d" % s.getsockname()[1], flush=True)
        c, _ = s.accept()
        c.settimeout(10)
        c.recv(65536)
        c.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: %d\\r\\n\\r\\n" % len(body))
        c.sendall(body[: len(body) // 2])
        os._exit(1)
        """)
    }

    var isRunning: Bool { process.isRunning }

    func waitUntilExit(timeout: TimeInterval) -> Bool {
        let deadline = TestDeadline(seconds: timeout)
        while process.isRunning && !deadline.hasPassed { usleep(10_000) }
        return !process.isRunning
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

private func pythonString(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
}
