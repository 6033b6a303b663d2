// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import LecteurAudit
import LecteurCore
import Testing

/// The audit is written batch by batch, unit by unit, with sections waiting in a scratch file:
/// none of these boundaries may show in a report. Each format is written with the working sizes
/// and with tiny ones (a batch of 7 elements, units of 3, sections sent to the file every 64
/// bytes), and must come out byte for byte the same; the totals must be the screens' checked one by one.
@Suite struct AuditStreamingTests {
    static let catalogue: Catalogue = {
        var records: [String] = []
        for i in 0..<240 {
            let price = i % 2 == 0 ? "\"\(90 + i * 7).00\"" : "\(1200 + i)"
            let session = i % 3 == 0 ? "null" : "\"2026-0\(1 + i % 9)-1\(i % 9)T09:00:00.000000Z\""
            // Hostile and tricky text on some records: markup, quotes, a control character, RGAA.
            let title = i % 17 == 0 ? "Atelier <b>\\\"RGAA\\\"</b> \\u0007 n° \(i)" : "Formation \(i) : IA et données"
            records.append("""
            {"id": \(i + 1), "title": "\(title)", "description": "Description \(i), 40h à 1 490 €.",
             "duration": "\(1 + i % 5) jours", "level": "\(["Débutant", "Intermédiaire", "Expert"][i % 3])",
             "price": \(price), "next_session": \(session),
             "category": {"id": \(i % 6), "name": "Catégorie \(i % 6)", "slug": "c\(i % 6)", "color": "#000000", "icon": "i"}}
            """)
        }
        return try! CatalogueDecoder.decode(Data(("{\"data\": [" + records.joined(separator: ",") + "]}").utf8)).catalogue
    }()

    static let run = try! AuditRun(strings: AuditResources.strings(locale: "fr")!,
                                   timeZone: TimeZone(identifier: "Europe/Paris")!, disabled: ["label-role-word"])

    private func report(_ format: AuditFormat, tuning: AuditPipeline.Tuning, scratch: String?,
                        baseline: AuditBaseline? = nil) -> (String, AuditTally) {
        let (sink, text) = AuditSink.collecting()
        let info = AuditRunInfo(url: "file:///catalogue.json", timestamp: Date(timeIntervalSince1970: 1_700_000_000), duration: 0,
                                baseline: baseline)
        let tally = Self.run.write(Self.catalogue, progress: [:], as: format, info: info, to: sink, scratchDirectory: scratch,
                                   recordBaseline: true, tuning: tuning)
        return (text(), tally)
    }

