// SPDX-License-Identifier: GPL-3.0-or-later
/// The terminal's slice: on a terminal or not, « Quitter Lecteur ? » asked, the goodbye on the
/// display. The fields stay the root's (`ReaderState.onTerminal`, `quitPending`, `closing`),
/// since the exercise and the root read them too; this is the view `TerminalReducer` changes.
struct TerminalState: Equatable, Sendable {
    var onTerminal: Bool
    var quitPending: Bool
    var closing: Bool
}

extension ReaderState {
    var terminal: TerminalState {
        get { TerminalState(onTerminal: onTerminal, quitPending: quitPending, closing: closing) }
        set {
            onTerminal = newValue.onTerminal
            quitPending = newValue.quitPending
            closing = newValue.closing
        }
    }
}
