/// A parsed JSON value, so the catalogue decoder can look at each record field by field and
/// skip a bad one instead of failing the whole list. Built by `JSONScanner`, one record at a time.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// `integer` is set when the number is a whole number that fits in 64 bits exactly.
    case number(Double, integer: Int64?)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}
