// SPDX-License-Identifier: GPL-3.0-or-later
/// The review cursor, a child of the reader: it reads inside the focused element by character,
/// word and sentence, spells and describes, as NVDA's review cursor and Orca's flat review do.
/// It never moves the focus; the braille cursor follows it on the focused element's line, so a
/// braille user feels where it is while a speech user hears it (speech first, then the line).
struct ReviewReducer: Sendable {
    let strings: Strings
    let namer: CharacterNamer

    /// The focused element's review text and where that text starts on its braille line.
    struct Target {
        let screen: ScreenID
        let index: Int
        let text: ReviewText
        let lineStart: Int
        let line: BrailleLine
    }

    /// What the review commands ask for.
    enum Request: Hashable, Sendable {
        case review(ReviewUnit, ReviewStep)
        case spell(phonetic: Bool)
        case describeCharacter
    }

    func handle(_ request: Request, target: Target?, spellingAlphabet: String, _ nav: inout NavigationState,
                _ out: inout Announcer) {
        guard let target else { return }
        guard !target.text.isEmpty else {
            out.notice("review.empty", strings(.reviewEmpty))
            return
        }
        var offset = Self.offset(nav, target)
        switch request {
        case .review(.character, let step):
            if step != .current {
                let moved = offset + (step == .next ? 1 : -1)
                guard target.text.characters.indices.contains(moved) else { return edge(step, &out) }
                offset = moved
            }
            out.say(Announcement(.answer, [.named(namer.name(target.text.characters[offset]))], display: .none))
            move(to: offset, target, &nav, &out)
        case .review(.word, let step):
            if step != .current {
                let moved = step == .next ? target.text.nextWordStart(after: offset) : target.text.previousWordStart(before: offset)
                guard let moved else { return edge(step, &out) }
                offset = moved
            }
            if let word = target.text.word(at: offset) {
                out.say(Announcement(.answer, target.text.text(word), display: .none))
            } else {
                out.say(Announcement(.answer, [.named(namer.name(target.text.characters[offset]))], display: .none))
            }
            move(to: offset, target, &nav, &out)
        case .review(.sentence, let step):
            let sentences = target.text.sentences
            let current = sentences.firstIndex { $0.contains(offset) } ?? sentences.firstIndex { $0.lowerBound > offset } ?? 0
            var chosen = current
            if step != .current {
                chosen = current + (step == .next ? 1 : -1)
                guard sentences.indices.contains(chosen) else { return edge(step, &out) }
            }
            guard sentences.indices.contains(chosen) else { return }
            out.say(Announcement(.answer, target.text.text(sentences[chosen]), display: .none))
            move(to: sentences[chosen].lowerBound, target, &nav, &out)
        case .spell(let phonetic):
            let range = target.text.word(at: offset) ?? offset..<offset + 1
            let word = target.text.text(range)
            let separator = strings(.speechSeparator)
            let spelled = phonetic ? namer.spellPhonetically(word, alphabet: spellingAlphabet, separator: separator)
                                   : namer.spell(word, separator: separator)
            // Said and printed; the display shows the word under the review cursor.
            out.say(Announcement(.answer, [.named(spelled)], display: .none))
            move(to: offset, target, &nav, &out)
        case .describeCharacter:
            let description = namer.describe(target.text.characters[offset], separator: strings(.speechSeparator))
            move(to: offset, target, &nav, &out)
            // Shown as a message: the code is not on the display otherwise.
            out.notice("review.describe", description, readPunctuation: false)
        }
    }

    /// A routing key over plain text: the review cursor goes to that character and says it.
    func route(toLineCharacter character: Int, target: Target, _ nav: inout NavigationState, _ out: inout Announcer) {
        guard !target.text.isEmpty else { return }
        let offset = target.text.clamped(character - target.lineStart)
        out.say(Announcement(.answer, [.named(namer.name(target.text.characters[offset]))], display: .none))
        move(to: offset, target, &nav, &out)
    }

    /// The review offset for the focused element: where it was left in this element, else its start.
    static func offset(_ nav: NavigationState, _ target: Target) -> Int {
        guard let review = nav.review, review.screen == target.screen, review.index == target.index else { return 0 }
        return target.text.clamped(review.offset)
    }

    private func move(to offset: Int, _ target: Target, _ nav: inout NavigationState, _ out: inout Announcer) {
        nav.review = ReviewPosition(screen: target.screen, index: target.index, offset: offset)
        out.showFocus(BrailleLine(text: target.line.text, cursor: target.lineStart + offset, kind: .focus))
    }

    /// Past the last unit « Fin. », before the first « Début. », like the edges of a list.
    private func edge(_ step: ReviewStep, _ out: inout Announcer) {
        out.notice("review.edge", strings(step == .next ? .reviewEnd : .reviewStart))
    }
}
