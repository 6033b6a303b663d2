// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// What devices and storage report on their own, as the reader words and says it: in turn,
/// never cutting what is being said; a braille outage once until the display is back; the
/// library's own words only in the transcript's `detail`. Every step's whole effect list and state.
@Suite struct DeviceEventTests {
    func schedule(_ token: Int) -> Effect { .schedule(.brailleMessage(token: token), afterSeconds: 4) }
    func said(_ text: String, code: String, isError: Bool = false, token: Int) -> (inout ReaderState) -> Void {
        ReaderTestStore.remembered(code, text, isError: isError, token: token)
    }

    @Test func aBrailleOutageIsSaidOnceUntilTheDisplayIsBack() {
        var store = ReaderTestStore()
        let outage = "Plage braille : brltty refuse la connexion sur :0 (authentification BrlAPI). Vérifiez la clé BrlAPI (BRLAPI_AUTH). La lecture continue sans braille."
        store.send(.device(.brailleUnavailable(.authenticationFailed(host: ":0"))),
                   store.said("braille.auth", outage, .notice) + [schedule(1)]) {
            self.said(outage, code: "braille.auth", token: 1)(&$0)
            $0.devices.brailleOutageSaid = true
        }
        // The adapter keeps trying: each failure is reported, none is said again.
        store.send(.device(.brailleUnavailable(.authenticationFailed(host: ":0"))), [])
        store.send(.device(.brailleConnected), []) {
            $0.devices.brailleOutageSaid = false
            $0.devices.displayConnected = true
        }
        // Said again; the first is still on the display (its time is not up), so it waits.
        store.send(.device(.brailleUnavailable(.authenticationFailed(host: ":0"))),
                   store.saidBehind("braille.auth", outage, .notice)) {
            ReaderTestStore.rememberedBehind("braille.auth", outage)(&$0)
            $0.devices.brailleOutageSaid = true
            $0.devices.displayConnected = false
        }
    }

    /// Issue 45: under `--braille auto`, no brltty (or one with no display) is the usual case of
    /// a user who has none: nothing is said (beside Orca 43 it was 10 s before the first element).
    /// `--braille on`, or a display that was there and went away, is said.
    @Test func underAutoNoDisplayAnsweringIsNotSaidButALostOrRequiredOneIs() {
        let absent = BrailleDisplayError.noServer(host: ":0", SystemFailure(.unknown, text: ""))
        let empty = BrailleDisplayError.emptyDisplay(host: ":0")
        var auto = ReaderTestStore()
        auto.send(.device(.brailleUnavailable(absent)), [])
        auto.send(.device(.brailleUnavailable(empty)), [])
        // It connects, then goes away: that is said, once.
        auto.send(.device(.brailleConnected), []) { $0.devices.displayConnected = true }
        let lost = absent.message(Fixture.fr)
        auto.send(.device(.brailleUnavailable(absent)), auto.said("braille.noServer", lost, .notice) + [schedule(1)]) {
            self.said(lost, code: "braille.noServer", token: 1)(&$0)
            $0.devices.brailleOutageSaid = true
            $0.devices.displayConnected = false
        }
        auto.send(.device(.brailleUnavailable(absent)), [])
        // Asked for by name (`--braille on`), its absence is said.
        var required = ReaderTestStore()
        required.state.devices.displayRequired = true
        required.send(.device(.brailleUnavailable(empty)), required.said("braille.emptyDisplay", empty.message(Fixture.fr), .notice)
                      + [schedule(1)]) {
            self.said(empty.message(Fixture.fr), code: "braille.emptyDisplay", token: 1)(&$0)
            $0.devices.brailleOutageSaid = true
        }
    }

    @Test func soundAndSpeechDispatcherOutagesKeepTheLibrarysWordsInTheDetail() {
        var store = ReaderTestStore()
        let lost = "Le son est coupé : le serveur de son ne répond plus. Le texte reste affiché ; le lecteur rétablit le son dès que le serveur revient."
        store.send(.device(.audioLost), store.said("audio.lost", lost, .notice) + [schedule(1)],
                   state: said(lost, code: "audio.lost", token: 1))
        let back = "Le son est rétabli."
        // Each message has its whole time on the display: the next ones wait in turn.
        store.send(.device(.audioRestored), store.saidBehind("audio.restored", back, .notice),
                   state: ReaderTestStore.rememberedBehind("audio.restored", back))
        let speechd = "speech-dispatcher ne répond plus (connexion fermée par le service) : la lecture continue avec espeak-ng."
        // The library's words, cleaned of what a terminal would run, only in the event's detail.
        let detail = Effect.notice(code: "speechd.lost", message: speechd,
                                   detail: "speech-dispatcher closed the connection: socket closed")
        store.send(.device(.speechLost(.closed(detail: "socket\u{1B}[31m closed"), fallbackSpeaks: true)),
                   [detail] + store.saidBehind("speechd.lost", speechd, .notice).dropFirst(),
                   state: ReaderTestStore.rememberedBehind("speechd.lost", speechd))
    }

