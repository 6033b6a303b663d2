// SPDX-License-Identifier: GPL-3.0-or-later
/// Cleans text that comes from outside (a catalogue, a server) before it can reach a terminal,
/// a speech engine or a braille display: escape sequences could drive the terminal, markup could
/// drive the speech engine (SSML), and control characters would be spoken or shown as garbage.
public enum TextSanitizer {
    /// The longest catalogue field kept, in characters: far above any real title or description,
    /// and short enough that every later step (braille mapping, speech, audit scans) stays quick.
    public static let fieldLimit = 5_000

    /// `clean(_:)`, then cut to `fieldLimit` characters with « … » at the end. Returns the length
    /// of the cleaned text when it was cut, so the caller can warn.
    public static func cleanField(_ text: String) -> (text: String, truncatedFrom: Int?) {
        let clean = clean(text)
        // Bytes bound characters from above: most fields skip the count entirely.
        guard clean.utf8.count > fieldLimit else { return (clean, nil) }
        var end = clean.startIndex
        var kept = 0
        while kept < fieldLimit - 1, end < clean.endIndex {
            end = clean.index(after: end)
            kept += 1
        }
        guard end < clean.endIndex, clean.index(after: end) < clean.endIndex else { return (clean, nil) }
        let length = kept + clean[end...].count
        return (String(clean[..<end]) + "…", length)
    }

    /// `clean(_:)` for text laid out in lines and columns (a message, a template of the audit
    /// report, a `--rules` line): line breaks and tabs are kept, anything else that could drive a
    /// terminal goes.
    public static func cleanKeepingLayout(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { clean(String($0)) }.joined(separator: "\t")
        }.joined(separator: "\n")
    }

    public static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        var pendingSpace = false
        func emitSpace() { pendingSpace = !out.isEmpty }
        while let s = scalars.first {
            scalars = scalars.dropFirst()
            switch s.value {
            case 0x1B: // ESC: drop the whole escape sequence, not just the byte
                dropEscapeSequence(&scalars)
            case 0x9B: // 8-bit CSI
                dropCSIBody(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: // 8-bit OSC, DCS, SOS, PM, APC
                dropStringBody(&scalars)
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                emitSpace()
            case 0x00...0x1F, 0x7F...0x9F:
                break
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0xFEFF, 0x061C, 0x180E:
                // Zero-width and bidirectional controls (the Arabic letter mark and the Mongolian
                // vowel separator too): invisible, yet they reorder or hide text.
                break
            case 0x00AD, 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
                // Soft hyphen, grapheme joiner, Hangul fillers, interlinear annotation marks and
                // tag characters: shown as nothing, so they can hide words from a sighted
                // auditor or split them for the speech engine.
                break
            case _ where isNoncharacter(s.value):
                // U+FFFE, U+FDD0… are not text; XML 1.0 forbids U+FFFE and U+FFFF outright.
                break
            case 0x3C: // "<": markup tag, if it closes
                // Look no further than the next "<" (a body holding one is not a tag) nor past the
                // longest body isTag accepts: a line of "<<<<…" must not be scanned once per "<".
                let window = scalars.prefix(maxTagBody)
                if let end = window.firstIndex(where: { $0 == ">" || $0 == "<" }), scalars[end] == ">",
                   isTag(scalars[scalars.startIndex..<end]) {
                    let body = scalars[scalars.startIndex..<end]
                    scalars = scalars[scalars.index(after: end)...]
                    // "<b>gras</b>" stays one word; "<p>", "<br/>", "<li>"… separate words.
                    if breaksWords(body) { emitSpace() }
                } else {
                    flush(&out, &pendingSpace); out.append(s)
                }
            case 0x20:
                emitSpace()
            default:
                flush(&out, &pendingSpace)
                out.append(s)
            }
        }
        return decodeEntities(String(out))
    }

    /// U+FDD0–U+FDEF and the last two code points of every plane.
    static func isNoncharacter(_ value: UInt32) -> Bool {
        (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    private static func flush(_ out: inout String.UnicodeScalarView, _ pendingSpace: inout Bool) {
        if pendingSpace { out.append(" "); pendingSpace = false }
    }

    private static func isTag(_ body: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = body.first else { return false }
        // "<b>", "</p>", "<br/>", "<!-- -->", "<?xml …?>", "<speak …>": a letter, "/", "!" or "?" first.
        let ok = first == "/" || first == "!" || first == "?" || first.properties.isAlphabetic
        // A Morse prosign (`morse <SK> 73`, a copy typed `<kn>`) is text, not markup: no HTML
        // tag bears these names, in either case.
        if MorseAlphabet.prosigns.contains(String(String.UnicodeScalarView(body)).uppercased()) { return false }
        return ok && !body.contains("<") && body.count < maxTagBody
    }

    private static let maxTagBody = 2000

    private static let inlineTags: Set<String> = ["b", "i", "em", "strong", "span", "u", "a", "abbr", "small",
                                                  "sub", "sup", "mark", "code", "s", "q", "font"]

    private static func breaksWords(_ body: ArraySlice<Unicode.Scalar>) -> Bool {
        var name = ""
        for s in body.drop(while: { $0 == "/" }) {
            guard s.properties.isAlphabetic || ("0"..."9").contains(s) else { break }
            name.unicodeScalars.append(s)
        }
        return !inlineTags.contains(name.lowercased())
    }

    private static func dropEscapeSequence(_ s: inout ArraySlice<Unicode.Scalar>) {
        guard let next = s.first else { return }
        switch next {
        case "[": s = s.dropFirst(); dropCSIBody(&s)
        case "]", "P", "X", "^", "_": s = s.dropFirst(); dropStringBody(&s)
        default:
            // Two-character sequences (ESC c, ESC 7, ESC ( B…): intermediates then one final byte.
            while let c = s.first, (0x20...0x2F).contains(c.value) { s = s.dropFirst() }
            if !s.isEmpty { s = s.dropFirst() }
        }
    }

    private static func dropCSIBody(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.first {
            s = s.dropFirst()
            if (0x40...0x7E).contains(c.value) { return }
            if !(0x20...0x3F).contains(c.value) { return }
        }
    }

    private static func dropStringBody(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.first {
            s = s.dropFirst()
            if c.value == 0x07 || c.value == 0x9C { return }
            if c.value == 0x1B, s.first == "\\" { s = s.dropFirst(); return }
        }
    }

    private static let entities: [String: String] = [
        "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&apos;": "'", "&#39;": "'",
        "&nbsp;": "\u{00A0}", "&eacute;": "é", "&egrave;": "è", "&agrave;": "à", "&ccedil;": "ç",
    ]

    /// Entities are decoded once, after tags are gone, and the result is not re-scanned:
    /// "&lt;script&gt;" becomes the visible text "<script>", never a tag.
    private static func decodeEntities(_ text: String) -> String {
        // Bytes, not Foundation's substring search: this runs on every catalogue field.
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let tail = rest[amp...]
            if let semi = tail.prefix(10).firstIndex(of: ";"),
               let value = entities[String(tail[...semi]).lowercased()] {
                result += value
                rest = tail[tail.index(after: semi)...]
            } else {
                result += "&"
                rest = tail.dropFirst()
            }
        }
        return result + rest
    }
}
