import LecteurCore
import LecteurLocales

public enum Localization {
    /// The string table of a shipped locale; nil for a locale Lecteur does not have.
    public static func strings(_ code: String) -> Strings? {
        LocaleResources.table(locale: code).map { Strings(localeCode: code, table: $0) }
    }

    /// The locale asked for with `--locale` on the command line (before full parsing, so that
    /// even `--help` and option errors speak the user's language).
    public static func requestedLocale(in arguments: [String]) -> String {
        for (i, argument) in arguments.enumerated() {
            if argument == "--locale", i + 1 < arguments.count { return arguments[i + 1] }
            if argument.hasPrefix("--locale=") { return String(argument.dropFirst("--locale=".count)) }
        }
        return "fr"
    }
}
