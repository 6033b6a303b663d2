// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// `régler NOM` without a value says the setting and what it may be; `régler` alone opens the
/// « Réglages » screen once the devices have said their settings (issue 25).
@Suite struct SettingsReadingTests {
    let reader = Fixture.reader

    @Test func aReaderSettingIsSaidAtOnceWithItsChoices() {
        #expect(CommandParser().parse("régler ponctuation") == .command(.showSetting(name: "ponctuation")))
        #expect(CommandParser().parse("régler") == .command(.settingsScreen))
        var store = ReaderTestStore(state: Fixture.loadedState())
        let punctuation = "Ponctuation : quelques ; au choix aucune, quelques, la plupart, toute."
        // Said at once (a reader setting needs no device), taking the load message's place.
        store.send(.command(.showSetting(name: "ponctuation")),
                   store.said("setting", punctuation, interrupt: true),
                   state: { ReaderTestStore.remembered("setting", punctuation, token: 2)(&$0); $0.display.messageStays = true })
        let wpm = "Vitesse : 20 mots par minute ; de 5 à 80 mots par minute."
        store.send(.command(.showSetting(name: "vitesse")),
                   store.said("setting", wpm, interrupt: true),
                   state: ReaderTestStore.remembered("setting", wpm, token: 3))
    }

    /// The braille device names its table (`abrege`); the reader words it, as every sentence.
    @Test func aBrailleTableReportedByItsNameIsSaidInTheUsersWords() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.showSetting(name: "table-braille")), [.readSettings([.brailleTable])]) {
            $0.devices.settingsRequest = .one(.brailleTable)
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        let worded = SettingReading(value: Fixture.fr(.brailleTableAbrege),
                                    choices: [Fixture.fr(.brailleTableWordIntegral), Fixture.fr(.brailleTableWordAbrege),
                                              Fixture.fr(.brailleTableWordComputer8)])
        // The choices are what is typed back (`régler table-braille abrégé`), the value its label.
        let said = "Table-braille : braille abrégé ; au choix intégral, abrégé, informatique."
        store.receive(.settingsRead([.brailleTable: SettingReading(value: "abrege", choices: ["integral", "abrege", "comp8"])]), [
            .notice(code: "setting", message: said),
            .speak(Utterance(text: said, interrupt: true, priority: .answer)),
            .braille(BrailleLine(text: said, cursor: 0, kind: .message)),
        ]) {
            $0.display.messageStays = true
            $0.devices.settingsRequest = nil
            $0.devices.deviceSettings = [.brailleTable: worded]
            $0.announcement.answerPending = false
            $0.announcement.history.append(said)
            $0.announcement.lastMessage = LastMessage(code: "setting", text: said, isError: false)
            $0.display.message = said
            $0.display.token = 2
        }
    }

    @Test func aDeviceSettingIsAskedOfTheDeviceThenSaid() {
        // The load's message is on the display (token 1): the answer's message is the second.
        var store = ReaderTestStore(state: Fixture.loadedState())
        #expect(store.state.display.token == 1)
        store.send(.command(.showSetting(name: "débit")), [.readSettings([.speechRate])]) {
            $0.devices.settingsRequest = .one(.speechRate)
            $0.announcement.answerPending = true
            // Taken away by the command: the answer shows at once when it comes.
            $0.display.message = nil
        }
        let said = "Débit : 175 ; de 80 à 450."
        store.receive(.settingsRead([.speechRate: SettingReading(value: "175", range: 80...450)]), [
            .notice(code: "setting", message: said),
            .speak(Utterance(text: said, interrupt: true, priority: .answer)),
            .braille(BrailleLine(text: said, cursor: 0, kind: .message)),
        ]) {
            $0.display.messageStays = true
            $0.devices.settingsRequest = nil
            $0.devices.deviceSettings = [.speechRate: SettingReading(value: "175", range: 80...450)]
            $0.announcement.answerPending = false
            $0.announcement.history.append(said)
            $0.announcement.lastMessage = LastMessage(code: "setting", text: said, isError: false)
            $0.display.message = said
            $0.display.token = 2
        }
    }

    @Test func settingsAloneOpensTheScreenWithEverySettingAndBackLeavesIt() throws {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.state.settings.speakPosition = false
        store.send(.command(.settingsScreen), [.readSettings([.speechRate, .speechPitch, .speechVolume, .speechVoice, .speechBackend, .brailleTable])]) {
            $0.devices.settingsRequest = .screen
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        // The screen opens with the devices' answers: its name and size as a message, then the
        // first setting focused.
        let title = "Réglages, \(SettingKey.allCases.count) réglages"
        let verbosity = "Verbosité : complète. Pour changer : régler verbosité suivi de la valeur (au choix complète, brève)."
        let update: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.formations] = [.formations, .settings]
            $0.navigation.focus[.settings] = 0
            $0.devices.settingsRequest = nil
            $0.devices.deviceSettings = [.speechVoice: SettingReading(value: "fr")]
            $0.announcement.answerPending = false
            $0.announcement.history += [title, verbosity]
            $0.display.message = title
            $0.display.token = 2
        }
        let settings = store.after(update)
        let report = store.focus(settings, 0, saying: verbosity, role: nil)
        #expect(reader.builder.screen(for: settings).elements[0].label == "Verbosité : complète")
        store.receive(.settingsRead([.speechVoice: SettingReading(value: "fr")]), [
            .speak(Utterance(text: title, interrupt: true, priority: .answer, printed: title)),
            .braille(BrailleLine(text: title, cursor: 0, kind: .message)),
            report, .speak(Utterance(text: verbosity, interrupt: false, priority: .answer, printed: verbosity)),
            .schedule(.brailleMessage(token: 2), afterSeconds: 4),
        ], state: update)
        #expect(store.state.navigation.currentScreenID == .settings)
        let screen = reader.builder.screen(for: store.state)
        #expect(screen.elements.count == SettingKey.allCases.count)
        #expect(screen.elements.contains { $0.label == "Voix : fr" && $0.hint == "Pour changer : régler voix suivi de la valeur (valeur libre)." })
        #expect(screen.elements.contains { $0.label == "Débit : inconnu" }, "a device that did not answer")
        let back: (inout ReaderState) -> Void = {
            $0.navigation.stacks[.formations] = [.formations]
            $0.announcement.history.append("Toutes, sélectionné, bouton")
            $0.display.message = nil
        }
        let list = store.after(back)
        store.send(.command(.back), [
            store.focus(list, 0, saying: "Toutes, sélectionné, bouton", role: "bouton"), .speak(Utterance(text: "Toutes, sélectionné, bouton", interrupt: true, priority: .answer, printed: "Toutes, sélectionné, bouton")),
            store.focusLine(list, 0, shows: "[x] Toutes btn", cursor: 4),
        ], state: back)
        #expect(store.state.navigation.currentScreenID == .formations)
    }
}
