// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurAudit
import Testing

/// The JSON report writes its pass lists from one-line records read back from the spool: a
/// record cut by a segment of the scratch file, or left in memory after the last segment, must
/// come back whole and in order.
@Suite struct AuditSpoolRecordTests {
    private func records(spillSize: Int, scratch: String?, lines: [String]) -> [String] {
        let spool = AuditSpool(streams: 2, directories: scratch.map { [$0] } ?? [], spillSize: spillSize)
        for (i, line) in lines.enumerated() {
            var text = line + "\n"
            spool.append(0, &text)
            // A second stream interleaved, as the sections are: its bytes must not leak in.
            var other = "autre \(i)\n"
            spool.append(1, &other)
        }
        var read: [String] = []
        #expect(spool.forEachLine(0) { read.append(String(decoding: $0, as: UTF8.self)) })
        return read
    }

    @Test(arguments: [1, 7, 64, 1 << 20])
    func recordsCutBySegmentsComeBackWhole(spillSize: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lines = (0..<300).map { i in
            String(UInt64(i * 2_654_435_761) & 0xFFFF_FFFF, radix: 16) + " \"[data-screen=\\\"détail/\(i)\\\"] #formation\\\\.\(i)\""
                + (i % 13 == 0 ? String(repeating: "é", count: 50) : "")
        } + [""]
        #expect(records(spillSize: spillSize, scratch: scratch.path, lines: lines) == lines)
        #expect(records(spillSize: spillSize, scratch: nil, lines: lines) == lines)
    }

    @Test func anEmptyStreamHasNoRecords() {
        let spool = AuditSpool(streams: 1, directories: [], spillSize: 64)
        var count = 0
        #expect(spool.forEachLine(0) { _ in count += 1 })
        #expect(count == 0)
    }
}
