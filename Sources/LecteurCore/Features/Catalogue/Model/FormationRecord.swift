// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One record of the list as the scanner met it: where each field's value lies in the input,
/// not yet turned into text. The decoder builds a formation from it with no dictionary and no
/// `String` per key, and makes a `String` only for the fields a formation keeps. When a key
/// comes twice the last one wins, as it does in JSON readers.
struct FormationRecord {
    /// A field's value as it lies in the input.
    enum Field {
        case absent
        case null
        case string(JSONScanner.RawString)
        case number(Double, integer: Int64?)
        /// The category's object, whose members are in `categoryFields`.
        case object
        /// `true`, `false`, an array, or an object where none is read.
        case other
    }

    /// The members of a category object (story 2.7).
    struct CategoryFields {
        var id = Field.absent, name = Field.absent, slug = Field.absent, color = Field.absent, icon = Field.absent
    }

    var id = Field.absent, title = Field.absent, description = Field.absent, duration = Field.absent
    var level = Field.absent, price = Field.absent, nextSession = Field.absent, category = Field.absent
    /// The members of the last `category` object.
    var categoryFields = CategoryFields()

    /// Reads the object that starts here, accepting and refusing exactly what
    /// `JSONScanner.value()` does, and failing at the same byte.
    static func read(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> FormationRecord {
        var record = FormationRecord()
        try scanner.forEachRawMember { key, scanner throws(JSONScanner.Failure) in
            switch RecordKey(key) {
            case .id: record.id = try field(&scanner, depth: 1)
            case .title: record.title = try field(&scanner, depth: 1)
            case .description: record.description = try field(&scanner, depth: 1)
            case .duration: record.duration = try field(&scanner, depth: 1)
            case .level: record.level = try field(&scanner, depth: 1)
            case .price: record.price = try field(&scanner, depth: 1)
            case .nextSession: record.nextSession = try field(&scanner, depth: 1)
            case .category:
                guard try scanner.peek() == 0x7B else {
                    record.category = try field(&scanner, depth: 1)
                    return
                }
                var members = CategoryFields()
                try scanner.forEachRawMember { key, scanner throws(JSONScanner.Failure) in
                    switch CategoryMember(key) {
                    case .id: members.id = try field(&scanner, depth: 2)
                    case .name: members.name = try field(&scanner, depth: 2)
                    case .slug: members.slug = try field(&scanner, depth: 2)
                    case .color: members.color = try field(&scanner, depth: 2)
                    case .icon: members.icon = try field(&scanner, depth: 2)
                    case nil: try scanner.skipValue(depth: 2)
                    }
                }
                record.category = .object
                record.categoryFields = members
            case nil:
                try scanner.skipValue(depth: 1)
            }
        }
        return record
    }

    /// The value that starts here, at `depth` inside the record.
    private static func field(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Failure) -> Field {
        switch try scanner.peek() {
        case 0x22: return .string(try scanner.rawString())
        case 0x2D, 0x30...0x39:
            let (value, integer) = try scanner.numberParts()
            return .number(value, integer: integer)
        case 0x6E: try scanner.literal("null"); return .null
        case 0x74: try scanner.literal("true"); return .other
        case 0x66: try scanner.literal("false"); return .other
        default:
            // An array or an object (checked, not built), or what is not JSON (skipValue fails).
            try scanner.skipValue(depth: depth)
            return .other
        }
    }

    private enum RecordKey {
        case id, title, description, duration, level, price, nextSession, category

        init?(_ key: JSONScanner.RawString) {
            switch key {
            case .bytes(let b):
                switch b.count {
                case 2 where b.holds("id"): self = .id
                case 5 where b.holds("title"): self = .title
                case 5 where b.holds("level"): self = .level
                case 5 where b.holds("price"): self = .price
                case 8 where b.holds("duration"): self = .duration
                case 8 where b.holds("category"): self = .category
                case 11 where b.holds("description"): self = .description
                case 12 where b.holds("next_session"): self = .nextSession
                default: return nil
                }
            case .decoded(let s):
                switch s {
                case "id": self = .id
                case "title": self = .title
                case "level": self = .level
                case "price": self = .price
                case "duration": self = .duration
                case "category": self = .category
                case "description": self = .description
                case "next_session": self = .nextSession
                default: return nil
                }
            }
        }
    }

    private enum CategoryMember {
        case id, name, slug, color, icon

        init?(_ key: JSONScanner.RawString) {
            switch key {
            case .bytes(let b):
                switch b.count {
                case 2 where b.holds("id"): self = .id
                case 4 where b.holds("name"): self = .name
                case 4 where b.holds("slug"): self = .slug
                case 4 where b.holds("icon"): self = .icon
                case 5 where b.holds("color"): self = .color
                default: return nil
                }
            case .decoded(let s):
                switch s {
                case "id": self = .id
                case "name": self = .name
                case "slug": self = .slug
                case "icon": self = .icon
                case "color": self = .color
                default: return nil
                }
            }
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether these bytes are `word` (the caller has checked the length).
    @inline(__always)
    fileprivate func holds(_ word: StaticString) -> Bool {
        memcmp(baseAddress!, word.utf8Start, word.utf8CodeUnitCount) == 0
    }
}

extension FormationRecord {
    /// The highest accepted price as a Double, for prices written as JSON numbers.
    private static let maximumPriceValue = NSDecimalNumber(decimal: CatalogueDecoder.maximumPrice).doubleValue

    /// The formation this record describes, or why it is set aside, named by its title when it
    /// has a readable one. Warnings about what was kept (a field cut short, an unreadable date) go
    /// to `warnings`, in the order of the fields.
    func formation(position: Int, warnings: inout [CatalogueWarning]) -> Result<Formation, CatalogueWarning> {
        let result = unnamedFormation(position: position, warnings: &warnings)
        guard case .failure(let warning) = result, case .string(let raw) = title else { return result }
        let name = Self.cleanField(raw).0
        return .failure(name.isEmpty ? warning : .named(title: name, warning))
    }

    private func unnamedFormation(position: Int, warnings: inout [CatalogueWarning]) -> Result<Formation, CatalogueWarning> {
        func field(_ raw: JSONScanner.RawString, _ name: String) -> String {
            let (clean, length) = Self.cleanField(raw)
            if let length { warnings.append(.fieldTruncated(position: position, field: name, length: length)) }
            return clean
        }
        func text(_ value: Field, _ name: String, required: Bool = true) -> Result<String?, CatalogueWarning> {
            switch value {
            case .absent, .null: return required ? .failure(.missingField(position: position, field: name)) : .success(nil)
            case .string(let raw):
                let clean = field(raw, name)
                if required && clean.isEmpty { return .failure(.missingField(position: position, field: name)) }
                return .success(clean)
            case .number(let d, let i): return .success(i.map(String.init) ?? String(d))
            case .object, .other: return .failure(.invalidField(position: position, field: name))
            }
        }
        let id: Int
        switch self.id {
        case .absent, .null: return .failure(.missingField(position: position, field: "id"))
        case .number(_, let i?) where i >= Int64(Int.min) && i <= Int64(Int.max): id = Int(i)
        case .string(let raw):
            guard let i = Int(PriceText.trimmedWhitespace(Self.text(raw))) else {
                return .failure(.invalidField(position: position, field: "id"))
            }
            id = i
        default: return .failure(.invalidField(position: position, field: "id"))
        }
        let title, duration, level: String
        let description: String
        switch (text(self.title, "title"), text(self.duration, "duration"), text(self.level, "level"),
                text(self.description, "description", required: false)) {
        case (.failure(let w), _, _, _), (_, .failure(let w), _, _), (_, _, .failure(let w), _), (_, _, _, .failure(let w)):
            return .failure(w)
        case (.success(let t?), .success(let d?), .success(let l?), .success(let desc)):
            title = t; duration = d; level = l; description = desc ?? ""
        default:
            return .failure(.missingField(position: position, field: "title"))
        }
        let price: Decimal
        switch self.price {
        case .absent, .null: return .failure(.missingField(position: position, field: "price"))
        case .number(let d, let i):
            guard d.isFinite else { return .failure(.invalidField(position: position, field: "price")) }
            guard d >= 0, d <= Self.maximumPriceValue else { return .failure(.priceOutOfRange(position: position, price: String(d))) }
            price = i.map { Decimal($0) } ?? Decimal(string: String(d)) ?? Decimal(d)
        case .string(let raw):
            // Laravel serialises decimal columns as strings ("990.00"); a French "990,00" is accepted too.
            guard let parsed = PriceText.parse(raw) else { return .failure(.invalidField(position: position, field: "price")) }
            guard !parsed.isNaN, parsed >= 0, parsed <= CatalogueDecoder.maximumPrice else {
                return .failure(.priceOutOfRange(position: position, price: String(PriceText.trimmed(Self.text(raw)).prefix(24))))
            }
            price = parsed
        case .object, .other: return .failure(.invalidField(position: position, field: "price"))
        }
        var nextSession: Date?
        switch self.nextSession {
        case .absent, .null: nextSession = nil
        case .string(let raw):
            nextSession = Self.date(raw)
            if nextSession == nil { warnings.append(.unreadableDate(position: position)) }
        default: warnings.append(.unreadableDate(position: position))
        }
        var category: FormationCategory?
        switch self.category {
        case .absent, .null: category = nil
        case .string(let raw):
            let name = field(raw, "category")
            category = name.isEmpty ? nil : FormationCategory(name: name)
        case .object:
            let c = categoryFields
            // A name that cleans to nothing is no name; the cut (and its warning) applies only
            // to a name kept.
            guard case .string(let rawName) = c.name else { return .failure(.invalidField(position: position, field: "category")) }
            let (name, length) = Self.cleanField(rawName)
            guard !name.isEmpty else { return .failure(.invalidField(position: position, field: "category")) }
            if let length { warnings.append(.fieldTruncated(position: position, field: "category", length: length)) }
            var categoryId: Int?
            if case .number(_, let i?) = c.id, let v = Int(exactly: i) { categoryId = v }
            func optional(_ value: Field, _ name: String) -> String? {
                if case .string(let raw) = value { let v = field(raw, name); return v.isEmpty ? nil : v }
                return nil
            }
            category = FormationCategory(id: categoryId, name: name, slug: optional(c.slug, "category.slug"),
                                         color: optional(c.color, "category.color"), icon: optional(c.icon, "category.icon"))
        case .number, .other: return .failure(.invalidField(position: position, field: "category"))
        }
        return .success(Formation(id: id, title: title, description: description, duration: duration,
                                  level: level, price: price, nextSession: nextSession, category: category))
    }

    /// The string as it was sent.
    private static func text(_ raw: JSONScanner.RawString) -> String {
        switch raw {
        case .bytes(let b): String(decoding: b, as: UTF8.self)
        case .decoded(let s): s
        }
    }

    /// `TextSanitizer.cleanField`, skipped for text it would give back unchanged (nearly all).
    private static func cleanField(_ raw: JSONScanner.RawString) -> (text: String, truncatedFrom: Int?) {
        if case .bytes(let all) = raw {
            let b = UTF8Bytes.withoutEndSpaces(all)
            if UTF8Bytes.isAlreadyClean(b) { return (String(decoding: b, as: UTF8.self), nil) }
        }
        return TextSanitizer.cleanField(text(raw))
    }

    /// `ISODate.parse` of the text trimmed of spaces, read in place when there is nothing to trim.
    private static func date(_ raw: JSONScanner.RawString) -> Date? {
        if case .bytes(let b) = raw, let first = b.first, let last = b.last,
           !mayBeTrimmed(first), !mayBeTrimmed(last) {
            return ISODate.parse(utf8: b)
        }
        return ISODate.parse(PriceText.trimmedWhitespace(text(raw)))
    }

    /// True unless the byte is an ASCII character that is not Unicode white space: a byte that
    /// is white space, or part of a character that may be, takes the general path.
    private static func mayBeTrimmed(_ b: UInt8) -> Bool {
        b >= 0x80 || b == 0x20 || (0x09...0x0D).contains(b)
    }
}
