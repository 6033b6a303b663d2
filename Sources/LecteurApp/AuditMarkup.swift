/// Escaping for the formats written by hand (JSON, XML, HTML): the reports of a 100 000-formation
/// catalogue hold a million elements, and writing them directly is several times faster than
/// building a tree for an encoder, with an output that never depends on dictionary order.
enum AuditMarkup {
    /// A JSON string literal, quotes included.
    static func json(_ text: String, into out: inout String) {
        out += "\""
        var plainStart = text.unicodeScalars.startIndex
        var i = plainStart
        let scalars = text.unicodeScalars
        while i < scalars.endIndex {
            let s = scalars[i]
            let escape: String? = switch s {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: s.value < 0x20 || s.value == 0x2028 || s.value == 0x2029
                ? "\\u" + String(repeating: "0", count: 4 - String(s.value, radix: 16).count) + String(s.value, radix: 16)
                : nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[plainStart..<i])
                out += escape
                plainStart = scalars.index(after: i)
            }
            i = scalars.index(after: i)
        }
        out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        out += "\""
    }

    static func json(_ text: String) -> String {
        var out = ""
        json(text, into: &out)
        return out
    }

    /// Text for XML or HTML content and attribute values (both quotes escaped). Characters XML 1.0
    /// forbids (C0 controls) are dropped; the sanitiser already removes them from catalogue text.
    static func xml(_ text: String, into out: inout String) {
        for s in text.unicodeScalars {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if s.value < 0x20 && s != "\n" && s != "\t" && s != "\r" { continue }
                out.unicodeScalars.append(s)
            }
        }
    }

    static func xml(_ text: String) -> String {
        var out = ""
        xml(text, into: &out)
        return out
    }
}
