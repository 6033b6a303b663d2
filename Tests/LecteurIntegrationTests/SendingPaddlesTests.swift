// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 37, item 7, through the binary: j and k as iambic paddles, pressed and let go with
/// the kitty protocol's sequences written to the millisecond on a pseudo-terminal (a text key's
/// press is its character, its release `CSI code;1:3u`, as kitty sends them under flag 2), at
/// 30 WPM, in `envoi libre`. The same hand gives K in mode A and C in mode B (a squeeze let go
/// during the last dah), the dah paddle tapped inside a dit is remembered (A), a dah paddle
/// held keys dahs (O); the sidetone written to `--audio-out` is measured element by element at
/// half amplitude against the book (40 ms a dit, 120 a dah, 40 between elements).
@Suite struct SendingPaddlesTests {
    static func release(_ key: Character) -> [UInt8] { Array("\u{1B}[\(key.asciiValue!);1:3u".utf8) }

    /// Seconds from the keying step's start: three words, each judged alone (a word space of
    /// seven units, 280 ms, ends a free sending; they are 1.2 s apart).
    static let hand: [(at: Double, bytes: [UInt8])] = [
        // The squeeze: dah paddle, dit paddle 20 ms later, both let go at 300 ms, during the
        // last dah (dah 0–120, dit 160–200, dah 240–360).
        (0.300, Array("k".utf8)), (0.320, Array("j".utf8)), (0.600, release("j")), (0.600, release("k")),
        // Dah memory: the dah paddle tapped inside the dit (1 500–1 540) after the dit paddle.
        (1.500, Array("j".utf8)), (1.510, Array("k".utf8)), (1.525, release("k")), (1.530, release("j")),
        // A dah paddle held 400 ms: dahs at 0, 160, 320; let go during the third.
        (2.700, Array("k".utf8)), (3.100, release("k")),
    ]

    /// The hand keyed on paddles in `mode`: the answers read, the transcript's sidetones.
    static func keyed(_ mode: String, arguments: [String], environment: [String: String]) throws -> (answers: [String], sidetones: [[String: Any]]) {
        let run = try PseudoTerminal.run(SendingSessionTests.arguments + arguments, environment: environment,
                                         ready: SendingSessionTests.query,
                                         steps: [.type(SendingSessionTests.answers, pause: 0.3)]
                                             + SendingSessionTests.command("régler manipulateur \(mode)", until: "\"setting\"")
                                             + SendingSessionTests.command("régler vitesse-envoi 30", until: "\"setting\"")
                                             + SendingSessionTests.command("envoi libre", until: "Envoi libre")
                                             + [.timed(hand, until: "\"practice\""), .type("", pause: 1.5),
                                                .type("\u{04}", until: "goodbye")])
        #expect(run.status == 0, "\(run.output.suffix(600))")
        #expect(!run.sttyBefore.isEmpty && run.sttyBefore == run.sttyAfter)
        let intro = SendingSessionTests.notices(run).first { $0.hasPrefix("Envoi libre") } ?? ""
        #expect(intro.contains("Manipulateur iambique, mode"), "\(intro)")
        let practice = SendingSessionTests.practice(run)
        #expect(practice.allSatisfy { $0["level"] as? String == "paddles" }, "\(practice)")
        return (practice.compactMap { $0["answer"] as? String }, run.events("morse").filter { $0["sidetone"] != nil })
    }

    static func key(_ mode: String) throws -> (answers: [String], elements: [(start: Double, end: Double)], sidetones: [[String: Any]],
                                                perMs: Double) {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("paddles.wav")
        let keyed = try keyed(mode, arguments: ["--audio-out", wav.path], environment: home.environment)
        let file = try WAVFile.decode(Data(contentsOf: wav))
        return (keyed.answers, MorseToneLengthTests.elements(file.samples), keyed.sidetones, Double(file.sampleRate) / 1000)
    }

