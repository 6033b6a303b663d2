// SPDX-License-Identifier: GPL-3.0-or-later
extension Reader {
    /// Whether a line read from a pipe is applied at once instead of after what is in flight (a
    /// load, a reading): `stop` and `quitter` during a reading end it, as typed on a terminal;
    /// every other line waits, so a script's transcript is the same every run. Decided here, with
    /// the commands, so the runtime's input loop parses nothing (issue 47, item 3).
    public func interruptsReading(_ line: String, _ facts: RuntimeFacts) -> Bool {
        guard facts.reading, case .command(let command) = parser.parse(line) else { return false }
        return command == .stop || command == .quit
    }
}
