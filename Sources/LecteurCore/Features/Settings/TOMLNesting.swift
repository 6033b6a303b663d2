// SPDX-License-Identifier: GPL-3.0-or-later
/// How deep a TOML text can nest, read before any parser builds it: a key, a table header and an
/// inline table each sit on one line in TOML, so bounding each line's levels bounds the depth of
/// the document (a dotted key 40 000 levels deep crashed the reader by recursion when flattened).
public enum TOMLNesting {
    /// The first line (from 1) with more than `limit` levels: dots between key parts (not in a
    /// string, a comment or a number) and inline-table braces; nil when there is none.
    public static func firstLine(over limit: Int, in text: String) -> Int? {
        enum State { case plain, basic, literal, multiBasic, multiLiteral, comment }
        var state = State.plain
        let bytes = Array(text.utf8)
        var line = 1, levels = 0, i = 0
        func isDigit(_ j: Int) -> Bool { j >= 0 && j < bytes.count && (48...57).contains(bytes[j]) }
        // An escape takes the next byte, unless it is a line break (the line is still counted).
        func skipEscaped() { if i + 1 < bytes.count && bytes[i + 1] != 10 { i += 1 } }
        func triple(_ q: UInt8) -> Bool { i + 2 < bytes.count && bytes[i + 1] == q && bytes[i + 2] == q }
        while i < bytes.count {
            let b = bytes[i]
            if b == 10 {
                if levels > limit { return line }
                line += 1
                levels = 0
                if state != .multiBasic && state != .multiLiteral { state = .plain }
                i += 1
                continue
            }
            switch state {
            case .plain:
                switch b {
                case UInt8(ascii: "#"): state = .comment
                case UInt8(ascii: "\""):
                    if triple(b) { state = .multiBasic; i += 2 } else { state = .basic }
                case UInt8(ascii: "'"):
                    if triple(b) { state = .multiLiteral; i += 2 } else { state = .literal }
                case UInt8(ascii: "."): if !(isDigit(i - 1) && isDigit(i + 1)) { levels += 1 }
                case UInt8(ascii: "{"): levels += 1
                default: break
                }
            case .basic:
                if b == UInt8(ascii: "\\") { skipEscaped() } else if b == UInt8(ascii: "\"") { state = .plain }
            case .literal:
                if b == UInt8(ascii: "'") { state = .plain }
            case .multiBasic:
                if b == UInt8(ascii: "\\") { skipEscaped() } else if b == UInt8(ascii: "\""), triple(b) { state = .plain; i += 2 }
            case .multiLiteral:
                if b == UInt8(ascii: "'"), triple(b) { state = .plain; i += 2 }
            case .comment: break
            }
            i += 1
        }
        return levels > limit ? line : nil
    }

}
