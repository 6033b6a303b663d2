// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Tests/LecteurNetworkTests/Server/hostile_server.py: raw replies no proper server sends
/// (HTTP/0.9, garbage, a 199 final status, a catalogue that turns into `[1,2,3]`), optionally
/// behind TLS with a certificate no authority signed.
enum HostileHTTPServer {
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LecteurNetworkTests/Server/hostile_server.py").path
    }

    static func start(_ arguments: [String] = []) throws -> PythonServer {
        let runner = "import runpy, sys; sys.argv = [sys.argv[1]] + sys.argv[2:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        return try PythonServer(script: runner, arguments: [path] + arguments)
    }

    /// A TLS server whose certificate no authority signed; the files live in `folder`.
    static func startTLS(in folder: URL) throws -> PythonServer {
        let key = folder.appendingPathComponent("key.pem").path, cert = folder.appendingPathComponent("cert.pem").path
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/env"),
                                             ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key,
                                              "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"], input: "", timeout: 60)
        guard out.status == 0 else { throw CatalogueServer.StartFailed() }
        return try start([cert, key])
    }
}
