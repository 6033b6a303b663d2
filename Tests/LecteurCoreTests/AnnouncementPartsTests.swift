// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Tones and index marks are parts of an announcement (issue 35, item 1): the voice gets them in
/// their place among the words; print and braille get their textual form, or nothing by rule.
@Suite struct AnnouncementPartsTests {
    let presenter = AnnouncementPresenter(strings: Fixture.fr)
    let sos = MorseReport(text: "SOS", pattern: "... --- ...", wpm: 20, toneHz: 600, durationMs: 1_620)

    func tone(shown: String?) -> Announcement.Tone {
        Announcement.Tone(.playback(text: "SOS", report: sos), settings: .default, shown: shown)
    }

    @Test func theVoiceGetsWordsTonesAndMarksInOrder() {
        let played = tone(shown: "SOS ⠂⠂⠂")
        let parts: [Announcement.Part] = [.text("Écoutez"), .tone(played), .text("puis répondez"), .position("1 sur 3"), .mark(7)]
        #expect(presenter.voice(parts) == [.words("Écoutez"), .tone(played), .words("puis répondez, 1 sur 3"), .mark(7)])
        // Printed: the words only (the tone's line is its `morse` event's); shown: the tone's
        // textual form in its place, the mark nowhere.
        #expect(presenter.words(parts) == "Écoutez, puis répondez, 1 sur 3")
        #expect(presenter.braille(Announcement(.answer, parts)) == "Écoutez SOS ⠂⠂⠂, puis répondez, 1 sur 3")
    }

