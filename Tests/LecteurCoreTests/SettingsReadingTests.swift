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
        var state = Fixture.loadedState()
        let effects = reader.reduce(&state, .command(.showSetting(name: "ponctuation")))
        #expect(effects.notices == ["Ponctuation : quelques ; au choix aucune, quelques, la plupart, toute."])
        let wpm = reader.reduce(&state, .command(.showSetting(name: "vitesse")))
        #expect(wpm.notices == ["Vitesse : 20 ; de 5 à 60."])
    }

    @Test func aDeviceSettingIsAskedOfTheDeviceThenSaid() {
        // The load's message is on the display (token 1): the answer's message is the second.
        var store = ReaderTestStore(state: Fixture.loadedState())
        #expect(store.state.display.token == 1)
        store.send(.command(.showSetting(name: "débit")), [.readSettings([.speechRate])]) {
            $0.settingsRequest = .one(.speechRate)
            $0.announcement.answerPending = true
            // Taken away by the command: the answer shows at once when it comes.
            $0.display.message = nil
        }
        let said = "Débit : 175 ; de 80 à 450."
        store.send(.settingsRead([.speechRate: SettingReading(value: "175", range: 80...450)]), [
            .notice(code: "setting", message: said),
            .speak(Utterance(text: said, interrupt: true, priority: .answer)),
            .braille(BrailleLine(text: said, cursor: 0, kind: .message)),
            .schedule(.brailleMessage(token: 2), afterSeconds: 4),
        ]) {
            $0.settingsRequest = nil
            $0.deviceSettings = [.speechRate: SettingReading(value: "175", range: 80...450)]
            $0.announcement.answerPending = false
            $0.history.append(said)
            $0.lastMessage = LastMessage(code: "setting", text: said, isError: false)
            $0.display.message = said
            $0.display.token = 2
        }
    }

    @Test func settingsAloneOpensTheScreenWithEverySettingAndBackLeavesIt() throws {
        var state = Fixture.loadedState()
        state.settings.speakPosition = false
        let asked = reader.reduce(&state, .command(.settingsScreen))
        #expect(asked == [.readSettings([.speechRate, .speechPitch, .speechVolume, .speechVoice, .speechBackend, .brailleTable, .kochLesson])])
        let opened = reader.reduce(&state, .settingsRead([.speechVoice: SettingReading(value: "fr")]))
        #expect(state.currentScreenID == .settings)
        #expect(opened.spoken.first == "Réglages, \(SettingKey.allCases.count) réglages")
        let report = try #require(opened.focusReport)
        #expect(report.element.label == "Verbosité : complète")
        let screen = reader.builder.screen(for: state)
        #expect(screen.elements.count == SettingKey.allCases.count)
        #expect(screen.elements.contains { $0.label == "Voix : fr" && $0.hint == "Pour changer : régler voix suivi de la valeur (valeur libre)." })
        #expect(screen.elements.contains { $0.label == "Débit : inconnu" }, "a device that did not answer")
        _ = reader.reduce(&state, .command(.back))
        #expect(state.currentScreenID == .formations)
    }
}
