// SPDX-License-Identifier: GPL-3.0-or-later
import Benchmark
import Foundation
import LecteurAudit
@_spi(Testing) import LecteurCore
import LecteurLocales
import LecteurNetwork

/// About 1 KB of accented French, as `scripts/audit-scale.py --accented` writes in each description.
let accentedParagraph = """
    Élaborée par des formatrices et des formateurs expérimentés, cette formation présente les étapes \
    d'un projet numérique accessible : écouter les besoins, concevoir des écrans lisibles à l'oreille \
    comme au doigt, vérifier avec un lecteur d'écran, réécrire ce qui gêne. Déjà suivie par des équipes \
    de collectivités, d'hôpitaux et d'écoles, elle s'achève par un exercice noté où chacun évalue \
    l'ergonomie d'un service réel, à Besançon, à Nîmes ou à Châlons-en-Champagne. « Très concrète », \
    disent les stagiaires ; ni prérequis ni matériel particulier.\u{20}
    """

/// The records of `scripts/audit-scale.py --accented`: descriptions of about 1 KB of accented French.
func accentedCatalogue(count: Int) -> Data {
    var json = "{\"data\": ["
    for i in 0..<count {
        if i > 0 { json += "," }
        let c = i % 40
        let price = i % 2 == 0 ? "\"\(100 + i % 2900).00\"" : "\(100 + i % 2900)"
        let description = "Session n° \(i). " + accentedParagraph + String(accentedParagraph.prefix(100 + i % 300))
        json += """
        {"id": \(i + 1), "title": "Formation \(i) : données, éthique et accessibilité", "description": "\(description)",\
         "duration": "\(1 + i % 5) jours", "level": "Intermédiaire", "price": \(price), "next_session": null,\
         "category": {"id": \(c), "name": "Catégorie \(c) é", "slug": "c\(c)", "color": "#000000", "icon": "i"}}
        """
    }
    return Data((json + "]}").utf8)
}

/// What the reader gives the pronunciation builder while reading the accented catalogue with
/// `tout lire`: each card of the list, then each element of each formation's detail screen.
/// Run on both scan paths of `SpokenTextBuilder` in the same process, and through the whole
/// reader (the reducer with its pronunciation), so the scalar path's worth to the reader shows.
func spokenTextBenchmarks(strings: Strings, timeZone: TimeZone) {
    let catalogue = try! TwoCoreCatalogueDecoder.decode(accentedCatalogue(count: 1_000)).catalogue
    let builder = PronunciationResources.builder(strings)!
    let screens = ScreenBuilder(strings: strings, timeZone: timeZone)
    let list = screens.formationsScreen(.loaded(catalogue), filter: nil).elements
    let texts = list.map(\.spokenLabel) + catalogue.formations.flatMap { screens.detailScreen($0).elements.map(\.spokenLabel) }

    for path in [SpokenTextBuilder.ScanPath.automatic, .characters] {
        Benchmark("Speech text of every card and detail element, 1 000 accented formations (\(texts.count) texts), \(path) path",
                  configuration: .init(metrics: [.wallClock], maxDuration: .seconds(5), maxIterations: 20)) { benchmark in
            for _ in benchmark.scaledIterations {
                for text in texts {
                    blackHole(builder.build(text, path: path))
                }
            }
        }
    }

    // The longest text a `suivant` gives the builder: one description (about 1.3 KB).
    let description = catalogue.formations[0].description
    for path in [SpokenTextBuilder.ScanPath.automatic, .characters] {
        Benchmark("Speech text of one accented description (\(description.utf8.count) bytes), \(path) path",
                  configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(builder.build(description, path: path))
            }
        }
    }

    // A person reading a formation: to the next card, open it, through its detail, back.
    let reader = Reader(strings: strings, timeZone: timeZone, pronunciation: builder)
    Benchmark("Read one accented formation's detail through the reader (next card, open, 7 × next, back)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3))) { benchmark in
        var state = ReaderState()
        _ = reader.reduce(&state, .catalogue(.loaded(catalogue, warnings: [], origin: .live)))
        for _ in benchmark.scaledIterations {
            blackHole(reader.reduce(&state, .command(.nextItem(.course))))
            blackHole(reader.reduce(&state, .command(.activate)))
            for _ in 0..<7 {
                blackHole(reader.reduce(&state, .command(.next)))
            }
            blackHole(reader.reduce(&state, .command(.back)))
        }
    }
}
