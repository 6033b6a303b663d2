/// A braille table seen from the audit: the cells for a line of text and the characters it
/// cannot show. The built-in one is data generated from liblouis (`fr-bfu-comp8.utb`, one cell
/// per character); a liblouis-backed adapter can conform later and take its place.
public protocol BrailleCellTable: Sendable {
    /// The table's name, as liblouis or brltty calls it.
    var name: String { get }
    /// Unicode braille (U+2800…U+28FF) for the text; a character the table lacks becomes a
    /// blank cell, as liblouis does.
    func cells(for text: String) -> String
    /// Whether the table has a cell for this character.
    func covers(_ scalar: Unicode.Scalar) -> Bool
}

import Foundation

/// A one-to-one computer braille table held as a dictionary.
public struct DictionaryBrailleTable: BrailleCellTable {
    public let name: String
    private let cellsByScalar: [Unicode.Scalar: String]

    public init(name: String, cells: [String: String]) {
        self.name = name
        var table: [Unicode.Scalar: String] = [:]
        for (key, value) in cells {
            let scalars = key.unicodeScalars
            if scalars.count == 1, let s = scalars.first { table[s] = value }
        }
        cellsByScalar = table
    }

    private struct File: Decodable {
        let table: String
        let cells: [String: String]
    }

    /// Reads the JSON written by scripts/gen-audit-braille-table.py: `{"table": …, "cells": {char: cells}}`.
    public init(jsonData: Data) throws {
        let file = try JSONDecoder().decode(File.self, from: jsonData)
        self.init(name: file.table, cells: file.cells)
    }

    public func cells(for text: String) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if let cell = cellsByScalar[s] { out.append(contentsOf: cell.unicodeScalars) } else { out.append("\u{2800}") }
        }
        return String(out)
    }

    public func covers(_ scalar: Unicode.Scalar) -> Bool { cellsByScalar[scalar] != nil }

    public var count: Int { cellsByScalar.count }
}
