/// Escaping for the formats written by hand (JSON, XML, HTML): the reports of a 100 000-formation
/// catalogue hold a million elements, and writing them directly is several times faster than
/// building a tree for an encoder, with an output that never depends on dictionary order.
/// Unescaped runs are appended as substrings: appending through `out.unicodeScalars` would copy
/// the whole report on every call.
enum AuditMarkup {
    /// A JSON string literal, quotes included.
    static func json(_ text: String, into out: inout String) {
        out += "\""
        escape(text, into: &out) { s in
            switch s {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default:
                s.value < 0x20 || s.value == 0x2028 || s.value == 0x2029
                    ? "\\u" + String(repeating: "0", count: 4 - String(s.value, radix: 16).count) + String(s.value, radix: 16)
                    : nil
            }
        }
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
        escape(text, into: &out) { s in
            switch s {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\n", "\t", "\r": nil
            default: s.value < 0x20 ? "" : nil
            }
        }
    }

    static func xml(_ text: String) -> String {
        var out = ""
        xml(text, into: &out)
        return out
    }

    /// Copies `text`, replacing each scalar for which `replacement` answers a string.
    private static func escape(_ text: String, into out: inout String, _ replacement: (Unicode.Scalar) -> String?) {
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var i = runStart
        while i < scalars.endIndex {
            if let replaced = replacement(scalars[i]) {
                if runStart < i { out += Substring(scalars[runStart..<i]) }
                out += replaced
                runStart = scalars.index(after: i)
            }
            i = scalars.index(after: i)
        }
        if runStart == scalars.startIndex { out += text } else if runStart < scalars.endIndex {
            out += Substring(scalars[runStart..<scalars.endIndex])
        }
    }
}
