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
