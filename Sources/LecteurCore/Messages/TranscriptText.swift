// SPDX-License-Identifier: GPL-3.0-or-later
// The lines a person reads in the text transcript (`--transcript text`, the terminal's default):
// worded here with the rest of the reader's words; the runtime only writes them.

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
