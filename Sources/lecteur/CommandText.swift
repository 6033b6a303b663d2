// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurFiles

/// The text `lecteur say` and `lecteur morse` work on: the words after the command, or standard
/// input when there are none or the one word is `-`, as `espeak-ng --stdin` and `cw` read it, so
/// that a script pipes a text without quoting it.
enum CommandText {
    /// More than a long book: anything larger is a mistake (a device, a runaway pipe).
    static let standardInputLimit = 16 << 20

    static func text(_ words: [String], strings: Strings) throws -> String {
        guard words.isEmpty || words == ["-"] else { return words.joined(separator: " ") }
        do {
            let data = try InputFile.readStandardInput(limit: standardInputLimit)
            // Line breaks are the text's own; a last one is the pipe's.
            var text = String(decoding: data, as: UTF8.self)
            while text.last?.isNewline == true { text.removeLast() }
            return text
        } catch {
            throw LecteurCLIError(CLIMessages.standardInputUnreadable(error, strings), status: .noInput)
        }
    }
}
