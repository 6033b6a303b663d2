// SPDX-License-Identifier: GPL-3.0-or-later
/// swift-argument-parser writes the frame of `--help` in English (its headings, its own `--help`
/// and `--version`, the placeholders it names); every text inside the frame is already the
/// user's (`CLIHelp`). The frame is put in the user's language here, from `Locales/`, so that
/// `LANG=fr_FR.UTF-8 lecteur --help` is French from top to bottom.
public enum CLIHelpFrame {
    /// Headings: only at the start of a line.
    private static let headings: [(String, L10n)] = [
        ("OVERVIEW:", .cliHelpOverview), ("USAGE:", .cliHelpUsage), ("ARGUMENTS:", .cliHelpArguments),
        ("OPTIONS:", .cliHelpOptions), ("SUBCOMMANDS:", .cliHelpSubcommands),
    ]
    /// Anywhere in a line; the longer ones first (the sentence holds `<subcommand>`).
    private static let phrases: [(String, L10n)] = [
        ("See 'lecteur help <subcommand>' for detailed help.", .cliHelpSeeSubcommand),
        ("Show help information.", .cliHelpShowHelp), ("Show the version.", .envCliVersion),
        ("<subcommand>", .cliHelpSubcommandValue), ("<text>", .cliHelpTextValue), ("(default)", .cliHelpDefault),
    ]

    public static func translate(_ help: String, _ strings: Strings) -> String {
        help.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = String(line)
            for (english, key) in headings where line.hasPrefix(english) {
                line = strings(key) + line.dropFirst(english.count)
            }
            for (english, key) in phrases {
                line = replace(english, with: strings(key), in: line)
            }
            // The frame's own French (« UTILISATION : ») spaced as the texts it frames.
            return FrenchTypography.apply(line, localeCode: strings.localeCode)
        }.joined(separator: "\n")
    }

    /// The last line of every `--help`, as GNU tools end theirs: where to report bugs.
    public static func reportBugs(_ address: String, _ strings: Strings) -> String {
        FrenchTypography.apply(strings(.cliHelpReportBugs, ["address": address]), localeCode: strings.localeCode)
    }

    /// Keeps the next column where it was: the spaces after the phrase absorb the difference in
    /// length (two at least stay).
    private static func replace(_ english: String, with local: String, in line: String) -> String {
        guard let range = line.range(of: english) else { return line }
        let after = line[range.upperBound...]
        let spaces = after.prefix { $0 == " " }.count
        let rest = after.dropFirst(spaces)
        let padding = spaces >= 2 && !rest.isEmpty ? max(2, spaces + english.count - local.count) : spaces
        return line[..<range.lowerBound] + local + String(repeating: " ", count: padding) + rest
    }
}