    @Test func anAnnouncementSaysItsPiecesThenShowsItsOneLine() {
        var out = Announcer(presenter: presenter, pronunciation: nil)
        out.announcement.answerPending = true
        let played = tone(shown: "SOS ⠂⠂⠂")
        let shown = out.say(Announcement(.answer, [.text("Voici"), .tone(played), .text("fini")], remember: true))
        #expect(shown == "Voici SOS ⠂⠂⠂, fini")
        // One printed line, on the first words; the first words interrupt, the rest queue; the
        // tone's event and sound in between, without a second interruption.
        #expect(out.effects == [
            .speak(Utterance(text: "Voici", interrupt: true, priority: .answer, printed: "Voici, fini")),
            .morse(sos), .playMorse(text: "SOS", settings: .default),
            .speak(Utterance(text: "fini", interrupt: false, priority: .answer)),
            .braille(BrailleLine(text: "Voici SOS ⠂⠂⠂, fini", cursor: 0, kind: .message)),
        ])
        #expect(out.announcement.history == ["Voici, fini"])
        #expect(!out.announcement.answerPending)
    }

    @Test func tonesAloneAsTheAnswerStopStaleSpeechAndAreNotHistory() {
        var out = Announcer(presenter: presenter, pronunciation: nil)
        out.announcement.answerPending = true
        out.say(Announcement(.answer, [.tone(tone(shown: "SOS ⠂⠂⠂"))], remember: false))
        #expect(out.effects == [.silence, .morse(sos), .playMorse(text: "SOS", settings: .default),
                                .braille(BrailleLine(text: "SOS ⠂⠂⠂", cursor: 0, kind: .message))])
        #expect(out.showedMessageStays, "an answer the user asked for stays until a key")
        #expect(out.announcement.history.isEmpty && !out.announcement.answerPending)
    }

    @Test func aQuestionIsShownAfterTheVerdictBeforeItsTonesAndNamesNothing() {
        var out = Announcer(presenter: presenter, pronunciation: nil)
        out.notice("practice", "Juste : K.", showing: false)
        let question = Announcement.Tone(.question(text: "M", number: 2), settings: .default, shown: "Question 2")
        let shown = out.sound(Announcement(.question, [.tone(question)], remember: false))
        // The question first, on window 1; the verdict after it, in brackets (issue 45, item 7).
        #expect(shown == "Question 2 (Juste : K.)")
        // Shown before its tones start: a learner reading by touch has it from the first tone.
        #expect(Array(out.effects.dropFirst(2)) == [
            .braille(BrailleLine(text: "Question 2 (Juste : K.)", cursor: 0, kind: .message)),
            .morseQuestion(MorseQuestionReport(question: 2, wpm: 20, toneHz: 600)),
            .playQuestion(text: "M", settings: .default, question: 2),
        ])
        #expect(!out.showedMessageStays, "a question flashes, and comes back until answered")
        #expect(out.held.isEmpty)
    }

    /// Issue 45, item 3: a timed drill by touch never queues its question behind a message still
    /// on the display (its clock runs from when it is shown): it takes the display at once.
    @Test func aQuestionThatTakesTheDisplayIsNeverQueued() {
        let question = Announcement.Tone(.question(text: "M", number: 2), settings: .default, shown: "Question 2")
        var held = Announcer(presenter: presenter, pronunciation: nil, holdFocus: true)
        held.notice("reflex", "Temps écoulé : c'était K.", showing: false)
        held.sound(Announcement(.question, [.tone(question)], remember: false))
        #expect(held.queuedMessages == ["Question 2 (Temps écoulé : c'était K.)"], "a reader's message waits its turn")
        var now = Announcer(presenter: presenter, pronunciation: nil, holdFocus: true)
        now.notice("reflex", "Temps écoulé : c'était K.", showing: false)
        now.questionTakesDisplay = true
        now.sound(Announcement(.question, [.tone(question)], remember: false))
        #expect(now.queuedMessages.isEmpty)
        #expect(now.effects.contains(.braille(BrailleLine(text: "Question 2 (Temps écoulé : c'était K.)", cursor: 0, kind: .message))))
    }

    /// Issue 35 item 1: the display's life is the kind's, not the exercise's. A verdict that
    /// answers the user, with the question after it, stays until a key; the same said on the
    /// reader's own (a drill's timer) flashes; a question asked again for the user stays.
    @Test func aQuestionsLifeOnTheDisplayIsDecidedByWhoItAnswers() {
        let question = Announcement.Tone(.question(text: "M", number: 2), settings: .default, shown: "Question 2")
        for answering in [true, false] {
            var out = Announcer(presenter: presenter, pronunciation: nil, answering: answering)
            out.notice("practice", "Juste : K.", showing: false)
            #expect(out.sound(Announcement(.question, [.tone(question)], remember: false)) == "Question 2 (Juste : K.)")
            #expect(out.showedMessageStays == answering, "answering: \(answering)")
        }
        var replay = Announcer(presenter: presenter, pronunciation: nil, answering: true)
        replay.sound(Announcement(.question, [.tone(question)], remember: false))
        #expect(replay.showedMessageStays)
        // What is held and shown without a question keeps its kind's life too: a summary that
        // answers `stop` stays; a notice of the reader's own flashes.
        var summary = Announcer(presenter: presenter, pronunciation: nil, answering: true)
        summary.notice("practice", "Entraînement terminé.", showing: false)
        summary.showHeld()
        #expect(summary.showedMessageStays)
        var notice = Announcer(presenter: presenter, pronunciation: nil, answering: true)
        notice.notice("practice", "Niveau enregistré.", kind: .notice, showing: false)
        notice.showHeld()
        #expect(!notice.showedMessageStays)
    }

    @Test func aMarkIsAnAnnouncementThatSaysPrintsAndShowsNothing() {
        var out = Announcer(presenter: presenter, pronunciation: nil)
        out.mark(4)
        #expect(out.effects == [.whenSpoken(token: 4)])
        #expect(out.showedMessage == nil && !out.wroteBraille)
    }

    @Test func aCorrectionIsHeardBeforeTheVerdictAndShownWithIt() {
        var out = Announcer(presenter: presenter, pronunciation: nil)
        let report = MorseReport(text: "A E", pattern: ".- / .", wpm: 20, toneHz: 600, durationMs: 780)
        out.sound(Announcement(.answer, [.tone(Announcement.Tone(.correction(text: "A E", report: report), settings: .default))],
                               display: .withWhatFollows, remember: false))
        out.notice("practice", "Faux : c'était A.", showing: false)
        #expect(Array(out.effects.prefix(3)) == [.morse(report), .playCorrection(text: "A E", settings: .default),
                                                 .notice(code: "practice", message: "Faux : c'était A.")])
        // A tone with no textual form adds nothing to what the display holds.
        #expect(out.held == ["Faux : c'était A."])
    }
}
