// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing
import LecteurTestSupport

/// Issue 37, item 9, in the renderer both outputs use: the band is seeded and random-access, so
/// chunks give the same samples as the whole, and only a seeded (copy practice) sending has it.
@Suite struct BandConditionsTests {
    func renderer(_ band: BandConditions) throws -> MorseToneRenderer {
        let settings = try MorseSettings.default.applying([.noise: "\(band.noisePercent)", .qrm: "\(band.qrmPercent)",
                                                            .fading: "\(band.fadingPercent)"])
        let aired = band.seed.map { settings.onTheAir(seed: $0) } ?? settings
        return MorseRenderer(settings: aired).playback(symbol: MorseAlphabet.standard.symbol(for: "K")!).tones
    }

    @Test func theSameSeedGivesTheSameBandAndChunksMatchTheWhole() throws {
        let band = BandConditions(noisePercent: 30, qrmPercent: 40, fadingPercent: 50, seed: 11)
        let whole = try renderer(band).renderAll()
        #expect(whole == (try renderer(band).renderAll()))
        let chunked = Array(try renderer(band).chunks(of: 1_000).joined())
        #expect(chunked == whole)
        var other = band
        other.seed = 12
        #expect((try renderer(other).renderAll()) != whole, "another seed, another band")
    }

    @Test func offTheAirOrClearTheSignalIsAlone() throws {
        let clean = try renderer(BandConditions()).renderAll()
        // Levels set but no seed (a question, `morse SOS`): exact silence between the elements.
        let unseeded = try renderer(BandConditions(noisePercent: 50, qrmPercent: 40, fadingPercent: 60)).renderAll()
        #expect(unseeded == clean)
        #expect(clean.contains(0))
        // On the air with noise: no exact silence left in the gaps.
        let noisy = try renderer(BandConditions(noisePercent: 50, seed: 1)).renderAll()
        #expect(noisy.count == clean.count)
        #expect(noisy.filter { $0 == 0 }.count < clean.filter { $0 == 0 }.count / 50)
    }

    /// A sending of `seconds` of steady keying (E at 20 WPM) with `band` on the air.
    static func mix(_ band: BandConditions, seconds: Double = 60, rate: Int = 22_050) -> (clean: [Int16], mix: BandMix) {
        let letters = Int(seconds * 1000 / 480)
        let words = [[MorseSymbol]](repeating: [MorseAlphabet.standard.symbol(for: "E")!], count: letters)
        let timeline = MorseTimeline(words: words, timing: MorseTiming(characterWPM: 20), sampleRate: rate)
        let clean = MorseToneRenderer(timeline: timeline, tone: MorseTone()).renderAll()
        return (clean, BandMix(conditions: band, clean: clean, tone: MorseTone(), sampleRate: rate)!)
    }

    /// `bruit N`: the hiss out of the filter is N % of the signal's RMS, 0 dB at 100; everything
    /// at its maximum is below 0 dB.
    @Test func theHissIsSetInTheFilterAndTheMaximumIsBelowZeroDecibels() {
        for (percent, expected) in [(30, 10.46), (100, 0.0)] {
            let (clean, mix) = Self.mix(BandConditions(noisePercent: percent, seed: 3))
            let snr = bandSNRDecibels(clean: clean, noisy: mix.samples)
            print("BAND model: bruit \(percent), SNR in the filter \(snr) dB")
            #expect(abs(snr - expected) < 0.5, "bruit \(percent): \(snr) dB")
        }
        let (clean, hardest) = Self.mix(BandConditions(noisePercent: 100, qrmPercent: 80, fadingPercent: 90, staticPercent: 100,
                                                       flutterPercent: 100, seed: 3))
        let snr = bandSNRDecibels(clean: clean, noisy: hardest.samples)
        print("BAND model: everything at its maximum, SNR in the filter \(snr) dB")
        #expect(snr <= 0)
    }

