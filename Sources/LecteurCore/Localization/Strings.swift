/// A string catalogue for one locale (`Locales/<code>/strings.json`): keys to templates whose
/// placeholders are written `{name}`.
public struct Strings: Sendable {
    public let localeCode: String
    private let table: [String: String]

    public init(localeCode: String, table: [String: String]) {
        self.localeCode = localeCode
        self.table = table
    }

    public func template(_ key: L10n) -> String? { table[key.rawValue] }

    /// A missing key shows itself as `⟦key⟧` rather than crashing: the locale tests make sure
    /// no shipped catalogue ever reaches that path.
    public func callAsFunction(_ key: L10n, _ args: [String: String] = [:]) -> String {
        guard let template = table[key.rawValue] else { return "⟦\(key.rawValue)⟧" }
        return Strings.fill(template, args)
    }

    public static func fill(_ template: String, _ args: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = args[String(after[..<close])] {
                out += value
                rest = after[after.index(after: close)...]
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
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
