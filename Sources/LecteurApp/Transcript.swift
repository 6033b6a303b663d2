// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore
import LecteurTerminal

public enum TranscriptFormat: String, CaseIterable, Sendable {
    case text, jsonl, none
}

/// One line of the reader's record of what it did: the contract auditors and tests read
/// (`--transcript jsonl`), or its readable form for people (`text`).
public enum TranscriptEvent: Sendable {
    case focus(FocusReport)
    /// `printed`: the line the text transcript shows for it (nil when another event or the
    /// terminal shows it); the JSON event keeps exactly what the engine gets.
    case speech(text: String, interrupt: Bool, printed: String? = nil)
    /// A line printed for the person reading the terminal and not spoken (beside a screen
    /// reader): the text transcript's line; the JSON one has no event for it (its `focus` and
    /// other events already carry the facts, and nothing was said).
    case printed(String)
    case braille(text: String, cells: String?, cursor: Int, kind: BrailleLine.Kind)
    /// The line typed on the display, as what changed: the first `at` characters of the
    /// previous `input` line are kept, `text` follows them; `cells` is what the display shows
    /// (its window, with the cursor). A line typed a cell at a time used to write the whole line
    /// again at every cell (3 955 cells: 31.6 MB, issue 38 item 9).
    case brailleInput(at: Int, text: String, cells: String?, cursor: Int)
    case morse(MorseReport)
    /// A practice question: its number, never its text or pattern (the `morse` type all the same).
    case morseQuestion(MorseQuestionReport)
    /// The truth about a practice question, once answered.
    case practice(PracticeResult)
    /// A scored copy: what was sent, what was typed, the score and each aligned mistake.
    case copyResult(CopyResult)
    /// A sending judged: a `practice` event with the keyed pattern, the speed and the timings.
    case sending(SendingResult)
    /// The learner's keying made audible (a `morse` event with `sidetone`).
    case sidetone(Sidetone)
    /// `detail`: a system or library error in its own words, never spoken nor brailled;
    /// `braille`: the display's shorter form of a notice, when it differs from the message.
    case notice(code: String, message: String, detail: String? = nil, braille: String? = nil)
    case error(code: String, message: String, detail: String? = nil)
    case status(DeviceStatus, message: String)

    var json: String? {
        switch self {
        case .printed:
            return nil
        case .focus(let report):
            var line = JSONLine(type: "focus")
            line.add("screen", report.screen)
            line.add("title", report.title)
            line.add("index", report.index)
            line.add("count", report.count)
            line.add("id", report.element.id)
            line.add("role", report.element.role.rawValue)
            line.add("label", report.element.label)
            line.add("hint", report.element.hint)
            line.add("value", report.element.value)
            line.add("selected", report.element.selected)
            return line.text
        case .speech(let text, let interrupt, _):
            var line = JSONLine(type: "speech")
            line.add("text", text)
            line.add("interrupt", interrupt)
            return line.text
        case .braille(let text, let cells, let cursor, let kind):
            var line = JSONLine(type: "braille")
            line.add("kind", kind.rawValue)
            line.add("text", text)
            line.add("cells", cells)
            line.add("cursor", cursor)
            return line.text
        case .brailleInput(let at, let text, let cells, let cursor):
            var line = JSONLine(type: "braille")
            line.add("kind", BrailleLine.Kind.input.rawValue)
            line.add("at", at)
            line.add("text", text)
            line.add("cells", cells)
            line.add("cursor", cursor)
            return line.text
        case .morse(let report):
            var line = JSONLine(type: "morse")
            line.add("text", report.text)
            line.add("pattern", report.pattern)
            line.add("wpm", Double(report.wpm))
            line.add("tone_hz", Double(report.toneHz))
            line.add("duration_ms", report.durationMs)
            return line.text
        case .morseQuestion(let report):
            var line = JSONLine(type: "morse")
            line.add("question", report.question)
            line.add("wpm", Double(report.wpm))
            line.add("tone_hz", Double(report.toneHz))
            return line.text
        case .practice(let result):
            var line = Self.practiceLine(mode: result.mode, question: result.question, expected: result.expected,
                                         answer: result.answer, correct: result.correct)
            if let latency = result.latencyMs { line.add("latency_ms", latency) }
            line.add("replays", result.replays)
            return line.text
        case .sending(let result):
            var line = Self.practiceLine(mode: result.mode, question: result.question, expected: result.expected,
                                         answer: result.answer, correct: result.correct)
            line.add("keyed", result.keyed)
            line.add("level", result.level.rawValue)
            line.add("wpm", result.wpm)
            line.add("ratio", result.ratio)
            line.add("marks_ms", result.marksMs)
            line.add("gaps_ms", result.gapsMs)
            return line.text
        case .sidetone(let sidetone):
            var line = JSONLine(type: "morse")
            switch sidetone {
            case .element(let element, let durationMs, let settings):
                line.add("sidetone", element == .dot ? "dit" : "dah")
                line.add("tone_hz", Double(settings.toneHz))
                line.add("duration_ms", durationMs)
            case .hold(let settings):
                line.add("sidetone", "down")
                line.add("tone_hz", Double(settings.toneHz))
            case .release:
                line.add("sidetone", "up")
            case .keyed(let element, let markMs, let spaceMs, let settings):
                line.add("sidetone", element == .dot ? "dit" : "dah")
                line.add("keyer", true)
                line.add("tone_hz", Double(settings.toneHz))
                line.add("duration_ms", markMs)
                line.add("space_ms", spaceMs)
            }
            return line.text
        case .copyResult(let result):
            var line = JSONLine(type: "copy_result")
            line.add("mode", result.mode.rawValue)
            line.add("round", result.round)
            line.add("sent", result.sent)
            line.add("typed", result.typed)
            line.add("score", result.score)
            line.add("errors", result.mistakes.map { mistake in
                var object = JSONLine()
                object.add("position", mistake.position)
                object.add("sent", mistake.sent)
                object.add("typed", mistake.typed)
                return object
            })
            return line.text
        case .notice(let code, let message, let detail, _), .error(let code, let message, let detail):
            var line = JSONLine(type: { if case .error = self { return "error" } else { return "notice" } }())
            line.add("code", code)
            line.add("message", message)
            // Cleaned like catalogue text: a library's words reach no terminal with escapes in them.
            if let detail { line.add("detail", TextSanitizer.clean(detail)) }
            // What a braille reader was given, when it is shorter than the message.
            if case .notice(_, _, _, let braille?) = self { line.add("braille", braille) }
            return line.text
        case .status(let status, let message):
            var line = JSONLine(type: "status")
            status.add(to: &line)
            line.add("message", message)
            return line.text
        }
    }

