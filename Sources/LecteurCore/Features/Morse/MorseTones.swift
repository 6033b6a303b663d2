// SPDX-License-Identifier: GPL-3.0-or-later
/// The tones of an exercise, as announcement parts: a question (its number on the display, its
/// pattern for a learner by touch, never its text) and a wrong answer's correction. A value the
/// exercises hold, as they hold their strings: it keeps no state and answers no action (the
/// `morse TEXTE` command is `MorseReducer`'s).
struct MorseTones: Sendable {
    let strings: Strings
    let alphabet: MorseAlphabet
    let sampleRate: Int

    /// After a wrong answer: the right character and the one typed, one after the other, heard
    /// before their names are said. The answer is given, so the transcript's `morse` event names
    /// them; the display keeps the verdict and the next question.
    func playCorrection(_ characters: String, settings: MorseSettings, reportsHeard: Bool = false, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        let text = characters.map(String.init).joined(separator: " ")
        let encoding = alphabet.encode(text)
        guard !encoding.isEmpty else { return }
        let timeline = MorseTimeline(encoding: encoding, timing: settings.timing, sampleRate: sampleRate)
        let pattern = encoding.words.map { word in word.map(\.pattern).joined(separator: " ") }.joined(separator: " / ")
        var report = MorseReport(text: TextSanitizer.clean(text), pattern: pattern, wpm: settings.wpm,
                                 toneHz: settings.toneHz, durationMs: timeline.durationMs)
        report.printed = !reportsHeard
        // Tones alone: the verdict's words that name them follow as their own announcement.
        out.correction(Announcement(.answer, [.tone(Announcement.Tone(.correction(text: text, report: report), settings: settings))],
                                    display: .withWhatFollows, remember: false), reportsHeard: reportsHeard)
    }

    /// A practice or copying question: on the display what was just said (the last verdict,
    /// held by the announcer: every notice is brailled from its start), then the question's number, with
    /// its pattern as braille `cells` when the learner reads by touch; then its tones, and nothing
    /// that names it. The transcript's `morse`
    /// event carries the question's number in place of the text and the pattern, and no length.
    /// `now`: the question takes the display at once rather than waiting behind a message.
    /// `printedWhenHeard`: the printed line waits for the tones (`printHeard`), as beside a
    /// screen reader, which would read it over them.
    func ask(_ text: String, question: Int, settings: MorseSettings, showing touch: QuestionBraille, now: Bool = false,
             printedWhenHeard: Bool = false, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        let rhythm = touch == .rhythm && settings.wpm <= QuestionBraille.rhythmMaxWPM
        let label = questionLabel(text, question: question, settings: settings, showing: touch)
        let tone = Announcement.Tone(.question(text: text, number: question), settings: settings, shown: label)
        // The rhythm's last line is the display's line of the question (the verdict before it
        // included), which only the announcer knows: it is built there (`Announcer.ask`).
        let timeline = rhythm ? MorseTimeline(encoding: alphabet.encode(text), timing: settings.timing, sampleRate: sampleRate) : nil
        out.ask(Announcement(.question, [.tone(tone)], remember: false), label: label, now: now, printedWhenHeard: printedWhenHeard,
                rhythm: timeline)
    }

    /// The printed line of question `question`, once its tones have been heard.
    func printHeard(question: Int, settings: MorseSettings, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        out.append(.print(MorseQuestionReport(question: question, wpm: settings.wpm, toneHz: settings.toneHz).readableLine(strings)))
    }

    /// « Question N », with the pattern when the learner reads by touch: what the display shows of
    /// a question, and shows again until it is answered.
    func questionLabel(_ text: String, question: Int, settings: MorseSettings, showing touch: QuestionBraille) -> String {
        let label = strings(.morseTrainerQuestion, ["question": "\(question)"])
        // The rhythm needs a slow speed; faster (the speed was raised after choosing it), the
        // pattern is shown instead.
        let rhythm = touch == .rhythm && settings.wpm <= QuestionBraille.rhythmMaxWPM
        guard touch == .pattern || (touch == .rhythm && !rhythm) else { return label }
        return label + " " + MorseBraille.cells(alphabet.encode(text))
    }
}
