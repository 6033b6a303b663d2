// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

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

/// A computer braille table held as data: one cell per character for almost all of them (a few
/// phonetic signs take two). Characters of the Basic Multilingual Plane are looked up in a flat
/// array, since the cells of a million braille lines are computed for a large report.
public struct DictionaryBrailleTable: BrailleCellTable {
    public let name: String
    /// Cell for each BMP scalar with a single cell; 0 when none (or when it takes several cells).
    private let single: [UInt32]
    private let multiple: [Unicode.Scalar: String]
    public let count: Int

    public init(name: String, cells: [String: String]) {
        self.name = name
        var single = [UInt32](repeating: 0, count: 0x10000)
        var multiple: [Unicode.Scalar: String] = [:]
        var count = 0
        for (key, value) in cells {
            let scalars = key.unicodeScalars
            guard scalars.count == 1, let s = scalars.first else { continue }
            count += 1
            let cellScalars = Array(value.unicodeScalars)
            // `single` holds cells written with three UTF-8 bytes (the braille block is).
            if s.value < 0x10000, cellScalars.count == 1, (0x800..<0x10000).contains(cellScalars[0].value) {
                single[Int(s.value)] = cellScalars[0].value
            } else {
                multiple[s] = value
            }
        }
        self.single = single
        self.multiple = multiple
        self.count = count
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
        // Written as UTF-8 bytes (every cell is three bytes, E2 A0…A3 xx): a large report
        // computes the cells of a million lines.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for s in text.unicodeScalars {
            if s.value < 0x10000, case let cell = single[Int(s.value)], cell != 0 {
                bytes.append(0xE0 | UInt8(cell >> 12))
                bytes.append(0x80 | UInt8((cell >> 6) & 0x3F))
                bytes.append(0x80 | UInt8(cell & 0x3F))
            } else if let cells = multiple[s] {
                bytes.append(contentsOf: cells.utf8)
            } else {
                bytes.append(contentsOf: [0xE2, 0xA0, 0x80])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x10000 && single[Int(scalar.value)] != 0) || multiple[scalar] != nil
    }
}
