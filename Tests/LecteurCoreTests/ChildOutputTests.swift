// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

// Children that return their output (`ChildOutput`), each tested alone.

/// Morse playing as a child alone (issue 47): it returns what it says as a value, without the
/// root, its state or the announcement policy; the words are written out here.
@Suite struct MorseReducerTests {
    let reducer = MorseReducer(strings: Fixture.fr, alphabet: .standard, sampleRate: 22_050)

    @Test func aTextWithoutMorseIsOneErrorAndNoTone() {
        let output = reducer.reduce(.play("#"), .default)
        #expect(output == ChildOutput([.say(.error("morse", "Rien à jouer : le texte ne contient aucun caractère Morse. "
                                                            + "Caractère sans code Morse, ignoré : « # »."))]))
    }

    @Test func aTextTooLongToPlayIsRefusedBeforeAnythingIsEncoded() {
        let output = reducer.reduce(.play(String(repeating: "E", count: 2_001)), .default)
        #expect(output == ChildOutput([.say(.error("morse", "Texte trop long pour être joué : 2001 caractères, la limite est de 2000. "
                                                            + "Pour un texte long, écrivez-le dans un fichier : « lecteur morse TEXTE --output morse.wav »."))]))
    }

    @Test func skippedCharactersAreSaidBeforeTheTonesWhichAreTheAnswer() throws {
        let output = reducer.reduce(.play("SOS #"), .default)
        #expect(output.delegates.isEmpty)
        try #require(output.steps.count == 2, "\(output.steps)")
        #expect(output.steps[0] == .say(.notice("morse.unknown", "Caractère sans code Morse, ignoré : « # ».")))
        guard case .say(let tones) = output.steps[1] else {
            Issue.record("the tones are said, not a bare effect: \(output.steps[1])")
            return
        }
        #expect(tones.kind == .answer)
        #expect(!tones.remember, "the tones are not the last message « répéter » says")
    }
}

/// The devices' child alone: what it says of an event is a value, and its slice changes as the
/// event says; the root is not involved.
@Suite struct DeviceReducerTests {
    let reducer = DeviceReducer(strings: Fixture.fr)

    @Test func aStorageFailureIsOneErrorAndTheSliceIsUntouched() {
        var devices = DeviceState()
        let before = devices
        let output = reducer.reduce(.storageFailed(.database(.operationFailed(reason: .full))), &devices)
        #expect(output == ChildOutput([.say(.error("storage", "Impossible d'enregistrer dans la base de données (disque plein)."))]))
        #expect(devices == before)
    }

    @Test func aDisplayConnectingSaysNothingAndIsKept() {
        var devices = DeviceState()
        devices.brailleOutageSaid = true
        let output = reducer.reduce(.event(.brailleConnected), &devices)
        #expect(output == ChildOutput())
        #expect(devices.displayConnected && !devices.brailleOutageSaid)
    }
}

/// The lists' child alone (issue 47): it is handed the history it lists (it read it from the
/// root's output before) and returns what it says and asks as a value.
@Suite struct ListScreenReducerTests {
    let reducer = ListScreenReducer(strings: Fixture.fr)

    @Test func theHistoryIsListedNewestFirstAndItsSizeSaid() {
        var lists = ListScreens()
        let output = reducer.reduce(.openHistory(history: ["Premier.", "Second."]), &lists)
        #expect(lists.historyEntries == ["Second.", "Premier."])
        #expect(output == ChildOutput([.say(Announcement(.context, "Historique, 2 annonces, la plus récente d'abord", remember: false))],
                                      delegates: [.openAndAnnounceFocus(.history)]))
    }

    @Test func anEmptyHistorySaysItsNameOnly() {
        var lists = ListScreens()
        let output = reducer.reduce(.openHistory(history: []), &lists)
        #expect(lists.historyEntries.isEmpty)
        #expect(output == ChildOutput([.say(Announcement(.context, "Historique", remember: false))],
                                      delegates: [.openAndAnnounceFocus(.history)]))
    }

    @Test func aLongAnswerOpensWithoutSayingAnything() {
        var lists = ListScreens()
        let output = reducer.reduce(.openAnswer(LongAnswer(title: "Réglages", lines: ["a", "b"])), &lists)
        #expect(lists.answerTitle == "Réglages")
        #expect(lists.answerEntries == ["a", "b"])
        #expect(output == ChildOutput(delegates: [.openAndShowScreen(.answer)]))
    }
}

