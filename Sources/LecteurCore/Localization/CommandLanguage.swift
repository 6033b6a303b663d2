// SPDX-License-Identifier: GPL-3.0-or-later
/// Which language each command name belongs to, so that a French answer names commands in
/// French and an English one in English: the help lists the current language's names (and the
/// shortcuts both share), and a typo is corrected to a name of the user's language first.
public enum CommandLanguage {
    static let english: Set<String> = [
        "next", "previous", "prev", "first", "last", "activate", "back", "repeat", "where", "tab",
        "filter", "help", "quit", "exit", "retry", "refresh", "practice", "set", "history", "status",
        "course", "heading", "go", "find", "read", "rate", "faster", "slower", "louder", "softer",
        "character", "char", "word", "sentence", "spell", "describe",
    ]
    static let french: Set<String> = [
        "suivant", "précédent", "premier", "début", "dernier", "fin", "activer", "retour", "répéter", "où",
        "onglet", "filtre", "filtrer", "aide", "quitter", "réessayer", "actualiser", "rafraîchir",
        "entraînement", "pratique", "régler", "reglage", "silence", "tais-toi", "chut", "historique", "état",
        "diagnostic", "formation", "titre", "aller", "va", "chercher", "recherche", "lire", "tout", "plus",
        "moins", "débit", "caractère", "car", "mot", "phrase", "épeler", "epele", "décrire", "position",
    ]

    /// "fr", "en", or nil for a name both languages use ("morse", "stop", one-letter shortcuts).
    public static func language(of name: String) -> String? {
        if english.contains(name) { return "en" }
        if french.contains(name) { return "fr" }
        return nil
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