    /// Static as `Contest.pas` and `QrnStn.pas` make it: bursts begin in 1 % of 512-sample
    /// blocks at 11 025 Hz (0.215 a second) and last up to a second.
    @Test func staticBurstsComeAtMorseRunnersRate() {
        let (_, long) = Self.mix(BandConditions(staticPercent: 100, seed: 5), seconds: 300)
        print("BAND model: \(long.bursts.count) bursts in 300 s")
        // Poisson: within 4 σ of 64.6.
        #expect(abs(Double(long.bursts.count) - 64.6) < 4 * 64.6.squareRoot(), "\(long.bursts.count) bursts in 300 s")
        #expect(long.bursts.allSatisfy { $0.length <= 22_050 })
        let (_, none) = Self.mix(BandConditions(noisePercent: 30, seed: 5), seconds: 60)
        #expect(none.bursts.isEmpty, "no static asked, none drawn")
    }

    /// The filter: a tone at the centre passes whole, 300 Hz off it is 8 dB down, and its first
    /// null is the moving average's length away (22 050 / 31 = 711 Hz).
    @Test func theReceiverFilterIsMorseRunners() {
        #expect(BandConditions.filterPoints(sampleRate: 22_050) == 31)
        #expect(BandConditions.filterPoints(sampleRate: 11_025) == 15)
        #expect(abs(BandConditions.filterGain(offsetHz: 0, sampleRate: 22_050) - 1) < 1e-9)
        let db300 = 20 * log10(BandConditions.filterGain(offsetHz: 300, sampleRate: 22_050))
        #expect(db300 < -7 && db300 > -9, "\(db300)")
        #expect(BandConditions.filterGain(offsetHz: 22_050.0 / 31, sampleRate: 22_050) < 1e-6)
    }

    /// Other stations as `QrmStn.pas` draws them: pitch Gaussian within ±300 Hz (σ 150), 30–39
    /// WPM, QRL?, a long CQ or QSY first, then long CQs; 1–5 messages; they come and go.
    @Test func otherStationsAreDrawnAsMorseRunnerDraws() {
        var offsets: [Double] = [], speeds = Set<Int>(), firsts = Set<String>()
        for seed in 0..<25 as Range<UInt64> {
            let (_, mix) = Self.mix(BandConditions(qrmPercent: 80, seed: seed), seconds: 30)
            #expect(!mix.stations.isEmpty)
            for station in mix.stations {
                offsets.append(station.offsetHz)
                speeds.insert(station.wpm)
                #expect(station.level > 0 && station.level <= 0.8)
                #expect((1...5).contains(station.messages.count))
                firsts.insert(station.messages[0].text.replacingOccurrences(of: #"[A-Z]+[0-9][A-Z]+"#, with: "CALL",
                                                                             options: .regularExpression))
                for later in station.messages.dropFirst() { #expect(later.text.hasPrefix("CQ CQ TEST ")) }
            }
        }
        let mean = offsets.reduce(0, +) / Double(offsets.count)
        let sd = (offsets.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(offsets.count)).squareRoot()
        print("BAND model qrm: \(offsets.count) stations, pitch offset mean \(mean) Hz, σ \(sd) Hz, speeds \(speeds.sorted())")
        #expect(offsets.allSatisfy { abs($0) <= 300 })
        #expect(offsets.count > 40)
        // σ 150 Hz clipped at ±300 Hz (2 σ): about 144 Hz.
        #expect(abs(sd - 144) < 30, "\(sd)")
        #expect(speeds.isSubset(of: Set(30...39)) && speeds.count >= 8)
        #expect(firsts == ["QRL?", "QRL?   QRL?", "CQ CQ TEST CALL CALL TEST", "CALL  QSY QSY"], "\(firsts)")
    }

    /// Each signal's fading is drawn 0.1–0.6 Hz, flutter 3–33 Hz when it flutters.
    @Test func fadingIsRandomPerSignalAndFlutterIsOptional() {
        let slow = (0..<50 as Range<UInt64>).compactMap { Self.mix(BandConditions(fadingPercent: 60, seed: $0), seconds: 2).mix.signalFadeHz }
        #expect(slow.count == 50 && slow.allSatisfy { (0.1...0.6).contains($0) })
        #expect(Set(slow.map { ($0 * 10).rounded() }).count >= 5, "drawn, not fixed")
        let fluttering = (0..<20 as Range<UInt64>).compactMap {
            Self.mix(BandConditions(fadingPercent: 60, flutterPercent: 100, seed: $0), seconds: 2).mix.signalFadeHz
        }
        #expect(fluttering.count == 20 && fluttering.allSatisfy { (3...33).contains($0) })
    }
}
