// SPDX-License-Identifier: GPL-3.0-or-later
/// Why speech-dispatcher could not be used, or stopped being usable. No user wording here: the
/// reader words it (Messages/DeviceFaultMessages.swift); `detail` keeps libspeechd's or the system's own words for the transcript.
public enum SpeechdError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing listens at the address (`SPEECHD_ADDRESS` or the user's default socket).
    case unreachable(detail: String)
    /// The service refused a message or a setting.
    case rejected(detail: String)
    /// The service took longer than the deadline to answer (hung, stopped, or hostile).
    case timedOut(seconds: Double)
    /// The service closed the connection (it stopped, crashed or was killed), or closed it in
    /// the middle of the handshake.
    case closed(detail: String)

    public var description: String {
        switch self {
        case .unreachable(let detail): "speech-dispatcher unreachable: \(detail)"
        case .rejected(let detail): "speech-dispatcher refused: \(detail)"
        case .timedOut(let seconds): "speech-dispatcher did not answer within \(seconds) s"
        case .closed(let detail): "speech-dispatcher closed the connection: \(detail)"
        }
    }
}
