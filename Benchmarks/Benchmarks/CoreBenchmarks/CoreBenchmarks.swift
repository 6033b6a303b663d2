// SPDX-License-Identifier: GPL-3.0-or-later
import Benchmark
import Foundation
import LecteurAudit
import LecteurCore
import LecteurLocales
import LecteurNetwork

/// A catalogue of `count` formations in the API's JSON, over 40 categories, half of the prices
/// as Laravel decimal strings.
func generatedCatalogue(count: Int) -> Data {
    var json = "{\"data\": ["
    json.reserveCapacity(count * 260)
    for i in 0..<count {
        if i > 0 { json += "," }
        let c = i % 40
        let price = i % 2 == 0 ? "\"\(100 + i % 2900).00\"" : "\(100 + i % 2900)"
        let session = i % 3 == 0 ? "null" : "\"2026-0\(1 + i % 9)-1\(i % 9)T09:00:00.000000Z\""
        json += """
        {"id": \(i + 1), "title": "Formation \(i) : IA et données", "description": "Description de la formation \(i).",
         "duration": "\(1 + i % 5) jours", "level": "\(["Débutant", "Intermédiaire", "Expert"][i % 3])",
         "price": \(price), "next_session": \(session),
         "category": {"id": \(c), "name": "Catégorie \(c) é", "slug": "c\(c)", "color": "#000000", "icon": "i"}}
        """
    }
    return Data((json + "]}").utf8)
}

let benchmarks: @Sendable () -> Void = {
    morseBenchmarks()
    let strings = AuditResources.strings(locale: "fr")!
    let navigator = Navigator(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!)
    spokenTextBenchmarks(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!)
    let big = generatedCatalogue(count: 100_000)

    // As the reader, the audit and the network client load it: the second half on another core.
    Benchmark("Decode 100 000 formations",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try TwoCoreCatalogueDecoder.decode(big))
        }
    }

    let catalogue = try! CatalogueDecoder.decode(big).catalogue
    Benchmark("Label the 100 000-formation list",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(navigator.builder.formationsScreen(.loaded(catalogue), filter: nil))
        }
    }

    // The audit as `lecteur audit` runs it (walk every screen, run the 16 rules, write the
    // report as it goes), one benchmark per report format; the report goes to /dev/null, its
    // out-of-order sections through a scratch file in the temporary folder, as the command does.
    let audit = try! AuditRun(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!)
    for format in AuditFormat.allCases {
        Benchmark("Decode + audit 100 000 formations, \(format.rawValue) report",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 2)) { benchmark in
            for _ in benchmark.scaledIterations {
                let decoded = try TwoCoreCatalogueDecoder.decode(big)
                guard let null = fopen("/dev/null", "wb") else { return }
                let sink = AuditSink(file: null)
                blackHole(audit.write(decoded.catalogue, as: format, to: sink,
                                      scratchDirectory: FileManager.default.temporaryDirectory.path))
                fclose(null)
            }
        }
    }

    let builtIn = BuiltInCatalogue.load()
    // The whole reader (one reducer), as the command loop drives it.
    let spokenReader = Reader(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!,
                              pronunciation: PronunciationResources.builder(strings))
    let reader = Reader(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!)
    Benchmark("Command line to speech text (parse + navigate + pronounce), built-in catalogue",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))) { benchmark in
        var state = ReaderState()
        _ = spokenReader.reduce(&state, .catalogue(.loaded(builtIn, warnings: [], origin: .live)))
        for _ in benchmark.scaledIterations {
            blackHole(spokenReader.reduce(&state, .timedLine("suivant", atMs: 0)))
            if state.navigation.focusIndex > 15 { state.navigation.focus[.formations] = 0 }
        }
    }
    Benchmark("One navigation step (next) on the built-in catalogue",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2))) { benchmark in
        var state = ReaderState()
        _ = reader.reduce(&state, .catalogue(.loaded(builtIn, warnings: [], origin: .live)))
        for _ in benchmark.scaledIterations {
            blackHole(reader.reduce(&state, .command(.next)))
            if case .formations = state.navigation.currentScreenID, state.navigation.focusIndex > 15 { state.navigation.focus[.formations] = 0 }
        }
    }

    Benchmark("One navigation step (next) on the 100 000-formation list",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2), maxIterations: 50)) { benchmark in
        var state = ReaderState()
        _ = reader.reduce(&state, .catalogue(.loaded(catalogue, warnings: [], origin: .live)))
        for _ in benchmark.scaledIterations {
            blackHole(reader.reduce(&state, .command(.next)))
        }
    }
}
