// SPDX-License-Identifier: GPL-3.0-or-later

extension Action {
    /// How the runtime queues an action posted from a device's thread.
    public enum Lane: Hashable, Sendable {
        /// A display key or panning report: a bounded lane, one at a time, dropped past its
        /// bound, so a flood of keys never makes a typed command wait.
        case keys
        /// Everything else: applied in order, never dropped (a lost connection must be said).
        case ordered
    }

    /// Named case by case: a new action does not compile until its lane is chosen.
    public var lane: Lane {
        switch self {
        case .displayKey, .displayPanned, .brailleTyped:
            .keys
        case .start, .timedLine, .command, .timer, .displayAdvanced, .catalogue, .device, .storageFailed,
             .statusReported, .settingsRead, .deviceConfigured, .practiceSeeded, .questionSounded, .questionHeard, .correctionHeard,
             .spoken, .stored, .attachTerminal, .typed, .key, .completion, .statisticsReady,
             .brailleBackTranslated, .timedKey, .keyboardProtocol, .promptCancelled, .screenReader,
             .progressReady, .copyTextRead, .piped, .settled:
            .ordered
        case .keyerClock:
            .ordered
        }
    }
}
