// SPDX-License-Identifier: GPL-3.0-or-later
import CSpeechd
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether anything listens where libspeechd would connect, found out with our own
/// non-blocking connect and a time limit. libspeechd's own connect has none, and it cannot tell
/// "no daemon" (the usual case under `--speech-backend auto`, said nothing of) from "something
/// there that does not behave" (a hung or hostile service, said once).
enum SpeechdAddressProbe {
    enum Outcome: Equatable {
        /// A connection was accepted: libspeechd may go ahead.
        case listening
        /// Nothing there (no socket, connection refused); the system's words.
        case nothingListens(String)
        /// The address could not be worked out here: libspeechd decides, under its deadline.
        case unknown
    }

    static func probe(timeout: TimeInterval) -> Outcome {
        var error: UnsafeMutablePointer<CChar>?
        let address = spd_get_default_address(&error)
        if let error { free(error) }
        guard let address else { return .unknown }
        defer { SPDConnectionAddress__free(address) }
        switch address.pointee.method {
        case SPD_METHOD_UNIX_SOCKET:
            guard let name = address.pointee.unix_socket_name else { return .unknown }
            return probeUnix(String(cString: name), timeout: timeout)
        case SPD_METHOD_INET_SOCKET:
            guard let host = address.pointee.inet_socket_host else { return .unknown }
            return probeTCP(String(cString: host), port: Int(address.pointee.inet_socket_port), timeout: timeout)
        default:
            return .unknown
        }
    }

    private static func probeUnix(_ path: String, timeout: TimeInterval) -> Outcome {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .unknown }
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { return .unknown }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return finish(fd, timeout: timeout) { fd in
            withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
    }

    private static func probeTCP(_ host: String, port: Int, timeout: TimeInterval) -> Outcome {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return .unknown }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), first.pointee.ai_protocol)
        guard fd >= 0 else { return .unknown }
        defer { close(fd) }
        return finish(fd, timeout: timeout) { connect($0, first.pointee.ai_addr, first.pointee.ai_addrlen) }
    }

    /// A non-blocking connect, waited for at most `timeout`: a listener whose backlog is full
    /// counts as there (libspeechd then meets its deadline).
    private static func finish(_ fd: Int32, timeout: TimeInterval, connecting: (Int32) -> Int32) -> Outcome {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        if connecting(fd) == 0 { return .listening }
        let code = errno
        guard code == EINPROGRESS || code == EAGAIN else { return .nothingListens(String(cString: strerror(code))) }
        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&pfd, 1, Int32(timeout * 1000)) == 1 else { return .listening }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        return error == 0 ? .listening : .nothingListens(String(cString: strerror(error)))
    }
}