    /// Every element and every space inside a character, from the WAV, against the book.
    static func timing(_ elements: [(start: Double, end: Double)], pattern: String, perMs: Double) -> (marks: Double, spaces: Double) {
        let marks = zip(elements, pattern.filter { $0 != " " }).map { element, mark in
            abs((element.end - element.start) / perMs - (mark == "." ? 40 : 120))
        }
        var spaces: [Double] = []
        var index = 0
        for character in pattern.split(separator: " ") {
            for n in 1..<character.count where index + n < elements.count {
                spaces.append(abs((elements[index + n].start - elements[index + n - 1].end) / perMs - 40))
            }
            index += character.count
        }
        return (marks.max() ?? .infinity, spaces.max() ?? .infinity)
    }

    @Test(arguments: [("iambique-a", "-.- .- ---", ["K", "A", "O"]), ("iambique-b", "-.-. .- ---", ["C", "A", "O"])])
    func theSameHandInModesAAndB(mode: String, pattern: String, expected: [String]) throws {
        let keyed = try Self.key(mode)
        #expect(keyed.answers == expected, "\(mode): \(keyed.answers)")
        let count = pattern.filter { $0 != " " }.count
        #expect(keyed.elements.count == count, "\(keyed.elements.count) elements in the WAV")
        #expect(keyed.sidetones.count == count && keyed.sidetones.allSatisfy { $0["keyer"] as? Bool == true }, "\(keyed.sidetones)")
        let (marks, spaces) = Self.timing(keyed.elements, pattern: pattern, perMs: keyed.perMs)
        print("PADDLES \(mode) at 30 WPM through the binary: read \(keyed.answers); from --audio-out, elements within "
              + "\(String(format: "%.2f", marks)) ms of the book, spaces inside characters within \(String(format: "%.2f", spaces)) ms")
        #expect(marks <= 5, "\(marks) ms")
        #expect(spaces <= 5, "\(spaces) ms")
    }

    /// The live sound: the same hand in mode B, the sidetone recorded at a private sound
    /// server's null sink. Each element is one piece (tone and space) queued when the keyer
    /// starts it, so a mark is exact unless the output runs dry inside it; a space inside a
    /// character is exact as long as the keyer's clock rings before the piece before has played
    /// out: the audio worker keeps a playing stream fed (no drain between pieces), so each space
    /// is asked within 10 ms of its 40 (a drain between pieces made every one 60).
    @Test(.requires(.pulseAudio)) func theLiveSidetoneAtTheSoundServer() throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let home = ReaderHome()
        defer { home.remove() }
        let recording = try pulse.record(seconds: 30)
        var environment = home.environment
        environment["PULSE_SERVER"] = pulse.server
        let keyed = try Self.keyed("iambique-b", arguments: [], environment: environment)
        let samples = recording.samples(untilEnd: false)
        recording.stop()
        #expect(keyed.answers == ["C", "A", "O"], "\(keyed.answers)")
        let pattern = "-.-. .- ---"
        let elements = MorseToneLengthTests.elements(samples)
        #expect(elements.count == 9, "\(elements.count) elements at the sink")
        let (marks, spaces) = Self.timing(elements, pattern: pattern, perMs: Double(PrivatePulseServer.sampleRate) / 1000)
        let perMs = Double(PrivatePulseServer.sampleRate) / 1000
        let heard = zip(elements.dropFirst(), elements).map { String(format: "%.1f", ($0.start - $1.end) / perMs) }
        print("PADDLES iambique-b at 30 WPM, live at the sound server: elements within \(String(format: "%.2f", marks)) ms of "
              + "the book, spaces inside characters within \(String(format: "%.2f", spaces)) ms; silences heard (ms): \(heard)")
        #expect(marks <= 5, "\(marks) ms")
        #expect(spaces <= 10, "\(spaces) ms; silences heard: \(heard)")
    }
}
