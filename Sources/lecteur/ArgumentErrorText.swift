// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// swift-argument-parser words its usage errors in English (« Unknown option '--foo' ») and
/// quotes what the user typed as is. Its error types are not public, so its sentence is read
/// here, the option or value taken out of it and cleaned, and said again in the user's language;
/// a sentence not recognised becomes a plain « arguments invalides », never English.
enum ArgumentErrorText {
    /// Each sentence of the parser, and the problem made of its first (and second) group.
    private static let patterns: [(regex: String, problem: @Sendable (_ first: String, _ second: String) -> ArgumentProblem)] = [
        (#"^The value '(.*)' is invalid for '([^' <]*)"#, { .invalidValue(value: $0, option: $1) }),
        // « Unknown option '--ramp'. Did you mean '--wpm'? »: the option and the suggestion apart.
        (#"^Unknown option '([^']*)'(?:\. Did you mean '([^']*)'\?)?"#,
         { option, suggestion in .unknownOption(option, suggestion: suggestion.isEmpty ? nil : suggestion) }),
        (#"^Missing value for '([^' <]*)"#, { option, _ in .missingValue(option) }),
        (#"^Missing expected argument '(.*)'"#, { option, _ in .missingArgument(option) }),
        (#"^Unexpected arguments? '(.*)'"#, { option, _ in .unexpected(option) }),
    ]

    /// The value and the option of « The value 'X' is invalid for '--option …' », the value
    /// cleaned of control characters; nil for any other message.
    static func invalidValue(_ detail: String) -> (value: String, option: String)? {
        let line = firstLine(detail)
        guard let regex = try? NSRegularExpression(pattern: patterns[0].regex),
              let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
              let value = Range(match.range(at: 1), in: line), let option = Range(match.range(at: 2), in: line)
        else { return nil }
        return (TextSanitizer.clean(String(line[value])), String(line[option]))
    }

    private static func firstLine(_ detail: String) -> String {
        detail.split(separator: "\n").first.map(String.init)?.replacingOccurrences(of: "Error: ", with: "") ?? ""
    }

    static func problem(_ detail: String) -> ArgumentProblem {
        let line = firstLine(detail)
        for (pattern, problem) in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern),
                  let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
            func group(_ i: Int) -> String {
                guard i < match.numberOfRanges, let range = Range(match.range(at: i), in: line) else { return "" }
                // "<text> ..." names the argument: its brackets are not markup to drop with it.
                let text = String(line[range].prefix(80)).replacingOccurrences(of: "<", with: "")
                    .replacingOccurrences(of: ">", with: "").replacingOccurrences(of: " ...", with: "")
                return TextSanitizer.clean(text)
            }
            return problem(group(1), group(2))
        }
        return .unrecognised
    }
}
