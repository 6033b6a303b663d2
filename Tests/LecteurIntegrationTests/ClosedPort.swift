// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A local TCP port that nothing listens on and that no other test can take while this value
/// lives (issue 51: « a port that no other test can take, checked rather than assumed »): a
/// socket bound to it on 127.0.0.1 without `listen`, so a connection there is refused at once.
/// A port merely freed (a server stopped) could be handed to another test's server running
/// beside, which would then answer.
final class ClosedPort {
    let port: Int
    private let descriptor: Int32

    struct Taken: Error, CustomStringConvertible {
        let port: Int
        let errno: Int32
        var description: String { "port \(port) could not be held (errno \(errno))" }
    }

    /// Port 0: any free port; another: that one (a server's, just stopped), or `Taken`.
    init(port wanted: Int = 0) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Taken(port: wanted, errno: errno) }
        // A server's port just stopped still has its closed connections in TIME_WAIT, which
        // refuse a plain bind for a minute; SO_REUSEADDR binds past them. It does not open the
        // port to others: a server asking for any port (every test server binds port 0) is
        // given one with no socket bound at all.
        if wanted != 0 {
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(wanted).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let failure = errno
            close(fd)
            throw Taken(port: wanted, errno: failure)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
