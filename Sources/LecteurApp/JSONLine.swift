// SPDX-License-Identifier: GPL-3.0-or-later
/// A JSON object written key by key, so every transcript line starts with its "type" and keeps
/// a fixed key order that people can read and tests can compare.
struct JSONLine {
    private var body = ""

    init(type: String) { add("type", type) }

    /// An object without a type, to nest in a line.
    init() {}

    mutating func add(_ key: String, _ objects: [JSONLine]) {
        append(key, "[" + objects.map(\.text).joined(separator: ",") + "]")
    }

    mutating func add(_ key: String, _ value: String?) {
        append(key, value.map { Self.quote($0) } ?? "null")
    }

    mutating func add(_ key: String, _ value: Int?) { append(key, value.map(String.init) ?? "null") }

    mutating func add(_ key: String, _ value: Double?) {
        append(key, value.map { $0.isFinite ? String(format: "%.3f", $0) : "null" } ?? "null")
    }

    mutating func add(_ key: String, _ values: [Int]) {
        append(key, "[" + values.map(String.init).joined(separator: ",") + "]")
    }

    mutating func add(_ key: String, _ value: Bool?) { append(key, value.map { $0 ? "true" : "false" } ?? "null") }

    private mutating func append(_ key: String, _ raw: String) {
        body += (body.isEmpty ? "" : ",") + Self.quote(key) + ":" + raw
    }

    var text: String { "{" + body + "}" }

    static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

import Foundation
