// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// Issue 48, item 6: Wordsworth spacing beside Farnsworth, one at a time, and the reflex
/// drills' own character speed.
@Suite struct WordsworthSettingsTests {
    /// PARIS and its word gap last 60/s seconds: at 20 WPM characters, 10 WPM overall, the word
    /// gap is 6 000 − 43 × 60 = 3 420 ms and the character gap stays 3 units.
    @Test func theWordGapAloneMakesTheOverallSpeed() throws {
        let settings = try MorseSettings.default.setting("wordsworth", to: "10")
        let timing = settings.timing
        #expect(timing.usesWordsworth && !timing.usesFarnsworth)
        #expect(abs(timing.wordGapMs - 3_420) < 1e-9 && abs(timing.characterGapMs - 180) < 1e-9)
        let paris = MorseTimeline(encoding: MorseAlphabet.standard.encode("PARIS PARIS"), timing: timing, sampleRate: 22_050)
        // Two PARIS less the last word gap: 2 × 6 s − 3.42 s.
        #expect(abs(paris.durationMs - (12_000 - 3_420)) < 0.1)
    }

    /// One spacing at a time: Wordsworth turns Farnsworth off and the other way round; a speed
    /// at or below it turns it off; above the character speed it is refused in words.
    @Test func oneSpacingAtATime() throws {
        let farnsworth = try MorseSettings.default.setting("farnsworth", to: "10")
        let wordsworth = try farnsworth.setting("wordsworth", to: "12")
        #expect(wordsworth.farnsworthWPM == nil && wordsworth.wordsworthWPM == 12)
        #expect(try wordsworth.setting("farnsworth", to: "8").wordsworthWPM == nil)
        #expect(try wordsworth.setting("vitesse", to: "12").wordsworthWPM == nil)
        #expect(try wordsworth.setting("wordsworth", to: "non").wordsworthWPM == nil)
        #expect(throws: MorseSettingsError.wordsworthOutOfRange(25, wpm: 20)) { try MorseSettings.default.setting("wordsworth", to: "25") }
        #expect(MorseSettingsError.wordsworthOutOfRange(25, wpm: 20).message(french)
                == "Wordsworth « 25 » impossible : de 4 à 80 mots par minute, sans dépasser la vitesse des caractères (20), ou non.")
        #expect(wordsworth.storedValues["morse.wordsworth"] == "12" && MorseSettings.default.storedValues["morse.wordsworth"] == "off")
    }

    /// The reflex drills' speed: 25 WPM unless set, standard spacing, the ramp shortened to fit.
    @Test func reflexDrillsHaveTheirOwnSpeed() throws {
        #expect(ReflexSettings().wpm == 25)
        #expect(ReflexSettings.restore { $0 == ReflexSettings.wpmKey ? "30" : nil }.wpm == 30)
        #expect(ReflexSettings.restore { $0 == ReflexSettings.wpmKey ? "90" : nil }.wpm == 25)
        let slow = try MorseSettings.default.applying([.wpm: "10", .ramp: "20", .farnsworth: "5"])
        let fast = slow.atCharacterSpeed(80)
        #expect(fast.wpm == 80 && fast.farnsworthWPM == nil && fast.rampMs == MorseSettings.maxRampMs(wpm: 80))
        #expect((try? fast.validate()) != nil)
    }
}
