// SPDX-License-Identifier: GPL-3.0-or-later
/// Why the braille display is not available. None of these stops the reader: it goes on with
/// speech and keeps trying to reach brltty.
public enum BrailleDisplayError: Error, Hashable, Sendable {
    /// Nothing answers at the BrlAPI host (brltty not running, or BrlAPI turned off).
    case noServer(host: String, SystemFailure)
    /// brltty answered but refused the key (BRLAPI_AUTH / its auth= setting).
    case authenticationFailed(host: String)
    /// brltty reports a display of 0 cells (no display plugged in or its driver not ready).
    case emptyDisplay(host: String)
    /// brltty would not give this client the display.
    case ttyRefused(SystemFailure)
    /// An established connection broke (brltty stopped or crashed).
    case connectionLost(SystemFailure)
    /// Something accepted the connection but sent nothing within the time limit.
    case handshakeTimedOut(host: String, seconds: Int)
    /// Something accepted the connection and answered, but not in BrlAPI.
    case notBrlAPI(host: String)
    /// The server announced a display no real one can be (`BrailleDisplayLimits`).
    case implausibleSize(host: String, columns: UInt32, rows: UInt32)

    /// The system's or BrlAPI's own words, for the transcript's `detail` (never said).
    public var detail: String? {
        switch self {
        case .noServer(_, let failure), .ttyRefused(let failure), .connectionLost(let failure):
            failure.text.isEmpty ? nil : failure.text
        default: nil
        }
    }

    /// Nothing is there to read: no brltty, or a brltty with no display plugged in (as
    /// opposed to a server that answers wrongly, which someone set up and should hear of).
    public var meansNoDisplay: Bool {
        switch self {
        case .noServer, .emptyDisplay: true
        case .authenticationFailed, .ttyRefused, .connectionLost, .handshakeTimedOut, .notBrlAPI, .implausibleSize: false
        }
    }

    /// A short stable code for the transcript's notice events.
    public var code: String {
        switch self {
        case .noServer: "braille.noServer"
        case .authenticationFailed: "braille.auth"
        case .emptyDisplay: "braille.emptyDisplay"
        case .ttyRefused: "braille.tty"
        case .connectionLost: "braille.lost"
        case .handshakeTimedOut: "braille.noAnswer"
        case .notBrlAPI: "braille.notBrlAPI"
        case .implausibleSize: "braille.implausibleSize"
        }
    }

}
