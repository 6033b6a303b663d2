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
