/// A string catalogue for one locale (`Locales/<code>/*.json`): keys to templates whose
/// placeholders are written `{name}`.
///
/// A string with a count is written in the JSON as an object of CLDR plural forms, the `other`
/// form required: `{"one": "{count} formation chargée.", "other": "{count} formations chargées."}`.
/// The form is chosen by the locale's plural rule (`PluralRule`) from the placeholder named by the
/// optional member `"by"` (default `count`), so « 0 formation » and « 1,5 heure » agree in French.
/// In the flat table the `other` form sits under the key itself and the other forms under
/// `key|one`, `key|many`…, with `key|by` naming the placeholder.
public struct Strings: Sendable {
    public let localeCode: String
    private let table: [String: String]
    /// Keys that have plural forms: the form per category and the placeholder that selects it.
    private let plurals: [String: Plural]

    struct Plural: Sendable {
        var selector = "count"
        var forms: [PluralCategory: String] = [:]
    }

    public static let pluralSeparator: Character = "|"

    public init(localeCode: String, table: [String: String]) {
        self.localeCode = localeCode
        self.table = table
        var plurals: [String: Plural] = [:]
        for (key, value) in table {
            guard let bar = key.firstIndex(of: Self.pluralSeparator) else { continue }
            let base = String(key[..<bar]), member = String(key[key.index(after: bar)...])
            var plural = plurals[base] ?? Plural()
            if member == "by" { plural.selector = value } else if let category = PluralCategory(rawValue: member) {
                plural.forms[category] = value
            }
            plurals[base] = plural
        }
        self.plurals = plurals
    }

    /// The template of the key (its `other` form when it has plural forms).
    public func template(_ key: L10n) -> String? { table[key.rawValue] }

    /// The plural forms of a key other than `other`, by category; empty for a plain string.
    public func pluralForms(_ key: L10n) -> [PluralCategory: String] { plurals[key.rawValue]?.forms ?? [:] }

    /// A missing key shows itself as `⟦key⟧` rather than crashing: the locale tests make sure
    /// no shipped catalogue ever reaches that path. A key with plural forms agrees with the value
    /// of its selecting placeholder (`count` unless the catalogue says otherwise).
    public func callAsFunction(_ key: L10n, _ args: [String: String] = [:]) -> String {
        guard let template = table[key.rawValue] else { return "⟦\(key.rawValue)⟧" }
        if !plurals.isEmpty, let plural = plurals[key.rawValue], let number = args[plural.selector] {
            let category = PluralRule.category(localeCode: localeCode, number: number)
            return Strings.fill(plural.forms[category] ?? template, args)
        }
        return Strings.fill(template, args)
    }

    /// A string with a count: the form agreeing with `count`, `{count}` filled with it.
    public func callAsFunction(_ key: L10n, count: Int, _ args: [String: String] = [:]) -> String {
        guard let template = table[key.rawValue] else { return "⟦\(key.rawValue)⟧" }
        var args = args
        if args["count"] == nil { args["count"] = String(count) }
        let category = PluralRule.category(localeCode: localeCode, count: count)
        return Strings.fill(plurals[key.rawValue]?.forms[category] ?? template, args)
    }

    public static func fill(_ template: String, _ args: [String: String]) -> String {
        // Scans UTF-8 bytes ("{" and "}" are ASCII, so their offsets are valid string indices):
        // this runs for every label of every element, a million times in a large audit.
        let bytes = template.utf8
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard bytes.contains(open) else { return template }
        var out = ""
        out.reserveCapacity(bytes.count + 32)
        var runStart = bytes.startIndex, i = runStart
        while let brace = bytes[i...].firstIndex(of: open) {
            let nameStart = bytes.index(after: brace)
            if let end = bytes[nameStart...].firstIndex(of: close), let value = args[String(template[nameStart..<end])] {
                out += template[runStart..<brace]
                out += value
                i = bytes.index(after: end)
                runStart = i
            } else {
                i = nameStart // an unknown placeholder stays as written
            }
        }
        out += template[runStart...]
        return out
    }

    /// The placeholder names a template uses, for the locale-consistency tests.
    public static func placeholders(in template: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                names.insert(String(name))
            }
            rest = after[after.index(after: close)...]
        }
        return names
    }
}
