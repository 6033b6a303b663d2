// SPDX-License-Identifier: GPL-3.0-or-later
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
    /// Each key's templates, split once at their placeholders: one look-up per call, and no
    /// scanning for braces on the million labels of a large audit.
    private let entries: [String: Entry]

    /// A template with the positions of its candidate placeholders: each "{" with the first "}"
    /// after it, which is what `fill` scans for.
    struct Template: Sendable {
        struct Slot: Sendable {
            let brace: String.Index
            let close: String.Index
            let name: String
        }
        let text: String
        let slots: [Slot]

        init(_ text: String) {
            // Most templates have no placeholder: one byte search over the string's own storage
            // settles them, and the others are read over contiguous bytes. The
            // catalogue is built at every start, and walking each template through the generic
            // UTF-8 view cost `say` 3.4 million instructions for 1 100 templates (callgrind,
            // issue 49).
            var text = text
            let offsets = text.withUTF8 { firstOffset(of: UInt8(ascii: "{"), in: $0, from: 0) == nil ? [] : Self.placeholderOffsets($0) }
            self.text = text
            let utf8 = text.utf8
            // The same UTF-8 offsets as indices of the text (constant time on a native string).
            self.slots = offsets.map { brace, close, name in
                Slot(brace: utf8.index(utf8.startIndex, offsetBy: brace),
                     close: utf8.index(utf8.startIndex, offsetBy: close), name: name)
            }
        }

        /// Each "{" with the first "}" after it: the offsets of both and the name between. A "{"
        /// followed by another "{" before any "}" can only name a placeholder with a brace in
        /// it, which none has: the scan goes on from the second one, so a template of 100 000
        /// "{" is read once, not once per brace (quadratic time and memory).
        private static func placeholderOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> [(Int, Int, String)] {
            let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
            var found: [(Int, Int, String)] = []
            var i = 0
            while let brace = firstOffset(of: open, in: bytes, from: i) {
                var end = brace + 1
                while end < bytes.count, bytes[end] != open, bytes[end] != close { end += 1 }
                guard end < bytes.count else { break }
                if bytes[end] == close {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(brace + 1)..<end]), as: UTF8.self)
                    found.append((brace, end, name))
                    i = end + 1
                } else {
                    i = end
                }
            }
            return found
        }

        /// The text with each placeholder whose name `value` knows replaced, scanning left to
        /// right as `Strings.fill` does: an unknown placeholder stays as written, and a
        /// replaced one is not scanned again.
        @inline(__always)
        func fill(_ value: (String) -> String?) -> String {
            if slots.isEmpty { return text }
            var out = ""
            var runStart = text.startIndex
            for slot in slots where slot.brace >= runStart {
                guard let value = value(slot.name) else { continue }
                if out.isEmpty { out.reserveCapacity(text.utf8.count + 32) }
                out += text[runStart..<slot.brace]
                out += value
                runStart = text.utf8.index(after: slot.close)
            }
            if runStart == text.startIndex { return text }
            out += text[runStart...]
            return out
        }
    }

    struct Entry: Sendable {
        let template: Template
        /// The placeholder selecting the plural form and the forms other than `other`.
        var selector = "count"
        var forms: [PluralCategory: Template] = [:]
        var hasPlural = false
    }

    public static let pluralSeparator: Character = "|"

    public init(localeCode: String, table: [String: String]) {
        self.localeCode = localeCode
        self.table = table
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(table.count)
        // The separator is looked for in the keys' bytes: every command builds the catalogue at
        // start, and a search by Character was a tenth of `say`'s instructions (issue 49).
        var plural: [(key: String, value: String, bar: Int)] = []
        for (key, value) in table {
            var key = key
            if let bar = key.withUTF8(Self.barOffset) {
                plural.append((key, value, bar))
            } else {
                entries[key] = Entry(template: Template(value))
            }
        }
        for (key, value, offset) in plural {
            let bar = key.utf8.index(key.utf8.startIndex, offsetBy: offset)
            let base = String(key[..<bar]), member = String(key[key.utf8.index(after: bar)...])
            // A form without its `other` template is never used (a missing key shows itself).
            guard var entry = entries[base] else { continue }
            entry.hasPlural = true
            if member == "by" { entry.selector = value } else if let category = PluralCategory(rawValue: member) {
                entry.forms[category] = Template(value)
            }
            entries[base] = entry
        }
        self.entries = entries
    }

    /// Where the plural separator is in a key, by a byte search over its storage.
    private static func barOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        firstOffset(of: UInt8(ascii: "|"), in: bytes, from: 0)
    }

    /// The template of the key (its `other` form when it has plural forms).
    public func template(_ key: L10n) -> String? { table[key.rawValue] }

    /// The plural forms of a key other than `other`, by category; empty for a plain string.
    public func pluralForms(_ key: L10n) -> [PluralCategory: String] {
        entries[key.rawValue]?.forms.mapValues(\.text) ?? [:]
    }

    /// A missing key shows itself as `⟦key⟧` rather than crashing: the locale tests make sure
    /// no shipped catalogue ever reaches that path. A key with plural forms agrees with the value
    /// of its selecting placeholder (`count` unless the catalogue says otherwise).
    public func callAsFunction(_ key: L10n, _ args: [String: String] = [:]) -> String {
        guard let entry = entries[key.rawValue] else { return "⟦\(key.rawValue)⟧" }
        if args.isEmpty { return entry.template.text }
        return form(entry) { args[$0] }.fill { args[$0] }
    }

    /// One placeholder, without a dictionary: for the hot call sites (cards, rule findings).
    public func callAsFunction(_ key: L10n, _ name: String, _ value: String) -> String {
        guard let entry = entries[key.rawValue] else { return "⟦\(key.rawValue)⟧" }
        let lookup: (String) -> String? = { $0 == name ? value : nil }
        return form(entry, lookup).fill(lookup)
    }

    /// Placeholders given as pairs, without a dictionary (the first pair of a name wins).
    public func callAsFunction(_ key: L10n, with args: KeyValuePairs<String, String>) -> String {
        guard let entry = entries[key.rawValue] else { return "⟦\(key.rawValue)⟧" }
        let lookup: (String) -> String? = { name in args.first { $0.key == name }?.value }
        return form(entry, lookup).fill(lookup)
    }

    /// The template agreeing with the value of the selecting placeholder, if the key has forms.
    @inline(__always)
    private func form(_ entry: Entry, _ value: (String) -> String?) -> Template {
        guard entry.hasPlural, let number = value(entry.selector) else { return entry.template }
        let category = PluralRule.category(localeCode: localeCode, number: number)
        return entry.forms[category] ?? entry.template
    }

    /// A string with a count: the form agreeing with `count`, `{count}` filled with it.
    public func callAsFunction(_ key: L10n, count: Int, _ args: [String: String] = [:]) -> String {
        guard let entry = entries[key.rawValue] else { return "⟦\(key.rawValue)⟧" }
        var args = args
        if args["count"] == nil { args["count"] = String(count) }
        let category = PluralRule.category(localeCode: localeCode, count: count)
        return (entry.forms[category] ?? entry.template).fill { args[$0] }
    }

    public static func fill(_ template: String, _ args: [String: String]) -> String {
        Template(template).fill { args[$0] }
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

/// The offset of the first `byte` at or after `start`: a plain loop over contiguous bytes, which
/// the optimiser keeps to a few instructions a byte (the generic `String.UTF8View` search was
/// tens).
@inline(__always)
private func firstOffset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var i = start
    while i < bytes.count {
        if bytes[i] == byte { return i }
        i += 1
    }
    return nil
}
