// SPDX-License-Identifier: GPL-3.0-or-later
import CBrlAPI
import Foundation
import LecteurCore
import Synchronization

/// One BrlAPI session (one `brlapi_handle_t`), owned by a single thread: BrailleDisplay's
/// connection thread is the only one that calls into it, so no BrlAPI call ever races another.
final class BrlAPIConnection {
    let handle: OpaquePointer
    private let storage: UnsafeMutableRawPointer
    let columns: Int
    let rows: Int
    let fileDescriptor: Int32
    private var closed = false

    var cellCount: Int { columns * rows }

    /// Opens, waits for a non-zero display size (brltty can report 0×0 just after it starts) and
    /// takes the display in command mode. Blocks: up to ~1 s in `openConnection` right after
    /// brltty starts, plus `sizeTimeout`.
    static func open(_ settings: BrlAPISettings, sizeTimeout: TimeInterval = 2,
                     handshakeTimeout: TimeInterval = 3) throws -> BrlAPIConnection {
        switch BrlAPIProbe.probe(settings.host, timeout: handshakeTimeout) {
        case .answered, .unreachable: break
        case .silent: throw BrailleDisplayError.handshakeTimedOut(host: settings.hostDescription,
                                                                  seconds: Int(handshakeTimeout.rounded()))
        case .garbage: throw BrailleDisplayError.notBrlAPI(host: settings.hostDescription)
        }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: Int(brlapi_getHandleSize()), alignment: 16)
        let handle = OpaquePointer(storage)
        let fd: Int32 = withOptionalCString(settings.auth) { auth in
            withOptionalCString(settings.host) { host in
                var desired = brlapi_connectionSettings_t(
                    auth: auth.map { UnsafeMutablePointer(mutating: $0) },
                    host: host.map { UnsafeMutablePointer(mutating: $0) })
                return brlapi__openConnection(handle, &desired, nil)
            }
        }
        guard fd >= 0 else {
            let error = BrlAPIConnection.currentError(host: settings.hostDescription, opening: true)
            storage.deallocate()
            throw error
        }
        // Only effective once the connection is open; replaces the handler that would abort().
        brlapi__setExceptionHandler(handle, brlapiExceptionHandler)
        var columns: UInt32 = 0, rows: UInt32 = 0
        let deadline = Date().addingTimeInterval(sizeTimeout)
        while true {
            if brlapi__getDisplaySize(handle, &columns, &rows) < 0 {
                let error = BrlAPIConnection.currentError(host: settings.hostDescription, opening: false)
                brlapi__closeConnection(handle)
                storage.deallocate()
                throw error
            }
            if columns > 0 && rows > 0 {
                // Checked as the server's 32-bit values, before any product or allocation:
                // 4294967295 × 4294967295 overflowed, 2147483648 × 1 allocated gigabytes.
                guard BrailleDisplayLimits.accepts(columns: columns, rows: rows) else {
                    brlapi__closeConnection(handle)
                    storage.deallocate()
                    throw BrailleDisplayError.implausibleSize(host: settings.hostDescription, columns: columns, rows: rows)
                }
                break
            }
            if Date() >= deadline {
                brlapi__closeConnection(handle)
                storage.deallocate()
                throw BrailleDisplayError.emptyDisplay(host: settings.hostDescription)
            }
            usleep(50_000)
        }
        // The reader's own terminal (BRLAPI_TTY_DEFAULT: WINDOWID, CONTROLVT, then the controlling
        // tty); with none, or with `root`, a path of no ttys (under WINDOWPATH/XDG_VTNR if set).
        if (settings.ttyMode == .root || brlapi__enterTtyMode(handle, -1, nil) < 0)
            && brlapi__enterTtyModeWithPath(handle, nil, 0, nil) < 0 {
            let failure = BrlAPIConnection.currentFailure()
            brlapi__closeConnection(handle)
            storage.deallocate()
            throw BrailleDisplayError.ttyRefused(failure)
        }
        keepBrlttysOwnKeys(handle)
        return BrlAPIConnection(storage: storage, handle: handle, fd: fd, columns: Int(columns), rows: Int(rows))
    }

    /// Best effort: a server that refuses key ranges keeps giving every key (as before), and
    /// one without parameters sends characters instead of dots (typing still works).
    private static func keepBrlttysOwnKeys(_ handle: OpaquePointer) {
        var retainDots: brlapi_param_retainDots_t = 1
        _ = brlapi__setParameter(handle, BRLAPI_PARAM_RETAIN_DOTS, 0, brlapi_param_flags_t(BRLAPI_PARAMF_LOCAL),
                                 &retainDots, MemoryLayout.size(ofValue: retainDots))
        guard brlapi__ignoreKeys(handle, brlapi_rangeType_all, nil, 0) >= 0 else { return }
        let ranges = BrlAPIKeyRanges.acceptedKeys
        if brlapi__acceptKeyRanges(handle, ranges, UInt32(ranges.count)) < 0 {
            _ = brlapi__acceptKeys(handle, brlapi_rangeType_all, nil, 0)
        }
    }

    private init(storage: UnsafeMutableRawPointer, handle: OpaquePointer, fd: Int32, columns: Int, rows: Int) {
        self.storage = storage
        self.handle = handle
        self.fileDescriptor = fd
        self.columns = columns
        self.rows = rows
    }

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        BrlAPIExceptions.forget(handle)
        brlapi__leaveTtyMode(handle)
        brlapi__closeConnection(handle)
        storage.deallocate()
    }

    /// Writes whole-display cells as dots (no text table involved: liblouis did the translation).
    /// `cursor` is a 0-based cell; brltty draws it (dots 7-8 by default). Does not wait for brltty:
    /// BrlAPI sends the packet and any refusal comes back later as an exception.
    func write(dots: [UInt8], cursor: Int?) throws {
        let size = cellCount
        var cells = [UInt8](repeating: 0, count: size)
        for i in 0..<min(size, dots.count) { cells[i] = dots[i] }
        let andMask = [UInt8](repeating: 0, count: size)
        let text = String(repeating: " ", count: size)
        let status: Int32 = text.withCString { textPointer in
            cells.withUnsafeBufferPointer { orPointer in
                andMask.withUnsafeBufferPointer { andPointer in
                    var arguments = brlapi_writeArguments_t(
                        displayNumber: -1, regionBegin: 1, regionSize: Int32(size),
                        text: textPointer, textSize: Int32(size),
                        andMask: andPointer.baseAddress, orMask: orPointer.baseAddress,
                        cursor: cursor.map { $0 >= 0 && $0 < size ? Int32($0 + 1) : 0 } ?? 0,
                        charset: nil)
                    return brlapi__write(handle, &arguments)
                }
            }
        }
        if status < 0 { throw BrailleDisplayError.connectionLost(BrlAPIConnection.currentFailure()) }
    }

    /// Writes `dots` at a 1-based region start without checking it against the display: only for
    /// tests that make brltty refuse a write.
    func writeRaw(regionBegin: Int, dots: [UInt8]) throws {
        let andMask = [UInt8](repeating: 0, count: dots.count)
        let text = String(repeating: " ", count: dots.count)
        let status: Int32 = text.withCString { textPointer in
            dots.withUnsafeBufferPointer { orPointer in
                andMask.withUnsafeBufferPointer { andPointer in
                    var arguments = brlapi_writeArguments_t(
                        displayNumber: -1, regionBegin: UInt32(regionBegin), regionSize: Int32(dots.count),
                        text: textPointer, textSize: Int32(dots.count),
                        andMask: andPointer.baseAddress, orMask: orPointer.baseAddress, cursor: -1, charset: nil)
                    return brlapi__write(handle, &arguments)
                }
            }
        }
        if status < 0 { throw BrailleDisplayError.connectionLost(BrlAPIConnection.currentFailure()) }
    }

    /// The next key if one is waiting, nil if none; throws when the connection is gone.
    func readKey() throws -> UInt64? {
        var code: brlapi_keyCode_t = 0
        let status = brlapi__readKey(handle, 0, &code)
        if status < 0 { throw BrailleDisplayError.connectionLost(BrlAPIConnection.currentFailure()) }
        return status == 0 ? nil : code
    }

    /// Exceptions BrlAPI reported for this handle since the last call.
    func takeExceptions() -> [String] { BrlAPIExceptions.take(handle) }

    // MARK: errors

    static func errorText() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        brlapi_strerror_r(brlapi_error_location(), &buffer, buffer.count)
        return String(nulTerminated: buffer)
    }

    /// This thread's BrlAPI error by its codes (errno for a libc error, getaddrinfo's for a name),
    /// with BrlAPI's words for the transcript only.
    static func currentFailure() -> SystemFailure {
        let error = brlapi_error_location().pointee
        let code = error.brlerrno.rawValue
        let cause: SystemFailure.Cause
        if code == BRLAPI_ERROR_LIBCERR.rawValue {
            cause = .errno(Int32(error.libcerrno))
        } else if code == BRLAPI_ERROR_GAIERR.rawValue {
            cause = .unknownHost
        } else {
            cause = .library(Int32(bitPattern: code))
        }
        return SystemFailure(cause, text: errorText())
    }

    static func currentError(host: String, opening: Bool) -> BrailleDisplayError {
        let code = lecteur_brlapi_errno()
        if code == BRLAPI_ERROR_AUTHENTICATION.rawValue { return .authenticationFailed(host: host) }
        if opening { return .noServer(host: host, currentFailure()) }
        return .connectionLost(currentFailure())
    }
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

