// SPDX-License-Identifier: GPL-3.0-or-later
// fuzz-build: Sources/LecteurBraille/BrlAPIProbe.swift Sources/LecteurBraille/BraillePanning.swift Sources/LecteurBraille/BrailleCells.swift
import Foundation
import LecteurCore

/// Fuzz target `brlapi`: what the reader itself takes from a BrlAPI server's bytes (libbrlapi
/// parses the protocol; we parse the probe's first header, then trust nothing of the display
/// size and the routing keys it reports). Input: 8 bytes of header, then columns and rows as
/// the protocol's big-endian 32-bit values, a routing key argument (16 bits, as BrlAPI masks
/// it), then the line's dots. Nothing may crash or overflow; an accepted size stays within the
/// documented bounds, and every window and routed cell stays inside the line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBrlAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard bytes.count >= 18 else { return 0 }
    let header = Array(bytes[0..<8])
    let outcome = BrlAPIProbe.classify(header: header)
    let type = header[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    let length = header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    Fuzz.check((outcome == .answered) == (type == UInt32(UInt8(ascii: "v")) && length <= 1024), "probe: \(header) gave \(outcome)")

    let columns = bytes[8..<12].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    let rows = bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard BrailleDisplayLimits.accepts(columns: columns, rows: rows) else {
        Fuzz.check(columns == 0 || rows == 0 || columns > UInt32(BrailleDisplayLimits.maximumColumns)
                   || rows > UInt32(BrailleDisplayLimits.maximumRows), "refused a real size \(columns) × \(rows)")
        return 0
    }
    let width = Int(columns) * Int(rows)
    Fuzz.check(width >= 1 && width <= BrailleDisplayLimits.maximumColumns * BrailleDisplayLimits.maximumRows, "width \(width)")

    let routed = Int(bytes[16]) << 8 | Int(bytes[17])
    let dots = Array(bytes[18...])
    let cells = BrailleCells(dots: dots, sourceCharacter: Array(dots.indices), cellForCharacter: Array(dots.indices))
    var panning = BraillePanning(cells: cells, width: width)
    var windows = 0
    repeat {
        let window = panning.window
        Fuzz.check(window.lowerBound >= 0 && window.upperBound <= max(dots.count, 0) && window.count <= width,
                   "window \(window) of \(dots.count) cells on \(width)")
        if let cell = panning.lineCell(forDisplayCell: routed) {
            Fuzz.check(window.contains(cell), "routing key \(routed) gave cell \(cell) outside \(window)")
        }
        windows += 1
        Fuzz.check(windows <= dots.count + 1, "panning does not end")
    } while panning.forward() == .moved
    return 0
}
