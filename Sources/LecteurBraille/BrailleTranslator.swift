// SPDX-License-Identifier: GPL-3.0-or-later
import CLouis
import Foundation
import LecteurCore
import Synchronization

/// Text to braille cells through liblouis: normalised first (see `BrailleTextNormalizer`), then
/// translated with the table's rules, output as dots.
///
/// liblouis keeps its compiled tables in process-wide state and is not thread-safe, so every call
/// is made inside one `Mutex`. A first call per table compiles it (a few ms); later ones take µs.
public struct BrailleTranslator: Sendable {
    public let table: BrailleTable

    /// Fails if liblouis cannot load the table, so a wrong setup is reported once, up front.
    public init(table: BrailleTable = .default) throws {
        self.table = table
        try Liblouis.check(table.liblouisTable)
    }

    public func translate(_ text: String) throws -> BrailleCells {
        let characters = Array(text)
        // Character offset of every scalar, to map liblouis positions back to what the caller counts.
        var characterOfScalar: [Int] = []
        var firstScalarOfCharacter: [Int] = []
        for (c, character) in characters.enumerated() {
            firstScalarOfCharacter.append(characterOfScalar.count)
            for _ in character.unicodeScalars { characterOfScalar.append(c) }
        }
        let normalized = BrailleTextNormalizer.normalize(text)
        guard !normalized.scalars.isEmpty else {
            return BrailleCells(dots: [], sourceCharacter: [], cellForCharacter: Array(repeating: 0, count: characters.count))
        }
        let result = try Liblouis.translate(normalized.scalars.map { widechar($0.value) }, table: table.liblouisTable)
        var dots: [UInt8] = []
        var sourceCharacter: [Int] = []
        dots.reserveCapacity(result.cells.count)
        for (cell, value) in result.cells.enumerated() {
            dots.append(UInt8(truncatingIfNeeded: value & 0xFF))
            let normalizedIndex = min(max(Int(result.inputPos[cell]), 0), normalized.scalars.count - 1)
            sourceCharacter.append(characterOfScalar[normalized.sourceIndex[normalizedIndex]])
        }
        // liblouis gives -1 for input that makes no cell (a word joiner, say): such a character is
        // routed to the cell of the next character that has one, as a caret would sit there.
        var firstCell = [Int](repeating: dots.count, count: normalized.scalars.count + 1)
        for index in stride(from: normalized.scalars.count - 1, through: 0, by: -1) {
            let position = index < result.outputPos.count ? Int(result.outputPos[index]) : -1
            firstCell[index] = position >= 0 ? min(position, dots.count) : firstCell[index + 1]
        }
        let outputOfSource = normalized.outputIndexOfEverySource
        let cellForCharacter = firstScalarOfCharacter.map { firstCell[outputOfSource[$0]] }
        return BrailleCells(dots: dots, sourceCharacter: sourceCharacter, cellForCharacter: cellForCharacter)
    }
}

extension BrailleTranslator {
    /// Cells typed on a braille keyboard back to text with the table's rules (a whole word in
    /// contracted braille); nil when liblouis cannot.
    public func backTranslate(_ dots: [UInt8]) -> String? {
        guard !dots.isEmpty else { return "" }
        // dotsIO: each input widechar is a cell, 0x8000 marking it as dots (liblouis' LOU_DOTS).
        guard let text = try? Liblouis.backTranslate(dots.map { widechar(0x8000 | UInt32($0)) }, table: table.liblouisTable)
        else { return nil }
        return String(String.UnicodeScalarView(text.compactMap { Unicode.Scalar(UInt32($0)) }))
    }
}

/// The few liblouis calls the reader makes, serialised.
enum Liblouis {
    /// Held for every liblouis call; its value says whether the log callback is registered.
    private static let library = Mutex(false)
    /// liblouis' last log message, written by its callback (which runs inside a call, with
    /// `library` held: hence a lock of its own).
    private static let lastLog = Mutex("")

    struct Output {
        var cells: [widechar]
        var inputPos: [Int32]
        var outputPos: [Int32]
    }

    /// Runs `body` with the library to itself. liblouis logs table errors on stderr by default;
    /// the first call registers a callback that keeps them for the error instead.
    private static func serialised<R>(_ body: () throws -> R) throws -> R {
        try library.withLock { (configured: inout Bool) throws -> R in
            if !configured {
                configured = true
                lou_registerLogCallback { _, message in
                    if let message { Liblouis.lastLog.withLock { $0 = String(cString: message) } }
                }
                lou_setLogLevel(LOU_LOG_ERROR)
            }
            return try body()
        }
    }

    static func check(_ file: String) throws {
        try serialised {
            lastLog.withLock { $0 = "" }
            if lou_getTable(file) == nil {
                throw BrailleTranslationError.tableUnavailable(file: file, detail: lastLog.withLock { $0 })
            }
        }
    }

    static func backTranslate(_ input: [widechar], table: String) throws -> [widechar] {
        try serialised { try growing(input.count, from: input.count * 4 + 16, upTo: input.count * 32 + 64) { capacity in
            var inlen = Int32(input.count)
            var outlen = Int32(capacity)
            var out = [widechar](repeating: 0, count: capacity)
            let ok = lou_backTranslateString(table, input, &inlen, &out, &outlen, nil, nil, Int32(dotsIO.rawValue))
            guard ok != 0 else { throw BrailleTranslationError.translationFailed(file: table) }
            return (inlen, outlen, Array(out[..<Int(outlen)]))
        } }
    }

    /// liblouis stops early when its output is full: the call is made again with twice the
    /// room, up to `limit`. Only a full output means "no room" (it also stops early at a NUL).
    private static func growing<R>(_ inputCount: Int, from start: Int, upTo limit: Int,
                                   _ attempt: (Int) throws -> (consumed: Int32, produced: Int32, result: R)) throws -> R {
        var capacity = start
        while true {
            let (consumed, produced, result) = try attempt(capacity)
            if Int(consumed) < inputCount && Int(produced) >= capacity && capacity < limit {
                capacity *= 2
                continue
            }
            return result
        }
    }

    static func translate(_ input: [widechar], table: String) throws -> Output {
        // Contracted braille can be longer than its input (indicators).
        try serialised { try growing(input.count, from: input.count * 2 + 16, upTo: input.count * 16 + 64) { capacity in
            var inlen = Int32(input.count)
            var outlen = Int32(capacity)
            var out = [widechar](repeating: 0, count: capacity)
            var inputPos = [Int32](repeating: 0, count: capacity)
            var outputPos = [Int32](repeating: 0, count: input.count)
            let mode = Int32(dotsIO.rawValue | ucBrl.rawValue)
            let ok = lou_translate(table, input, &inlen, &out, &outlen, nil, nil, &outputPos, &inputPos, nil, mode)
            guard ok != 0 else { throw BrailleTranslationError.translationFailed(file: table) }
            let count = Int(outlen)
            return (inlen, outlen, Output(cells: Array(out[..<count]), inputPos: Array(inputPos[..<count]), outputPos: outputPos))
        } }
    }
}