    /// A `practice` event's common head: listening and sending answers read the same way.
    static func practiceLine(mode: String, question: Int, expected: String?, answer: String, correct: Bool?) -> JSONLine {
        var line = JSONLine(type: "practice")
        line.add("mode", mode)
        line.add("question", question)
        line.add("expected", expected)
        line.add("answer", answer)
        line.add("correct", correct)
        return line
    }

    /// The readable form: what is said, as the reader words it (the speech's printed line:
    /// a focus is printed as said, with its role word and position), and what is only written;
    /// nil for events a person does not need to read (braille, the raw engine text).
    func text(_ strings: Strings) -> String? {
        switch self {
        case .speech(_, _, let printed):
            return printed
        case .printed(let line):
            return line
        case .focus, .braille, .brailleInput, .practice, .copyResult, .sending, .sidetone:
            return nil
        case .morse(let report):
            return report.printed ? report.readableLine(strings) : nil
        case .morseQuestion(let report):
            return report.printed ? report.readableLine(strings) : nil
        case .notice(_, let message, _, _), .status(_, let message):
            return message
        case .error(_, let message, _):
            return strings.readableErrorLine(message)
        }
    }
}

/// Writes transcript events to standard output, one line each, flushed at once so a pipe or a
/// test sees each event when it happens.
public final class Transcript: Sendable {
    public let format: TranscriptFormat
    private let strings: Strings
    /// Held while a line is written: lines from the session and from devices never interleave.
    private let writing = Mutex(())
    private let write: @Sendable (String) -> Void

    public init(format: TranscriptFormat, strings: Strings, write: @escaping @Sendable (String) -> Void = Transcript.standardOutput) {
        self.format = format
        self.strings = strings
        self.write = write
    }

    /// Above the line being edited while one is (`PromptOutput`), else through the bounded
    /// queue: a reader of standard output that stops reading never holds the session
    /// (`StandardOutput`).
    public static func standardOutput(_ text: String) {
        PromptOutput.write(text)
    }

    public func record(_ event: TranscriptEvent) {
        let line: String?
        switch format {
        case .none: line = nil
        case .jsonl: line = event.json
        // The readable form is French as printed: no-break spaces before « : ; ? ! » and inside
        // « » (issue 46), so a terminal never wraps between a word and its colon. Only here: the
        // JSON Lines carry the value as spoken (what espeak-ng gets), speech and braille keep
        // plain spaces (espeak-ng's melody, liblouis' dot 7), and BRLTTY reading the terminal
        // shows U+202F as a blank cell (its alias.tti).
        case .text: line = event.text(strings).map { FrenchTypography.apply($0, localeCode: strings.localeCode) }
        }
        guard let line else { return }
        writing.withLock { _ in write(line + "\n") }
    }
}
