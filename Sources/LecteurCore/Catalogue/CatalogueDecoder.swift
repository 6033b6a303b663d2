import Foundation

/// Where a JSON text stopped making sense.
public enum JSONErrorLocation: Hashable, Sendable {
    case lineColumn(line: Int, column: Int)
    case endOfText
}

/// Why a catalogue could not be loaded at all.
public enum CatalogueLoadError: Error, Hashable, Sendable {
    case malformedJSON(JSONErrorLocation?)
    case notAList
    case unreadable(path: String)
}

/// A record the decoder set aside; the rest of the catalogue still loads.
public enum CatalogueWarning: Error, Hashable, Sendable {
    case recordNotObject(position: Int)
    case missingField(position: Int, field: String)
    case invalidField(position: Int, field: String)
    case unreadableDate(position: Int)
    case duplicateId(position: Int, id: Int)
    /// A text field longer than `TextSanitizer.fieldLimit` characters, kept cut short.
    case fieldTruncated(position: Int, field: String, length: Int)
}

public struct DecodedCatalogue: Sendable {
    public let catalogue: Catalogue
    public let warnings: [CatalogueWarning]
}

/// Reads the formations API's JSON (story 2.1, with the category object of story 2.7): a list,
/// or a Laravel resource envelope `{"data": [...]}`.
public enum CatalogueDecoder {
    public static func decode(_ data: Data) throws(CatalogueLoadError) -> DecodedCatalogue {
        let root: JSONValue
        do {
            root = JSONValue(any: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        } catch {
            throw .malformedJSON(location(of: error, in: data))
        }
        let records: [JSONValue]
        switch root {
        case .array(let items): records = items
        case .object(let fields):
            guard case .array(let items)? = fields["data"] else { throw .notAList }
            records = items
        default: throw .notAList
        }
        var formations: [Formation] = []
        formations.reserveCapacity(records.count)
        var warnings: [CatalogueWarning] = []
        var seenIds = Set<Int>()
        for (offset, record) in records.enumerated() {
            let position = offset + 1
            switch formation(from: record, position: position, warnings: &warnings) {
            case .success(let formation):
                if seenIds.insert(formation.id).inserted {
                    formations.append(formation)
                } else {
                    warnings.append(.duplicateId(position: position, id: formation.id))
                }
            case .failure(let warning):
                warnings.append(warning)
            }
        }
        return DecodedCatalogue(catalogue: Catalogue(formations: formations), warnings: warnings)
    }

    private static func formation(from record: JSONValue, position: Int,
                                  warnings: inout [CatalogueWarning]) -> Result<Formation, CatalogueWarning> {
        guard case .object(let f) = record else { return .failure(.recordNotObject(position: position)) }
        func field(_ raw: String, _ name: String) -> String {
            let (clean, length) = TextSanitizer.cleanField(raw)
            if let length { warnings.append(.fieldTruncated(position: position, field: name, length: length)) }
            return clean
        }
        func text(_ name: String, required: Bool = true) -> Result<String?, CatalogueWarning> {
            switch f[name] {
            case nil, .null?: return required ? .failure(.missingField(position: position, field: name)) : .success(nil)
            case .string(let s)?:
                let clean = field(s, name)
                if required && clean.isEmpty { return .failure(.missingField(position: position, field: name)) }
                return .success(clean)
            case .number(let d, let i)?: return .success(i.map(String.init) ?? String(d))
            default: return .failure(.invalidField(position: position, field: name))
            }
        }
        let id: Int
        switch f["id"] {
        case nil, .null?: return .failure(.missingField(position: position, field: "id"))
        case .number(_, let i?)? where i >= Int64(Int.min) && i <= Int64(Int.max): id = Int(i)
        case .string(let s)?:
            guard let i = Int(s.trimmingCharacters(in: .whitespaces)) else {
                return .failure(.invalidField(position: position, field: "id"))
            }
            id = i
        default: return .failure(.invalidField(position: position, field: "id"))
        }
        let title, duration, level: String
        let description: String
        switch (text("title"), text("duration"), text("level"), text("description", required: false)) {
        case (.failure(let w), _, _, _), (_, .failure(let w), _, _), (_, _, .failure(let w), _), (_, _, _, .failure(let w)):
            return .failure(w)
        case (.success(let t?), .success(let d?), .success(let l?), .success(let desc)):
            title = t; duration = d; level = l; description = desc ?? ""
        default:
            return .failure(.missingField(position: position, field: "title"))
        }
        let price: Decimal
        switch f["price"] {
        case nil, .null?: return .failure(.missingField(position: position, field: "price"))
        case .number(let d, let i)?:
            guard d.isFinite, d >= 0 else { return .failure(.invalidField(position: position, field: "price")) }
            price = i.map { Decimal($0) } ?? Decimal(string: String(d)) ?? Decimal(d)
        case .string(let s)?:
            // Laravel serialises decimal columns as strings ("990.00"); a French "990,00" is accepted too.
            let normalised = s.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
            guard normalised.range(of: #"^[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil,
                  let d = Decimal(string: normalised, locale: Locale(identifier: "en_US_POSIX"))
            else { return .failure(.invalidField(position: position, field: "price")) }
            price = d
        default: return .failure(.invalidField(position: position, field: "price"))
        }
        var nextSession: Date?
        switch f["next_session"] {
        case nil, .null?: nextSession = nil
        case .string(let s)?:
            nextSession = ISODate.parse(s.trimmingCharacters(in: .whitespaces))
            if nextSession == nil { warnings.append(.unreadableDate(position: position)) }
        default: warnings.append(.unreadableDate(position: position))
        }
        var category: FormationCategory?
        switch f["category"] {
        case nil, .null?: category = nil
        case .string(let s)?:
            let name = field(s, "category")
            category = name.isEmpty ? nil : FormationCategory(name: name)
        case .object(let c)?:
            guard case .string(let rawName)? = c["name"], !TextSanitizer.clean(rawName).isEmpty else {
                return .failure(.invalidField(position: position, field: "category"))
            }
            let name = field(rawName, "category")
            var categoryId: Int?
            if case .number(_, let i?)? = c["id"], let v = Int(exactly: i) { categoryId = v }
            func optional(_ k: String) -> String? {
                if case .string(let s)? = c[k] { let v = field(s, "category." + k); return v.isEmpty ? nil : v }
                return nil
            }
            category = FormationCategory(id: categoryId, name: name,
                                         slug: optional("slug"), color: optional("color"), icon: optional("icon"))
        default: return .failure(.invalidField(position: position, field: "category"))
        }
        return .success(Formation(id: id, title: title, description: description, duration: duration,
                                  level: level, price: price, nextSession: nextSession, category: category))
    }

    /// Foundation says where JSON broke only in an English sentence with a byte offset;
    /// turn that into a line and column the French message can give.
    static func location(of error: Error, in data: Data) -> JSONErrorLocation? {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        if text.localizedCaseInsensitiveContains("end of file") || text.localizedCaseInsensitiveContains("unexpected end") {
            return .endOfText
        }
        guard let range = text.range(of: #"character [0-9]+"#, options: .regularExpression),
              let offset = Int(text[range].dropFirst("character ".count)) else { return nil }
        return lineColumn(of: offset, in: data)
    }

    static func lineColumn(of offset: Int, in data: Data) -> JSONErrorLocation {
        var line = 1, column = 1
        var index = 0
        for byte in data {
            if index >= offset { break }
            index += 1
            if byte == 0x0A { line += 1; column = 1 }
            else if byte & 0xC0 != 0x80 { column += 1 } // count characters, not UTF-8 continuation bytes
        }
        if index < offset { return .endOfText }
        return .lineColumn(line: line, column: column)
    }
}
