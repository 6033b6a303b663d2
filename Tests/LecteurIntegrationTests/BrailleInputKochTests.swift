// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 24 (the reader driven from the display's keys alone), its Koch lesson: a suite of its
/// own since issue 51, so that the daemon group, which runs a suite per process, longest first,
/// can run it beside the rest of `BrailleInputSessionTests` (125 s in one process in run 5).
@Suite(.serialized) struct BrailleInputKochTests {
    /// The rig, the reader and the keys of `BrailleInputSessionTests`.
    let session = BrailleInputSessionTests()

    /// Issue 37, item 3: a whole Koch lesson by touch, the voice off and `question-braille`
    /// never chosen. Each question's pattern is on the display (« Question N ⠒⠂⠒ »); it answers
    /// the user (their command, their answer), so past a message's time it is still there with
    /// what was said before it, until a key; an empty dot 8 and the display's RETURN play it
    /// again, alone on the first window, and open nothing; every answer is typed on
    /// the display's keyboard, and after 20 right answers U is unlocked and asked.
    @Test(.requires(.brltty)) func aKochLessonByTouchAloneKeepsTheQuestionAndDot8ReplaysIt() throws {
        let (rig, reader) = try session.start()
        defer { _ = reader.finish(); rig.stop() }
        try session.type("entrainement", rig, reader)
        var seen = rig.brailleEvents().count
        try session.send("PassDots 128", rig)
        var asked: [String] = []
        var delays: [Double] = []
        for n in 1...21 {
            let label = "Question \(n) "
            var event = try reader.next("braille") { ($0["text"] as? String)?.contains(label) == true }
            if n == 1 {
                // The introduction's short line and the question answer the user's command:
                // they stay past a message's time, until a key.
                let shown = try #require(event["cells"] as? String)
                let lines = reader.seen("braille").count
                sleep(6) // more than a message's time (4 s)
                #expect(reader.seen("braille").count == lines, "nothing took the question's place")
                // Its first window: the line is longer than the display.
                let window = rig.brailleEvents().last.map { BrailleSessionTests.withoutCursor($0.unicode ?? "") } ?? ""
                #expect(!window.isEmpty && shown.hasPrefix(window), "the display still shows the question and the introduction")
                // An empty line typed on the display, then its RETURN key: the question again,
                // never the focused element activated.
                let focuses = reader.seen("focus").count
                // (The same line again changes nothing on the display: the question already there.)
                for key in ["PassDots 128", "Return"] {
                    try session.send(key, rig)
                    event = try reader.next("braille") { ($0["text"] as? String)?.hasPrefix(label) == true }
                    let replay = try reader.next("morse") { $0["question"] as? Int == 1 }
                    #expect(replay["text"] == nil && replay["pattern"] == nil, "\(replay)")
                }
                #expect(reader.seen("focus").count == focuses, "nothing was opened")
            }
            // The display shows the line's first window, which begins with the question and its
            // pattern (issue 45, item 7: the progress line once pushed it to window 2), within a
            // second of its being asked.
            let askedAt = reader.seenTimed("braille").last { ($0.event["text"] as? String)?.contains(label) == true }?.at ?? Date()
            let symbol = try BrailledQuestion.symbol(event, question: n, on: rig, after: seen)
            let shownAfter = Date().timeIntervalSince(askedAt)
            #expect(shownAfter < 1, "question \(n) reached the display \(shownAfter) s after it was asked")
            delays.append(shownAfter)
            let text = try #require(event["text"] as? String)
            #expect(text.hasPrefix(label + MorseBraille.cells(symbol.pattern)), "the question first: \(text)")
            let window = rig.brailleEvents().last.map { BrailleSessionTests.withoutCursor($0.unicode ?? "") } ?? ""
            let question = try #require(event["cells"] as? String).split(separator: "\u{2800}").prefix(3).joined(separator: "\u{2800}")
            #expect(window.hasPrefix(question), "question \(n) on window 1: \(window)")
            try session.type(String(symbol.character).lowercased(), rig, reader)
            seen = rig.brailleEvents().count
            try session.send("PassDots 128", rig)
            let result = try reader.next("practice") { $0["question"] as? Int == n }
            #expect(result["correct"] as? Bool == true, "\(result)")
            if n == 1 { #expect(result["replays"] as? Int == 2, "\(result)") }
            asked.append(String(symbol.character))
        }
        print("KOCH by touch: questions shown \(delays.map { Int($0 * 1000) }) ms after being asked")
        #expect(Set(asked.prefix(20)).isSubset(of: ["K", "M"]) && asked.last == "U", "\(asked)")
        #expect(reader.seen("notice").contains { ($0["message"] as? String)?.contains("Nouveau symbole : U") == true })
    }
}
