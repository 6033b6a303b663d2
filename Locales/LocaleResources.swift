import Foundation

/// The string catalogues and lexicons of `Locales/`, shipped inside the binary's resource bundle
/// so the reader finds them wherever it runs. Each locale is a folder of JSON files; the strings
/// of all its `*.json` files except lexicons (`lexique*.json`, `lexicon*.json`) form one table.
public enum LocaleResources {
    public static let available = ["fr", "en"]

    public static func directory(locale: String) -> URL? {
        guard available.contains(locale) else { return nil }
        return Bundle.module.url(forResource: locale, withExtension: nil)
    }

    public static func data(locale: String, file: String) -> Data? {
        guard let dir = directory(locale: locale) else { return nil }
        return try? Data(contentsOf: dir.appendingPathComponent(file))
    }

    public static func stringFiles(locale: String) -> [String] {
        guard let dir = directory(locale: locale),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix("lexique") && !$0.hasPrefix("lexicon") }.sorted()
    }

    /// Flat key → template table, all string files of the locale merged. A string with plural
    /// forms (a JSON object such as `{"one": "…", "other": "…"}`) is flattened as `Strings` reads
    /// it: `other` under the key, each other member under `key|member`.
    public static func table(locale: String) -> [String: String]? {
        var table: [String: String] = [:]
        let files = stringFiles(locale: locale)
        guard !files.isEmpty else { return nil }
        for file in files {
            guard let data = data(locale: locale, file: file),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            for (key, value) in object {
                if let s = value as? String {
                    table[key] = s
                } else if let forms = value as? [String: String], let other = forms["other"] {
                    table[key] = other
                    for (member, form) in forms where member != "other" { table[key + "|" + member] = form }
                }
            }
        }
        return table
    }
}