/// BrlAPI's default exception handler prints and calls abort(). Ours records the exception for
/// the connection that got it; the connection thread reports it and carries on.
private let brlapiExceptionHandler: brlapi__exceptionHandler_t = { handle, error, type, _, _ in
    guard let handle else { return }
    var message = [CChar](repeating: 0, count: 128)
    var err = brlapi_error_t()
    err.brlerrno = brlapi_error(rawValue: UInt32(bitPattern: error))
    brlapi_strerror_r(&err, &message, message.count)
    let packet = brlapi_getPacketTypeName(type).map { String(cString: $0) } ?? "\(type)"
    BrlAPIExceptions.record(handle, "\(String(nulTerminated: message)) (\(packet))")
}

enum BrlAPIExceptions {
    /// The exceptions of each handle (its address), until its connection thread takes them.
    private static let pending = Mutex<[Int: [String]]>([:])

    static func record(_ handle: OpaquePointer, _ text: String) {
        pending.withLock { $0[Int(bitPattern: handle), default: []].append(text) }
    }

    static func take(_ handle: OpaquePointer) -> [String] {
        pending.withLock { $0.removeValue(forKey: Int(bitPattern: handle)) ?? [] }
    }

    static func forget(_ handle: OpaquePointer) { _ = take(handle) }
}
