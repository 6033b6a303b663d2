// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

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

    @Test func theOtherStationIsAboveTheSignalUnlessThatPassesTheRange() {
        #expect(BandConditions.qrmHz(toneHz: 600) == 950)
        #expect(BandConditions.qrmHz(toneHz: 1_800) == 1_450)
    }
}
