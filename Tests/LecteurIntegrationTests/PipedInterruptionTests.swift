// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 35, item 7: a program driving Lecteur through a pipe can interrupt `tout lire`. Every
/// other line still waits for the reading (scripts stay deterministic); `stop` and `quitter`
/// used to wait too, until the whole screen was read (13 s and counting).
@Suite(.serialized) struct PipedInterruptionTests {
    static let arguments = ["--transcript", "jsonl", "--speech", "on", "--braille", "off"]

    static func codes(_ reader: InteractiveLecteur) -> [String] {
        reader.seen("notice").compactMap { $0["code"] as? String }
    }

    @Test(.requires(.pulseAudio), arguments: ["stop", "quitter"]) func aReadingEndsAtOnce(_ command: String) throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let home = ReaderHome()
        defer { home.remove() }
        let reader = try InteractiveLecteur(Self.arguments, environment: home.environment.merging(["PULSE_SERVER": pulse.server]) { $1 })
        defer { reader.kill() }
        _ = try reader.next("focus")
        reader.send("tout lire")
        // The reading has moved on once by voice: it is running, far from its end (14 formations).
        _ = try reader.next("focus")
        _ = try reader.next("focus")
        reader.send(command)
        if command == "stop" {
            _ = try reader.next("notice", timeout: 30) { $0["code"] as? String == "stop" }
            #expect(!Self.codes(reader).contains("readAll.end"), "stopped before the end of the screen: \(Self.codes(reader))")
            // The script goes on, and its next line is answered after the reading it ended.
            reader.send("où")
            _ = try reader.next("notice", timeout: 30) { $0["code"] as? String == "where" }
            #expect(reader.finish() == 0)
        } else {
            let status = reader.waitForExit(timeout: 30)
            #expect(status == 0)
            #expect(!Self.codes(reader).contains("readAll.end"), "quit before the end of the screen: \(Self.codes(reader))")
        }
        let read = reader.seen("focus").count
        #expect(read < 10, "\(read) elements were read: the reading was not interrupted")
    }
}
