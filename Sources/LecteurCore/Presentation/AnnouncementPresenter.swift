// SPDX-License-Identifier: GPL-3.0-or-later
/// Renders one `Announcement` to each channel, so the printed line, the voice and the display
/// say the same answer: the words (printed as they are, said once signs are named), and the
/// braille line (roles abbreviated, line breaks visible, or the announcement's short form).
public struct AnnouncementPresenter: Sendable {
    private let speech: SpeechGenerator
    private let separator: String
    private let pause: String
    /// What a line break becomes on the display: a visible mark, never a space that runs two
    /// sentences together.
    private let lineBreak: String
    private let abbreviations: [Role: String]

    public init(strings: Strings) {
        speech = SpeechGenerator(strings: strings)
        separator = strings(.speechSeparator)
        pause = strings(.speechPause)
        lineBreak = strings(.brailleLineBreak)
        abbreviations = [.button: strings(.brailleRoleButton), .heading: strings(.brailleRoleHeading),
                         .text: strings(.brailleRoleText), .tab: strings(.brailleRoleTab)]
    }

    /// The words, parts joined with the locale's separator and the hint after a pause; `read`
    /// names the signs of the parts made of words (never of the separators, which are structure,
    /// as NVDA's pauses are). The printed line is this with `read` left out.
    public func words(_ parts: [Announcement.Part], read: (String) -> String = { $0 }) -> String {
        var text = ""
        func add(_ part: String) {
            guard !part.isEmpty else { return }
            if !text.isEmpty { text += separator }
            text += part
        }
        for part in parts {
            switch part {
            case .text(let words): add(read(words))
            case .named(let words): add(words)
            case .role(let role): add(speech.roleWord(role) ?? "")
            case .position(let position): add(position)
            case .hint(let hint):
                guard !hint.isEmpty else { continue }
                text += pause
                text += read(hint)
            case .tone, .mark:
                // Not words: the voice sounds a tone and reports a mark in their place
                // (`voice`); a tone's printed line is its `morse` event's.
                continue
            }
        }
        return text
    }

    /// What the voice gets, in order: the words between tones and marks (each run joined as
    /// `words` joins it), the tones, the marks.
    public func voice(_ parts: [Announcement.Part], read: (String) -> String = { $0 }) -> [VoicePiece] {
        var pieces: [VoicePiece] = []
        var run: [Announcement.Part] = []
        func flush() {
            let said = words(run, read: read)
            if !said.isEmpty { pieces.append(.words(said)) }
            run = []
        }
        for part in parts {
            switch part {
            case .tone(let tone):
                flush()
                pieces.append(.tone(tone))
            case .mark(let token):
                flush()
                pieces.append(.mark(token))
            case .text, .named, .role, .position, .hint:
                run.append(part)
            }
        }
        flush()
        return pieces
    }

    /// One piece of what the voice gets.
    public enum VoicePiece: Hashable, Sendable {
        case words(String)
        case tone(Announcement.Tone)
        case mark(Int)
    }

    /// The display's line: its short form when it has one, else the same parts with roles
    /// abbreviated, on one line.
    public func braille(_ announcement: Announcement) -> String {
        if let short = announcement.brailleForm { return oneLine(short) }
        var text = ""
        func add(_ part: String, after joint: String) {
            guard !part.isEmpty else { return }
            if !text.isEmpty { text += joint }
            text += part
        }
        for part in announcement.parts {
            switch part {
            case .text(let words), .named(let words), .position(let words): add(words, after: separator)
            case .role(let role): add(abbreviations[role] ?? "", after: " ")
            case .hint(let hint): add(hint, after: pause)
            case .tone(let tone): add(tone.shown ?? "", after: " ")
            case .mark: continue
            }
        }
        return oneLine(text)
    }

    /// The reference display's width, assumed until a display says its own.
    public static let referenceColumns = 40
    /// An answer longer than this many windows of the display opens as a screen, read line by
    /// line, rather than a message panned eight times.
    public static let screenWindows = 3

    /// A long answer's lines for its screen: one sentence each (a sentence ends with « . », « ? »,
    /// « ! » or « ; » before a space, or at a line break).
    public func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            if character.isNewline || (character == " " && previous.map { ".?!;".contains($0) } == true) {
                let line = current.trimmingCharacters(in: .whitespaces)
                if !line.isEmpty { lines.append(line) }
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { lines.append(last) }
        return lines
    }

    /// A message is one line on the display.
    public func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: lineBreak)
    }
}