    @Test(arguments: AuditFormat.allCases)
    func batchUnitAndSpoolBoundariesDoNotShow(_ format: AuditFormat) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("audit-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (whole, wholeTally) = report(format, tuning: .init(), scratch: nil)
        let (pieces, piecesTally) = report(format, tuning: .init(batchElements: 7, unitElements: 3, spillSize: 64, longScreen: 20),
                                           scratch: scratch.path)
        #expect(whole.utf8.count > 100_000)
        #expect(whole == pieces)
        #expect(wholeTally.violations == piecesTally.violations && wholeTally.passes == piecesTally.passes)
        #expect(wholeTally.baseline == piecesTally.baseline)
        // The scratch file is unlinked as soon as it is created: nothing is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    /// The spooled sections are copied by the kernel into a regular file, a file opened for
    /// appending or a pipe: every way gives the report written in memory.
    @Test(arguments: [AuditFormat.json, .text, .junit])
    func filesAppendedFilesAndPipesGetTheSameBytes(_ format: AuditFormat) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audit-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (whole, _) = report(format, tuning: .init(), scratch: nil)
        let tiny = AuditPipeline.Tuning(batchElements: 7, unitElements: 3, spillSize: 64, longScreen: 20)
        let info = AuditRunInfo(url: "file:///catalogue.json", timestamp: Date(timeIntervalSince1970: 1_700_000_000), duration: 0)
        func write(_ path: String, mode: String) {
            guard let file = fopen(path, mode) else { Issue.record("fopen \(path)"); return }
            let sink = AuditSink(file: file)
            _ = Self.run.write(Self.catalogue, progress: [:], as: format, info: info, to: sink, scratchDirectory: folder.path,
                               recordBaseline: true, tuning: tiny)
            #expect(!sink.failed)
            #expect(fclose(file) == 0)
        }
        let placed = folder.appendingPathComponent("placed").path
        write(placed, mode: "wb")
        #expect(try String(contentsOfFile: placed, encoding: .utf8) == whole)
        let appended = folder.appendingPathComponent("appended").path
        try Data("avant\n".utf8).write(to: URL(fileURLWithPath: appended))
        write(appended, mode: "ab")
        #expect(try String(contentsOfFile: appended, encoding: .utf8) == "avant\n" + whole)
        // A pipe, read by a thread of its own while the report is written (not a task: the
        // write blocks its thread until the pipe is read).
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let readEnd = ends[0]
        final class Received: @unchecked Sendable { var data = Data() }
        let received = Received(), finished = DispatchSemaphore(value: 0)
        Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while case let n = read(readEnd, &buffer, buffer.count), n > 0 { received.data.append(contentsOf: buffer[0..<n]) }
            close(readEnd)
            finished.signal()
        }.start()
        let file = try #require(fdopen(ends[1], "wb") as UnsafeMutablePointer<FILE>?)
        let sink = AuditSink(file: file)
        _ = Self.run.write(Self.catalogue, progress: [:], as: format, info: info, to: sink, scratchDirectory: folder.path,
                           recordBaseline: true, tuning: tiny)
        #expect(fclose(file) == 0)
        finished.wait()
        #expect(String(decoding: received.data, as: UTF8.self) == whole)
    }

    /// The pipeline's totals, in tiny batches and units on every core, are those of each screen
    /// of the walk checked whole, one after the other.
    @Test func totalsAreTheScreensCheckedOneByOne() {
        let (_, tally) = report(.text, tuning: .init(batchElements: 50, unitElements: 5, spillSize: 1 << 20), scratch: nil)
        let checker = AuditChecker(navigator: Self.run.navigator, engine: Self.run.engine, context: Self.run.context)
        let steps = AuditWalker(navigator: Self.run.navigator).plan(catalogue: Self.catalogue).steps
        var serial = AuditTally(rules: Self.run.engine.rules.map(\.info))
        let memo = AuditMemo()
        for (s, step) in steps.enumerated() {
            let screen = step.make()
            let info = AuditScreenInfo(index: s, code: screen.code, title: screen.title, filter: step.filter, path: step.path,
                                       count: screen.elements.count, firstLabel: screen.elements.first?.label)
            let elements = AuditElements(screen.elements)
            let part = checker.check(info, elements, range: 0..<elements.count, screenOutcomes: checker.screenOutcomes(elements),
                                     memo: memo)
            serial.close(serial.count(part, baseline: nil, record: false))
        }
        #expect(tally.screens == steps.count && serial.screens == steps.count)
        #expect(tally.elements == serial.elements && tally.elements > 1000)
        #expect(tally.violations == serial.violations)
        #expect(tally.incomplete == serial.incomplete)
        #expect(tally.passes == serial.passes)
        #expect(tally.violationCount > 0 && tally.violationCount(atLeast: .critical) <= tally.violationCount)
        // Every finding recorded for a baseline once, and compared with itself: all known.
        #expect(tally.baseline.entries.count == tally.violationCount + tally.incompleteCount)
        let again = report(.text, tuning: .init(), scratch: nil, baseline: tally.baseline).1
        #expect(again.comparison(with: tally.baseline) == .init(known: tally.baseline.entries.count, new: 0, fixed: 0))
        #expect(again.newViolationCount(atLeast: .minor) == 0)
    }
}
