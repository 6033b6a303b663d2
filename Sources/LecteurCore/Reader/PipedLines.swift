// SPDX-License-Identifier: GPL-3.0-or-later

/// A line read from a pipe, as the input loop hands it over.
public enum PipedLine: Hashable, Sendable {
    /// Its text (without the newline), stamped with when its bytes arrived (monotonic ms; nil:
    /// when it is applied).
    case line(String, arrivedAtMs: Double?)
    /// A line passed the reader's limit: its beginning was dropped, its rest will be.
    case tooLong(limitBytes: Int)
}

/// A piped script's lines not yet applied, in order (issue 47, item 3). The input loop hands
/// each line over as it reads it (`.piped`) and waits for nothing but the queue's bound; the
/// reader applies one when what the lines before it started has settled (`.whenSettled`, answered
/// `.settled`), so a script acts on a loaded catalogue and after a reading, the same every run.
public struct ScriptQueue: Hashable, Sendable {
    public var pending: [PipedLine] = []
    /// `.whenSettled` was asked and not answered yet.
    public var awaitsSettling = false
    /// A line was ever piped: the reader reads a script (a terminal's lines never come here).
    public var used = false
    /// The reader quit while reading a script: later lines are dropped (the input may hold many more).
    public var ended = false

    public init() {}
}

extension Reader {
    /// Whether a line read from a pipe is applied at once instead of after what is in flight (a
    /// load, a reading): `stop` and `quitter` during a reading end it, as typed on a terminal;
    /// every other line waits, so a script's transcript is the same every run. Decided here, with
    /// the commands, so the runtime's input loop parses nothing (issue 47, item 3).
    public func interruptsReading(_ line: String, _ facts: RuntimeFacts) -> Bool {
        guard facts.reading, case .command(let command) = parser.parse(line) else { return false }
        return command == .stop || command == .quit
    }

    /// The queue's own actions: a line arrived, or what was in flight settled. nil for any other.
    func script(_ action: Action, _ state: inout ReaderState) -> [Effect]? {
        if case .piped(let line) = action {
            guard !state.script.ended else { return [] }
            // A line too long waits its turn like any other: its answer comes between the answers
            // of the lines around it (the input loop skips its rest meanwhile, whatever the order).
            state.script.pending.append(line)
            state.script.used = true
            return nextPiped(after: [], &state)
        }
        guard action == .settled else { return nil }
        state.script.awaitsSettling = false
        guard !state.script.ended, !state.script.pending.isEmpty else { return [] }
        let line = state.script.pending.removeFirst()
        // The line runs first (it may start a load or a reading); the next one then waits for
        // what it started: the runtime performs effects in order.
        return [.runPiped(line)] + nextPiped(after: [], &state)
    }

    /// After an action: the script's next step. Once the reader quits the queue is dropped; a
    /// line at its head that ends a reading under way runs now (asked when it reaches the head,
    /// not when it arrived: `tout lire` then `stop` arrive together, before the reading starts);
    /// any other waits for `.settled`.
    func nextPiped(after effects: [Effect], _ state: inout ReaderState) -> [Effect] {
        if effects.contains(.quit) {
            guard state.script.used else { return [] }
            state.script.pending = []
            state.script.ended = true
            return []
        }
        guard !state.script.ended, let head = state.script.pending.first else { return [] }
        if case .line(let text, _) = head, interruptsReading(text, RuntimeFacts(state)) {
            state.script.pending.removeFirst()
            return [.runPiped(head)]
        }
        guard !state.script.awaitsSettling else { return [] }
        state.script.awaitsSettling = true
        return [.whenSettled]
    }
}
