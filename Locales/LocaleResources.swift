import Foundation

/// The string catalogues and lexicons of `Locales/`. Each locale is a folder of JSON files; the
/// strings of all its `*.json` files except lexicons (`lexique*.json`, `lexicon*.json`) form one
/// table. An installed reader (scripts/install.sh) finds them in `PREFIX/share/lecteur/locales/`
/// beside `PREFIX/bin/lecteur`; a reader run from the checkout uses the build's resource bundle.
public enum LocaleResources {
    public static let available = ["fr", "en"]

    public static func directory(locale: String) -> URL? {
        guard available.contains(locale) else { return nil }
        if let installed = installedRoot { return installed.appendingPathComponent(locale) }
        return Bundle.module.url(forResource: locale, withExtension: nil)
    }

    /// `LECTEUR_DATA_DIR/locales`, else `../share/lecteur/locales` from the executable, when it
    /// exists. Looked up before `Bundle.module`, which stops the program when the build folder
    /// it was built in is gone.
    static let installedRoot: URL? = {
        var candidates: [URL] = []
        if let data = ProcessInfo.processInfo.environment["LECTEUR_DATA_DIR"], !data.isEmpty {
            candidates.append(URL(fileURLWithPath: data).appendingPathComponent("locales"))
        }
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                             ?? CommandLine.arguments[0])
        candidates.append(executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/lecteur/locales"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("fr").path) }
    }()

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
