// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurAudit
import Testing

/// The JSON report's rule lists are built on one thread and written on another: the bytes must
/// arrive whole and in order, and a failure on either side must reach the report's sink without
/// leaving a thread waiting.
@Suite struct AuditBuildAheadTests {
    /// Buffers handed over whole and bytes written through, interleaved, of many sizes.
    private func build(_ sink: AuditSink) -> [UInt8] {
        var expected: [UInt8] = []
        var buffer: [UInt8] = []
        for i in 0..<2_000 {
            let piece = (0..<(i * 37 % 5_000)).map { UInt8(truncatingIfNeeded: $0 &+ i) }
            expected += piece
            if i % 3 == 0 {
                piece.withUnsafeBufferPointer { sink.write($0) }
            } else {
                buffer += piece
                sink.hand(&buffer)
                #expect(buffer.isEmpty)
            }
        }
        return expected
    }

    @Test func bytesArriveWholeAndInOrder() {
        var received: [UInt8] = []
        let sink = AuditSink({ bytes in
            received += bytes
            return true
        })
        final class Expected: @unchecked Sendable { var bytes: [UInt8] = [] }
        let expected = Expected()
        AuditBuildAhead.write(to: sink) { ahead in expected.bytes = build(ahead) }
        #expect(received.count > 1_000_000)
        #expect(received == expected.bytes)
        #expect(sink.written == received.count && !sink.failed)
    }

    @Test func aFailedOutputStopsTheBuilderAndIsReported() {
        var received = 0
        let sink = AuditSink({ bytes in
            received += bytes.count
            return received < 100_000
        })
        final class Seen: @unchecked Sendable { var builderFailed = false }
        let seen = Seen()
        AuditBuildAhead.write(to: sink) { ahead in
            _ = build(ahead)
            seen.builderFailed = ahead.failed
        }
        #expect(sink.failed)
        #expect(seen.builderFailed)
        #expect(received < 1_000_000)
    }

    @Test func aFailureWhileBuildingIsTheReportsFailure() {
        let sink = AuditSink({ _ in true })
        AuditBuildAhead.write(to: sink) { ahead in
            var bytes = Array("début".utf8)
            ahead.hand(&bytes)
            ahead.markFailed()
        }
        #expect(sink.failed)
        #expect(sink.written == "début".utf8.count)
    }
}
