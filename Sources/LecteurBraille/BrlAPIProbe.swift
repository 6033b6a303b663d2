// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// libbrlapi's `openConnection` waits for the server's version packet with no time limit: a
/// server that accepts and never answers (a hung brltty, something else on the port) would hold
/// the connection thread forever, the display never reported missing and never retried. So the
/// reader first opens its own connection to the same place and waits, for a bounded time, for a
/// BrlAPI version packet; only then is libbrlapi let in.
enum BrlAPIProbe {
    enum Outcome: Equatable {
        /// A version packet arrived: the real handshake can go ahead.
        case answered
        /// Nothing listens (or the host cannot be parsed): libbrlapi reports it in its own words.
        case unreachable
        /// Connected, but no packet within the time limit.
        case silent
        /// Connected, and what came back is not BrlAPI.
        case garbage
    }

    /// The place `host` names, as libbrlapi reads it: ":N" the local socket N, "name:N" TCP port
    /// 4101 + N, "name" port 4101.
    enum Address: Equatable {
        case local(path: String)
        case tcp(host: String, port: Int)

        init?(_ host: String?) {
            let text = (host?.isEmpty ?? true) ? ":0" : host!
            guard !text.hasPrefix("["), let colon = text.lastIndex(of: ":") ?? Optional(text.endIndex) else { return nil }
            let name = String(text[..<colon])
            let numberText = colon < text.endIndex ? String(text[text.index(after: colon)...]) : ""
            let number = numberText.isEmpty ? 0 : Int(numberText)
            guard let number, number >= 0, number <= 65_535 - 4101 else { return nil }
            if name.isEmpty {
                self = .local(path: "/var/lib/BrlAPI/\(number)")
            } else {
                self = .tcp(host: name, port: 4101 + number)
            }
        }
    }

    static func probe(_ host: String?, timeout: TimeInterval) -> Outcome {
        guard let address = Address(host) else { return .unreachable }
        let fd: Int32
        switch address {
        case .local(let path):
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { return .unreachable }
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { close(fd); return .unreachable }
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
            }
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
                }
            }
            guard ok else { close(fd); return .unreachable }
        case .tcp(let name, let port):
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(name, String(port), &hints, &list) == 0, let first = list else { return .unreachable }
            defer { freeaddrinfo(list) }
            let s = socket(first.pointee.ai_family, first.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), first.pointee.ai_protocol)
            guard s >= 0 else { return .unreachable }
            // Non-blocking connect, bounded like the wait that follows.
            let flags = fcntl(s, F_GETFL)
            _ = fcntl(s, F_SETFL, flags | O_NONBLOCK)
            if connect(s, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 {
                guard errno == EINPROGRESS else { close(s); return .unreachable }
                var pfd = pollfd(fd: s, events: Int16(POLLOUT), revents: 0)
                guard poll(&pfd, 1, Int32(timeout * 1000)) == 1 else { close(s); return .silent }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(s, SOL_SOCKET, SO_ERROR, &error, &length)
                guard error == 0 else { close(s); return .unreachable }
            }
            _ = fcntl(s, F_SETFL, flags)
            fd = s
        }
        defer { close(fd) }
        // The server speaks first: an 8-byte header (size, type 'v', both big-endian).
        var header = [UInt8]()
        let deadline = Date().addingTimeInterval(timeout)
        while header.count < 8 {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .silent }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(left * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready == 1 else { return .silent }
            var buffer = [UInt8](repeating: 0, count: 8 - header.count)
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return header.isEmpty ? .unreachable : .garbage }
            if count < 0 { return errno == EINTR || errno == EAGAIN ? .silent : .unreachable }
            header += buffer[..<count]
        }
        return classify(header: header)
    }

    /// What the server's first 8 bytes say: a version packet (type 'v', a payload of at most
    /// 1 KiB) or something else. Pure, so the fuzz target `brlapi` can feed it anything.
    static func classify(header: [UInt8]) -> Outcome {
        guard header.count == 8 else { return .garbage }
        let size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let type = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        return type == Int(UInt8(ascii: "v")) && size <= 1024 ? .answered : .garbage
    }
}