    @Test func aLineTooLongAndStorageFailuresAreErrors() {
        var store = ReaderTestStore()
        let tooLong = "Ligne trop longue : plus de 65536 octets. Elle est ignorée jusqu'à son retour à la ligne ; tapez une commande plus courte."
        store.send(.device(.lineTooLong(limitBytes: 65536)), store.said("input.tooLong", tooLong, isError: true, .error) + [schedule(1)],
                   state: said(tooLong, code: "input.tooLong", isError: true, token: 1))
        let notSaved = "Réglage appliqué pour cette session seulement : le fichier de configuration « /home/u/.config/lecteur/lecteur.toml » a une erreur de syntaxe à la ligne 3, corrigez-la pour enregistrer."
        store.send(.storageFailed(.settingsNotSaved(file: "/home/u/.config/lecteur/lecteur.toml", .syntax(line: 3))), store.saidBehind("storage", notSaved, isError: true, .error),
                   state: ReaderTestStore.rememberedBehind("storage", notSaved, isError: true))
        let database = "Impossible d'enregistrer dans la base de données (lecture seule)."
        store.send(.storageFailed(.database(.operationFailed(reason: .readOnly))), store.saidBehind("storage", database, isError: true, .error),
                   state: ReaderTestStore.rememberedBehind("storage", database, isError: true))
    }

    /// A device's answer to a setting, worded by the reader: what it took (saved by the reader,
    /// as its own settings are), or why it refused.
    @Test func aDeviceSettingIsConfirmedOrRefusedInTheReadersWords() {
        var store = ReaderTestStore()
        let taken = "Table braille : braille abrégé."
        store.send(.deviceConfigured(.brailleTable, .success(SettingValue(.brailleTable(.abrege)))),
                   [.persist(["braille.table": "abrege"])] + store.said("setting", taken),
                   state: { said(taken, code: "setting", token: 1)(&$0); $0.display.messageStays = true })
        let unknown = "Table braille inconnue : klingon. Choix possibles : intégral, abrégé ou informatique."
        store.send(.deviceConfigured(.brailleTable, .failure(.unknownBrailleTable(name: "klingon"))),
                   store.saidBehind("setting", unknown, isError: true, .error),
                   state: ReaderTestStore.rememberedBehind("setting", unknown, isError: true))
        let absent = "Ce réglage ne peut pas être changé maintenant : l'appareil qu'il règle est absent."
        store.send(.deviceConfigured(.speechVolume, .failure(.unavailable)),
                   store.saidBehind("setting", absent, isError: true, .error),
                   state: ReaderTestStore.rememberedBehind("setting", absent, isError: true))
    }
}

/// A device says only what it applied; where it is kept is the reader's.
@Suite struct DeviceSettingStorageTests {
    @Test func eachAppliedDeviceSettingIsKeptUnderItsOwnKeyOnly() {
        #expect(DeviceSettingStorage.stored(.brailleTable, SettingValue(.brailleTable(.abrege))) == ["braille.table": "abrege"])
        #expect(DeviceSettingStorage.stored(.speechBackend, SettingValue(.speechBackend("speechd"))) == ["speech.backend": "speechd"])
        #expect(DeviceSettingStorage.stored(.speechVoice, SettingValue(.speech("en-gb"))) == ["speech.voice": "en-gb"])
        // Only the setting changed, as applied: the rest of the voice stays where it was kept.
        #expect(DeviceSettingStorage.stored(.speechRate, SettingValue(.speech("210"))) == ["speech.rate": "210"])
        // Every voice setting has its reader setting, and no other setting is the voice's.
        let voiced = SettingKey.allCases.compactMap(DeviceSettingStorage.speechSetting)
        #expect(Set(voiced) == Set(SpeechSetting.allCases) && voiced.count == SpeechSetting.allCases.count)
    }
}
