// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales

public enum Localization {
    /// The locales Lecteur ships.
    public static var available: [String] { LocaleResources.available }

    /// False when the folder of strings and lexicons was not found (a binary copied alone).
    public static var dataFound: Bool { LocaleResources.isAvailable }

    /// The string table of a shipped locale, read and decoded once per process; nil for a
    /// locale Lecteur does not have.
    public static func strings(_ code: String) -> Strings? {
        LocaleResources.strings(locale: code)
    }

    /// Each QSO language's material, from its locale's strings (`entraînement qso anglais`
    /// copies English QSOs under a French interface): read when such a QSO starts, so the other
    /// language's strings cost nothing to a reader that never asks for them.
    public static var qsoMaterial: QSOMaterialSource {
        QSOMaterialSource { language in strings(language.rawValue).map(QSOMaterial.init(strings:)) }
    }

    /// The locale asked for with `--locale` on the command line (before full parsing, so that
    /// even `--help` and option errors speak the user's language), else the one of the environment.
    public static func requestedLocale(in arguments: [String],
                                       environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for (i, argument) in arguments.enumerated() {
            if argument == "--locale", i + 1 < arguments.count { return arguments[i + 1] }
            if argument.hasPrefix("--locale=") { return String(argument.dropFirst("--locale=".count)) }
        }
        return environmentLocale(environment)
    }

    /// `--locale` when given, else the environment's.
    public static func locale(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        option ?? environmentLocale(environment)
    }

    /// The interface language from the environment, as gettext looks for it: the `LANGUAGE`
    /// list of preferences first (`en_GB:fr`), then the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// that is set. A language Lecteur does not have (`de_DE.UTF-8`, `C`, `POSIX`) is passed
    /// over, and French, the reference, is the answer when nothing matches: never an error.
    public static func environmentLocale(_ environment: [String: String]) -> String {
        var candidates: [String] = []
        if let list = environment["LANGUAGE"], !list.isEmpty {
            candidates += list.split(separator: ":").map(String.init)
        }
        if let posix = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) {
            candidates.append(posix)
        }
        for candidate in candidates {
            let language = candidate.prefix { $0.isLetter }.lowercased()
            if LocaleResources.available.contains(language) { return language }
        }
        return "fr"
    }
}
