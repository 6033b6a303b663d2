// SPDX-License-Identifier: GPL-3.0-or-later
/// Which language each command name belongs to, so that a French answer names commands in
/// French and an English one in English: the help lists the current language's names (and the
/// shortcuts both share), and a typo is corrected to a name of the user's language first. Read
/// from the command table, where each name is declared once with its language.
public enum CommandLanguage {
    private static let languages: [String: String] = {
        var languages: [String: String] = [:]
        for spec in CommandTable.specs {
            for name in spec.english { languages[name] = "en" }
            for name in spec.french { languages[name] = "fr" }
        }
        return languages
    }()

    /// "fr", "en", or nil for a name both languages use ("morse", "stop", one-letter shortcuts).
    public static func language(of name: String) -> String? {
        languages[name]
    }

    /// A name the user of `localeCode` reads without meeting the other language.
    public static func belongs(_ name: String, to localeCode: String) -> Bool {
        language(of: name).map { $0 == localeCode } ?? true
    }

    /// The names the help shows and says: the language's own names first, then the shared ones;
    /// the other language's names are accepted but not listed.
    public static func helpNames(_ names: [String], localeCode: String) -> [String] {
        let own = names.filter { language(of: $0) == localeCode }
        let shared = names.filter { language(of: $0) == nil }
        return own + shared
    }
}
