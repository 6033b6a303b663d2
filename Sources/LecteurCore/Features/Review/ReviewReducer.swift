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

    /// `namesSigns`: a screen reader reads the printed line, so a sign reviewed alone is printed
    /// by its name (« virgule »: Orca 43 does not voice a lone « , »; Lecteur's voice names it).
    func handle(_ request: Request, target: Target?, spellingAlphabet: String, namesSigns: Bool = false,
                _ nav: inout NavigationState, _ out: inout ChildOutput<Never>) {
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
            out.say(Announcement(.answer, [.named(namer.name(target.text.characters[offset]))], display: Self.shown(step)))
            move(to: offset, target, &nav, &out)
        case .review(.word, let step):
            if step != .current {
                let moved = step == .next ? target.text.nextWordStart(after: offset) : target.text.previousWordStart(before: offset)
                guard let moved else { return edge(step, &out) }
                offset = moved
            }
            if let word = target.text.word(at: offset), !(namesSigns && Self.isSign(target.text, word)) {
                out.say(Announcement(.answer, target.text.text(word), display: Self.shown(step)))
            } else {
                out.say(Announcement(.answer, [.named(namer.name(target.text.characters[offset]))], display: Self.shown(step)))
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
            out.say(Announcement(.answer, target.text.text(sentences[chosen]), display: Self.shown(step)))
            move(to: sentences[chosen].lowerBound, target, &nav, &out)
        case .spell(let phonetic):
            let range = target.text.word(at: offset) ?? offset..<offset + 1
            let word = target.text.text(range)
            let separator = strings(.speechSeparator)
            let spelled = phonetic ? namer.spellPhonetically(word, alphabet: spellingAlphabet, separator: separator)
                                   : namer.spell(word, separator: separator)
            // Said, printed and shown until a key; the line comes back after it, its cursor on
            // the word spelled (the display was left unchanged: nothing told a finger it was done).
            out.say(Announcement(.answer, [.named(spelled)], display: .message))
            move(to: offset, target, &nav, &out)
        case .describeCharacter:
            let description = namer.describe(target.text.characters[offset], separator: strings(.speechSeparator))
            move(to: offset, target, &nav, &out)
            // Shown as a message: the code is not on the display otherwise.
            out.notice("review.describe", description, readPunctuation: false)
        }
    }

    /// A routing key over plain text: the review cursor goes to that character and says it.
    func route(toLineCharacter character: Int, target: Target, _ nav: inout NavigationState, _ out: inout ChildOutput<Never>) {
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

    private func move(to offset: Int, _ target: Target, _ nav: inout NavigationState, _ out: inout ChildOutput<Never>) {
        nav.review = ReviewPosition(screen: target.screen, index: target.index, offset: offset)
        out.showFocus(BrailleLine(text: target.line.text, cursor: target.lineStart + offset, kind: .focus))
    }

    /// Where a review answer goes on the display: a move shows the line with the cursor moved
    /// (the finger feels it go); the unit where the cursor already is shows what was said, until
    /// a key, then the line with its cursor (the line alone was unchanged on the display, so
    /// `caractère` showed nothing new).
    static func shown(_ step: ReviewStep) -> Announcement.Display {
        step == .current ? .message : .none
    }

    /// A « word » that is one sign, not a letter or digit (a comma, a dash between blanks).
    static func isSign(_ text: ReviewText, _ word: Range<Int>) -> Bool {
        word.count == 1 && !text.characters[word.lowerBound].isLetter && !text.characters[word.lowerBound].isNumber
    }

    /// Past the last unit « Fin. », before the first « Début. », like the edges of a list.
    private func edge(_ step: ReviewStep, _ out: inout ChildOutput<Never>) {
        out.notice("review.edge", strings(step == .next ? .reviewEnd : .reviewStart))
    }
}
