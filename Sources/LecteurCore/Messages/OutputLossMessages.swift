// SPDX-License-Identifier: GPL-3.0-or-later

extension OutputLoss {
    /// What the user reads on standard error when standard output failed.
    public func message(_ strings: Strings) -> String {
        switch self {
        case .readerGone: strings(.outputLostReaderGone)
        case .closed: strings(.outputLostClosed)
        case .full: strings(.outputLostFull)
        case .failed(let code): strings(.outputLostFailed, ["detail": SystemErrorText.summary(errno: code, strings)])
        }
    }

    /// The goodbye said on standard error when the loss of standard output ends the session (the
    /// transcript that would carry it is gone).
    public static func goodbye(_ strings: Strings) -> String { strings(.appGoodbye) }

    /// Nobody reads standard output and the queue is full: what follows is dropped until it is read.
    public static func droppedMessage(limitBytes: Int, _ strings: Strings) -> String {
        strings(.outputDropped, ["limit": String(limitBytes >> 20)])
    }
}
