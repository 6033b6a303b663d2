// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import LecteurCore

@Suite struct SettingsTests {
    @Test func defaultsAreValidAndMapToTimingAndTone() throws {
        let settings = MorseSettings.default
        try settings.validate()
        #expect(settings.timing == MorseTiming(characterWPM: 20))
        #expect(settings.tone == MorseTone(frequency: 600, volume: 0.8, rampMs: 5))
    }

    @Test func setWithFrenchAliasesAndUnits() throws {
        var s = MorseSettings.default
        s = try s.setting("vitesse", to: "25")
        s = try s.setting("Farnsworth", to: "12 mpm")
        s = try s.setting("tonalité", to: "700 Hz")
        s = try s.setting("VOLUME", to: "50 %")
        s = try s.setting("rampe", to: "4,5")
        #expect(s.wpm == 25 && s.farnsworthWPM == 12 && s.toneHz == 700 && s.volumePercent == 50 && s.rampMs == 4.5)
        #expect(s.timing == MorseTiming(characterWPM: 25, overallWPM: 12))
        #expect(s.confirmation(for: .ramp, french) == "Rampe Morse : 4,5 millisecondes.")
        #expect(s.confirmation(for: .wpm, french) == "Vitesse Morse : 25 mots par minute. Vitesse Farnsworth : 12 mots par minute.")
        s = try s.setting("farnsworth", to: "non")
        #expect(s.farnsworthWPM == nil)
        #expect(s.confirmation(for: .farnsworth, french) == "Espacement Farnsworth désactivé.")
        // Lowering the speed to the Farnsworth speed makes Farnsworth meaningless: it goes.
        s = try s.setting(.farnsworth, to: "15").setting(.wpm, to: "15")
        #expect(s.wpm == 15 && s.farnsworthWPM == nil)
    }

    @Test func invalidValuesGiveFrenchErrors() {
        let s = MorseSettings.default
        func message(_ name: String, _ value: String) -> String? {
            do { _ = try s.setting(name, to: value); return nil } catch { return error.message(french) }
        }
        #expect(message("wpm", "90") == "Vitesse invalide : 90. Choisissez entre 5 et 80 mots par minute.")
        #expect(message("wpm", "vite") == "Valeur non reconnue pour le réglage « vitesse » : « vite ». Un nombre est attendu.")
        #expect(message("wpm", "20.5") != nil)
        #expect(message("farnsworth", "30") == "La vitesse Farnsworth (30 mots par minute) ne peut pas dépasser la vitesse des caractères (20 mots par minute).")
        #expect(message("farnsworth", "3") == "Vitesse Farnsworth invalide : 3. Choisissez entre 4 et 80 mots par minute, ou « non » pour la désactiver.")
        // CW Academy's 25/4: characters at 25 WPM spaced down to 4 WPM.
        #expect((try? s.applying([.wpm: "25", .farnsworth: "4"]))?.timing.overallWPM == 4)
        #expect(message("tone", "50") == "Tonalité invalide : 50. Choisissez entre 200 et 2000 hertz.")
        #expect(message("volume", "0") == "Volume invalide : 0. Choisissez entre 1 et 100 %.")
        #expect(message("ramp", "25") == "Rampe invalide : 25. Choisissez entre 0 et 20 millisecondes.")
        #expect(message("couleur", "rouge") == "Réglage inconnu : « couleur ». Réglages : vitesse, farnsworth, tonalité, volume, rampe.")
        // At 60 WPM a dot lasts 20 ms: a 15 ms ramp cannot fit twice.
        #expect(throws: MorseSettingsError.rampTooLong(rampMs: 15, wpm: 60, maxMs: 10)) {
            try MorseSettings(wpm: 60, rampMs: 15)
        }
        #expect(throws: MorseSettingsError.wpmOutOfRange(4)) { try MorseSettings(wpm: 4) }
    }

    /// Issue 48, item 6: QRQ learners (Morse Code Ninja) go past 60 WPM; up to 80 is taken,
    /// and its tones are the book's: a dit of 15 ms and its element space 15 ms in the timeline,
    /// and in the samples from half-amplitude to half-amplitude (the ramps rise from the
    /// element's start and fall after its end, meeting half-way at the book's length).
    @Test func eightyWPMIsTakenAndItsDitLasts15ms() throws {
        let s = try MorseSettings.default.setting("vitesse", to: "80")
        #expect(s.wpm == 80 && s.timing.unitMs == 15)
        let rate = 48_000
        let renderer = MorseRenderer(settings: s, sampleRate: rate)
        let i = MorseAlphabet.standard.symbol(for: "I")!
        let segments = renderer.timeline(i).segments
        #expect(segments.filter(\.kind.isTone).map(\.length) == [720, 720], "\(segments)")
        let samples = renderer.samples(i)
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        // Runs at half the peak or more, a 600 Hz cycle's zero crossings bridged.
        var runs: [(start: Int, end: Int)] = []
        for (index, sample) in samples.enumerated() where 2 * abs(Int(sample)) >= peak {
            if let last = runs.last, index - last.end <= rate / 600 { runs[runs.count - 1].end = index } else { runs.append((index, index)) }
        }
        let ms = { (samples: Int) in Double(samples) * 1000 / Double(rate) }
        #expect(runs.count == 2, "\(runs)")
        for run in runs { #expect(abs(ms(run.end - run.start) - 15) <= 1, "\(runs.map { ms($0.end - $0.start) })") }
        if runs.count == 2 { #expect(abs(ms(runs[1].start - runs[0].end) - 15) <= 1.5, "\(runs)") }
        #expect(throws: MorseSettingsError.wpmOutOfRange(81)) { try MorseSettings(wpm: 81) }
    }

    @Test func storedValuesRoundTripAndBadOnesAreReported() throws {
        let s = try MorseSettings(wpm: 18, farnsworthWPM: 8, toneHz: 650, volumePercent: 70, rampMs: 2.5)
        let stored = s.storedValues
        #expect(MorseSettings.load { stored[$0] }.settings == s)
        #expect(MorseSettings.load { stored[$0] }.issues.isEmpty)
        #expect(MorseSettings.load { _ in nil }.settings == .default)
        let broken = ["morse.wpm": "25", "morse.tone": "abc"]
        let (loaded, issues) = MorseSettings.load { broken[$0] }
        #expect(loaded.wpm == 25 && loaded.toneHz == 600)
        #expect(issues.map { $0.message(french) } == [
            "Réglage Morse enregistré ignoré (morse.tone = « abc ») : Valeur non reconnue pour le réglage « tonalité » : « abc ». Un nombre est attendu.",
        ])
    }

    @Test func commandLineOverridesAreCheckedAsAWhole() throws {
        let stored = try MorseSettings(wpm: 20, rampMs: 12)
        // 60 WPM alone cannot take a 12 ms ramp; with the new ramp it can.
        #expect(throws: MorseSettingsError.rampTooLong(rampMs: 12, wpm: 60, maxMs: 10)) { try stored.setting(.wpm, to: "60") }
        let cli = try stored.applying([.wpm: "60", .ramp: "4", .tone: "750"])
        #expect(cli.wpm == 60 && cli.rampMs == 4 && cli.toneHz == 750)
        // Speed and Farnsworth given together, in any order of the flags.
        let fw = try MorseSettings.default.applying([.farnsworth: "30", .wpm: "35"])
        #expect(fw.wpm == 35 && fw.farnsworthWPM == 30)
        #expect(throws: MorseSettingsError.farnsworthAboveWPM(farnsworth: 30, wpm: 25)) {
            try MorseSettings.default.applying([.farnsworth: "30", .wpm: "25"])
        }
    }
}
