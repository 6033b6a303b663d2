// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
@preconcurrency import Glibc
#else
@preconcurrency import Darwin
#endif
import LecteurCore
import LecteurTerminal

/// A line for the person reading standard error, French as printed: no-break spaces before
/// « : ; ? ! » and inside « » (issue 46), as the text transcript and `--help` have them. The
/// words come worded; this only lays them out and cleans what they quote.
public enum PrintedLine {
    public static func toStandardError(_ line: String, _ strings: Strings) {
        fputs(FrenchTypography.apply(TextSanitizer.cleanKeepingLayout(line), localeCode: strings.localeCode) + "\n",
              StandardStream.error)
    }
}
