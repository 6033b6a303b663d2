// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Synchronization

/// The string catalogues and lexicons of `Locales/`. Each locale is a folder of JSON files; the
/// strings of all its `*.json` files except lexicons (`lexique*.json`, `lexicon*.json`) form one
/// table. An installed reader (`make install`) finds them in `PREFIX/share/lecteur/locales/`
/// beside `PREFIX/bin/lecteur`; a reader run from the checkout reads this folder of the sources.
///
/// Every file is read at most once per process and every table decoded at most once (issue 49:
/// the command line, the reader and its QSO material each decoded both languages again, four
/// times per start): what was read is kept, and a locale nobody asks for is never read.
public enum LocaleResources {
    public static let available = ["fr", "en"]

    public static func directory(locale: String) -> URL? {
        guard available.contains(locale) else { return nil }
        return root?.appendingPathComponent(locale)
    }

    /// False when no folder of locales was found (a binary copied alone): the command line then
    /// says so in French instead of printing keys.
    public static var isAvailable: Bool { root != nil }

    /// `LECTEUR_DATA_DIR/locales` when that variable is set (and nothing else: the user said where
    /// the data is), else `../share/lecteur/locales` from the executable, else the checkout's
    /// `Locales/` (this file's folder), the first that exists. The checkout's path is
    /// known only to a development build: the installed build (Makefile) defines
    /// LECTEUR_INSTALLED, so that no build path is in the binary (`#filePath` is not remapped by
    /// `-file-prefix-map`). No resource bundle: SwiftPM's accessor writes the build folder's
    /// absolute path into the binary and stops the program when that folder is gone.
    static let root: URL? = {
        var candidates: [URL] = []
        if let data = ProcessInfo.processInfo.environment["LECTEUR_DATA_DIR"], !data.isEmpty {
            let given = URL(fileURLWithPath: data).appendingPathComponent("locales")
            return FileManager.default.fileExists(atPath: given.appendingPathComponent("fr").path) ? given : nil
        }
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                             ?? CommandLine.arguments[0])
        candidates.append(executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/lecteur/locales"))
        #if !LECTEUR_INSTALLED
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        #endif
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("fr").path) }
    }()

    /// What was read, by `locale/file` (nil: missing or unreadable, not asked again).
    private static let files = Mutex<[String: Data?]>([:])
    /// Each locale's string files, listed once.
    private static let listings = Mutex<[String: [String]]>([:])
    /// Each locale's flat table, decoded once (nil: a locale without a valid table).
    private static let tables = Mutex<[String: [String: String]?]>([:])
    /// Each locale's `Strings`, built once: their templates are split at their placeholders once.
    private static let catalogues = Mutex<[String: Strings?]>([:])

    /// How many times each `locale/file` was read from disk, for the tests.
    static let diskReads = Mutex<[String: Int]>([:])

    /// The bytes of one file of a locale, read from disk the first time only.
    public static func data(locale: String, file: String) -> Data? {
        files.withLock { files in
            let key = locale + "/" + file
            if let known = files[key] { return known }
            diskReads.withLock { $0[key, default: 0] += 1 }
            let data = directory(locale: locale).flatMap { try? Data(contentsOf: $0.appendingPathComponent(file)) }
            files[key] = data
            return data
        }
    }

    public static func stringFiles(locale: String) -> [String] {
        listings.withLock { listings in
            if let known = listings[locale] { return known }
            guard let dir = directory(locale: locale),
                  let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
            let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix("lexique") && !$0.hasPrefix("lexicon") }.sorted()
            listings[locale] = files
            return files
        }
    }

    /// Flat key → template table, all string files of the locale merged. A string with plural
    /// forms (a JSON object such as `{"one": "…", "other": "…"}`) is flattened as `Strings` reads
    /// it: `other` under the key, each other member under `key|member`.
    public static func table(locale: String) -> [String: String]? {
        tables.withLock { tables in
            if let known = tables[locale] { return known }
            let table = decodeTable(locale: locale)
            tables[locale] = table
            return table
        }
    }

    /// The locale's string catalogue, built once per process; nil for a locale Lecteur does not
    /// have (or whose files are missing or invalid).
    public static func strings(locale: String) -> Strings? {
        // Not under `catalogues`' lock while decoding: `table` has its own.
        if let known = catalogues.withLock({ $0[locale] }) { return known }
        let strings = table(locale: locale).map { Strings(localeCode: locale, table: $0) }
        return catalogues.withLock { catalogues in
            if let raced = catalogues[locale] { return raced }
            catalogues[locale] = strings
            return strings
        }
    }

    private static func decodeTable(locale: String) -> [String: String]? {
        var table: [String: String] = [:]
        // About 1 200 strings a locale: room for them at once, not eleven regrowths.
        table.reserveCapacity(2_048)
        let files = stringFiles(locale: locale)
        guard !files.isEmpty else { return nil }
        for file in files {
            guard let data = data(locale: locale, file: file) else { return nil }
            if LocaleFileDecoder.decode(data, into: &table) { continue }
            // Whatever the fast reader does not take (a shape the string files do not use, or
            // invalid JSON) goes through Foundation, which decides as it always did.
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
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