/// The terminal's keyboard alone (issue 47): a key's echo is a value, marked as the key's answer
/// (`interrupting`), and the reading it stops is a delegate; the root is not involved.
@Suite struct TerminalReducerTests {
    let reducer = TerminalReducer(strings: Fixture.fr)

    @Test func aKeyIsEchoedAsTheKeysAnswerAndStopsTheReading() {
        var terminal = TerminalState(onTerminal: true, quitPending: false, closing: false)
        let output = reducer.reduce(.typed("k", word: ""), &terminal, .init(echo: .characters, goodbyeHold: nil))
        #expect(output == ChildOutput([.interrupting(Announcement(.answer, "k", record: .terminal, display: .none, remember: false))],
                                      delegates: [.stopReading]))
    }

    @Test func withoutAnEchoAKeyOnlySilencesSpeech() {
        var terminal = TerminalState(onTerminal: true, quitPending: false, closing: false)
        let output = reducer.reduce(.typed("k", word: ""), &terminal, .init(echo: .none, goodbyeHold: nil))
        #expect(output == ChildOutput([.effect(.silence)], delegates: [.stopReading]))
    }
}

/// The display's policy alone (issue 47): it reads what the action wrote as a summary value
/// (`DisplayWritten`), not the output the other children wrote into.
@Suite struct DisplayReducerTests {
    let reducer = DisplayReducer(strings: Fixture.fr)
    let context = DisplayReducer.Context(settings: ReaderSettings(), question: nil, paces: false)

    @Test func aMessageTheReaderShowedOnItsOwnFlashesForItsTime() {
        var display = DisplayState()
        let written = DisplayWritten(showedMessage: "14 formations chargées.", wroteBraille: true)
        let output = reducer.reduce(.finish(byUser: false, written), &display, context)
        #expect(output == ChildOutput([.effect(.schedule(.brailleMessage(token: 1), afterSeconds: 4))]))
        #expect(display.message == "14 formations chargées." && display.token == 1 && !display.messageStays)
    }

    @Test func aCommandThatWroteNothingTakesTheMessageAwayAndTheFocusComesBack() {
        var display = DisplayState()
        display.message = "14 formations chargées."
        let output = reducer.reduce(.finish(byUser: true, DisplayWritten()), &display, context)
        #expect(output == ChildOutput(delegates: [.focusBack]))
        #expect(display.message == nil)
    }

    @Test func aCommandWhoseAnswerIsAwaitedLeavesTheDisplayToIt() {
        var display = DisplayState()
        display.message = "14 formations chargées."
        let output = reducer.reduce(.finish(byUser: true, DisplayWritten(awaitsResult: true)), &display, context)
        #expect(output == ChildOutput())
        #expect(display.message == nil)
    }
}

/// The catalogue's child alone: a failed load is one error and a delegate for the list.
@Suite struct CatalogueReducerTests {
    let reducer = CatalogueReducer(strings: Fixture.fr, timeZone: Fixture.paris)

    @Test func aFailedLoadIsOneErrorAndTheListFollows() {
        var catalogue = CatalogueState()
        let output = reducer.reduce(.event(.failed(.file(.notAList))), &catalogue)
        let error = "Erreur lors du traitement des données. (une liste de formations, ou un objet avec « data », était attendue)"
        #expect(output == ChildOutput([.say(.error("catalogue", error))], delegates: [.failed]))
        #expect(catalogue.status == .failed(.file(.notAList)))
    }
}

/// The root's side of a key's echo (`Announcer.feed`): it cuts what plays, and the answer
/// pending is left as it was found, so the key's own answer still interrupts.
@Suite struct InterruptingStepTests {
    @Test func anEchoInterruptsAndLeavesTheAnswerPendingAsFound() {
        for pending in [false, true] {
            var out = Announcer(presenter: AnnouncementPresenter(strings: Fixture.fr), pronunciation: nil)
            out.announcement.answerPending = pending
            _ = out.feed(ChildOutput<Never>([.interrupting(Announcement(.answer, "k", record: .terminal, display: .none,
                                                                                    remember: false))]))
            #expect(out.effects == [.speak(Utterance(text: "k", interrupt: true, priority: .answer, printed: nil))])
            #expect(out.announcement.answerPending == pending)
        }
    }
}
