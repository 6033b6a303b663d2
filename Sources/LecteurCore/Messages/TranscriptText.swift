// SPDX-License-Identifier: GPL-3.0-or-later
// The lines a person reads in the text transcript (`--transcript text`, the terminal's default):
// worded here with the rest of the reader's words; the runtime only writes them.

extension MorseReport {
    /// « ♪ M, puis K »: the words sounded, as a screen reader reads them well aloud (« ♪ M K :
    /// -- / -.- » was read « croche M K deux points tiret tiret barre oblique… » by Orca 43);
    /// the pattern is the display's and the `morse` event's.
    public func readableLine(_ strings: Strings) -> String {
        "♪ " + text.split(separator: " ").joined(separator: strings(.transcriptMorseThen))
    }
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
