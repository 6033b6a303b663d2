// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 35, item 4: GNOME's « screen reader » switch (the session bus's `ScreenReaderEnabled`)
/// is watched, and the rule kept: the switch without an Orca process is not Orca. The switch
/// going on with no Orca is said once, after GNOME's time to start Orca; Lecteur's voice stays.
@Suite struct ScreenReaderSwitchCoreTests {
    static let alone = "Le lecteur d'écran de GNOME est activé, mais Orca ne tourne pas : Lecteur garde sa voix."

    /// No screen reader found at start, on a terminal, speech-dispatcher the voice.
    static func store(hasVoice: Bool = true) -> ReaderTestStore {
        var store = BesideScreenReaderCoreTests.beside(nil)
        store.state.devices.hasVoice = hasVoice
        return store
    }

    @Test func theSwitchAloneIsSaidOnceAndTheVoiceStays() {
        var store = Self.store()
        store.send(.screenReader(.observed(ScreenReaderSignals(screenReaderSwitch: true))),
                   [.schedule(.screenReaderSwitch, afterSeconds: 3)]) { $0.beside.screenReaderSwitch = true }
        // The same reading again (a /proc change elsewhere): no second timer.
        store.send(.screenReader(.observed(ScreenReaderSignals(brlttySpeech: false, screenReaderSwitch: true))), [])
        // No Orca came: said, and spoken (no screen reader speaks), the reader still nil.
        store.send(.timer(.screenReaderSwitch), store.said("screenreader.switch", Self.alone, .notice)
                   + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)],
                   state: ReaderTestStore.remembered("screenreader.switch", Self.alone, token: 1))
        // Off, then on again: a new switch, said again once its time is up.
        store.send(.screenReader(.observed(ScreenReaderSignals(screenReaderSwitch: false))), []) { $0.beside.screenReaderSwitch = false }
        store.send(.screenReader(.observed(ScreenReaderSignals(screenReaderSwitch: true))),
                   [.schedule(.screenReaderSwitch, afterSeconds: 3)]) { $0.beside.screenReaderSwitch = true }
    }

    @Test func orcaComingAfterTheSwitchIsOrcaAndTheSwitchIsNotSaid() {
        var store = Self.store()
        store.send(.screenReader(.observed(ScreenReaderSignals(screenReaderSwitch: true))),
                   [.schedule(.screenReaderSwitch, afterSeconds: 3)]) { $0.beside.screenReaderSwitch = true }
        let started = "Orca a démarré : Lecteur écrit tout et ne parle plus."
        // Orca's start is said with the answer to the user's next line (issue 45).
        store.send(.screenReader(.observed(ScreenReaderSignals(orcaProcess: true, screenReaderSwitch: true))), []) {
            $0.beside.reader = .orca
            $0.beside.startUnsaid = .orca
        }
        store.send(.timer(.screenReaderSwitch), [])
        store.send(.timedLine("", atMs: 0), BesideScreenReaderCoreTests.printedNotSpoken(store.said("screenreader.started", started, .notice))
                   + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)]) {
            $0.beside.startUnsaid = nil
            ReaderTestStore.remembered("screenreader.started", started, token: 1)(&$0)
        }
    }

    @Test func theSwitchTurnedOffWhileOrcaRunsChangesNothing() {
        var store = BesideScreenReaderCoreTests.beside(.orca)
        store.send(.screenReader(.observed(ScreenReaderSignals(orcaProcess: true, screenReaderSwitch: true))), []) {
            $0.beside.screenReaderSwitch = true
        }
        store.send(.screenReader(.observed(ScreenReaderSignals(orcaProcess: true, screenReaderSwitch: false))), []) {
            $0.beside.screenReaderSwitch = false
        }
    }

    @Test func withoutAVoiceItSaysWhatIsLeft() {
        var store = Self.store(hasVoice: false)
        let noVoice = Fixture.fr(.screenReaderSwitchWithoutOrcaNoVoice)
        store.send(.screenReader(.observed(ScreenReaderSignals(screenReaderSwitch: true))),
                   [.schedule(.screenReaderSwitch, afterSeconds: 3)]) { $0.beside.screenReaderSwitch = true }
        store.send(.timer(.screenReaderSwitch), store.said("screenreader.switch", noVoice, .notice)
                   + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)],
                   state: ReaderTestStore.remembered("screenreader.switch", noVoice, token: 1))
    }

    /// A bus that does not answer (nil) is no switch.
    @Test func aSilentBusIsNoSwitch() {
        var store = Self.store()
        store.send(.screenReader(.observed(ScreenReaderSignals(screenReaderSwitch: nil))), [])
        #expect(ScreenReaderSignals(screenReaderSwitch: true).screenReader == nil)
    }
}
