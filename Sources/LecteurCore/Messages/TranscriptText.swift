// SPDX-License-Identifier: GPL-3.0-or-later
// The lines a person reads in the text transcript (`--transcript text`, the terminal's default):
// worded here with the rest of the reader's words; the runtime only writes them.

extension FocusReport {
    /// « Label — value (role) », then the hint on its own indented line.
    public func readableLine(_ strings: Strings) -> String {
        var line = element.label
        if let value = element.value, !value.isEmpty { line += " — " + value }
        if let roleWord { line += " (\(roleWord))" }
        if let hint = element.hint, !hint.isEmpty { line += "\n  " + strings(.transcriptHint, ["hint": hint]) }
        return line
    }
}

extension MorseReport {
    /// « ♪ SOS : ... --- ... ».
    public var readableLine: String { "♪ \(text) : \(pattern)" }
}

extension MorseQuestionReport {
    /// « ♪ Question 3 »: the number only, never what is asked.
    public func readableLine(_ strings: Strings) -> String {
        "♪ " + strings(.morseTrainerQuestion, ["question": "\(question)"])
    }
}

extension Strings {
    /// An error as the text transcript shows it (« Erreur : … »).
    public func readableErrorLine(_ message: String) -> String {
        self(.transcriptError, ["message": message])
    }
}
