// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// Issue 14: what French catalogues contain, rewritten for the ear by the lexicon and the builder.
@Suite struct FrenchNormaliserTests {
    let builder: SpokenTextBuilder
    init() throws { builder = try Fixtures.frenchBuilder() }

    @Test(arguments: [
        ("Formation n° 6", "Formation numéro 6"),
        ("n°6", "numéro 6"),
        ("la 2e session", "la deuxième session"),
        ("le XXe siècle", "le vingtième siècle"),
        ("XIXe et XXIe", "dix-neuvième et vingt-et-unième"),
        ("le 1er module, la 1re partie", "le premier module, la première partie"),
        ("le 2nd, la 2nde", "le second, la seconde"),
        ("du Ier au IIIe", "du premier au troisième"),
        ("Ce matin, Le Monde", "Ce matin, Le Monde"),
        ("M. Dupont", "monsieur Dupont"),
        ("Niveau M.", "Niveau M."),
        ("Mme Durand et Dr Martin", "madame Durand et docteur Martin"),
        ("p. 12, env. 3 heures", "page 12, environ 3 heures"),
        ("réf. 45, tél. 01 23 45 67 89", "référence 45, téléphone 01 23 45 67 89"),
        ("0612345678", "06 12 34 56 78"),
        ("01.23.45.67.89", "01 23 45 67 89"),
        ("Python vs Java", "Python versus Java"),
        ("C# et C++", "C sharp et C plusse plusse"),
        ("l'AI Act", "l'A I Act"),
        ("UX/UI", "u x u i"),
        ("IA & RGPD", "i a et RGPD"),
        ("50 km/h", "50 kilomètres par heure"),
        ("20 °C", "20 degrés Celsius"),
        ("1 °C", "1 degré Celsius"),
        ("300 €/jour", "300 euros par jour"),
        ("9h30-17h", "9 heures 30 à 17 heures"),
        ("de 9h-12h", "de 9 heures à 12 heures"),
        ("2025-2026", "2025 à 2026"),
        ("COVID-19", "COVID-19"),
        ("1/2 journée", "demi-journée"),
        ("½ journée", "demi-journée"),
        ("1/2", "un demi"),
        ("2/3", "2 tiers"),
        ("0 €", "0 euro"),
        ("1 €", "1 euro"),
        ("https://www.exemple.fr/formations/", "www point exemple point fr barre oblique formations"),
        ("Écrire à contact@exemple-formation.fr.", "Écrire à contact arobase exemple tiret formation point fr."),
        ("Méthode Koch", "Méthode Kok"),
    ])
    func rewritten(_ written: String, _ spoken: String) {
        #expect(builder.build(written) == spoken)
    }

    /// Signs are named where they stand alone, and left alone in running text.
    @Test(arguments: [
        ("Caractère sans code Morse, ignoré : « ! ».", "Caractère sans code Morse, ignoré : « point d'exclamation »."),
        ("ignorés : « # », « & ».", "ignorés : « croisillon », « esperluette »."),
        ("Symbole .", "Symbole point"),
        ("Juste : À.", "Juste : a accent grave."),
        ("À, point, trait", "a accent grave, point, trait"),
        ("À partir de 9h", "À partir de 9 heures"),
        ("Vouliez-vous dire « filtre » ?", "Vouliez-vous dire « filtre » ?"),
        ("Swift - les bases", "Swift - les bases"),
        ("Chargement des formations...", "Chargement des formations..."),
        ("0 %", "0 %"),
    ])
    func signs(_ written: String, _ spoken: String) {
        #expect(builder.build(written) == spoken)
    }

    @Test func frenchNumberWords() {
        #expect(FrenchNumberWords.ordinal(2) == "deuxième")
        #expect(FrenchNumberWords.ordinal(5) == "cinquième")
        #expect(FrenchNumberWords.ordinal(9) == "neuvième")
        #expect(FrenchNumberWords.ordinal(21) == "vingt-et-unième")
        #expect(FrenchNumberWords.ordinal(80) == "quatre-vingtième")
        #expect(FrenchNumberWords.ordinal(200) == "deux-centième")
        #expect(FrenchNumberWords.ordinal(1000) == "millième")
        #expect(FrenchNumberWords.cardinal(71) == "soixante-et-onze")
        #expect(FrenchNumberWords.cardinal(99) == "quatre-vingt-dix-neuf")
        #expect(FrenchNumberWords.cardinal(200_000) == "deux-cent-mille")
        #expect(FrenchNumberWords.roman("XXI") == 21)
        #expect(FrenchNumberWords.roman("IIII") == nil)
        #expect(FrenchNumberWords.roman("MCMXC") == 1990)
    }
}

extension FrenchNormaliserTests {
    @Test(arguments: [
        ("symboles : K, M. Écoutez", "symboles : K, M. Écoutez"),
        ("Bonjour M. Dupont", "Bonjour monsieur Dupont"),
        ("Juste : ?.", "Juste : point d'interrogation."),
        ("K, ?, 4", "K, point d'interrogation, 4"),
        ("Son : connecté, 0,4 s en attente", "Son : connecté, 0,4 seconde en attente"),
        ("3 s'inscrivent", "3 s'inscrivent"),
        ("Entraînement sur À : écoutez", "Entraînement sur a accent grave : écoutez"),
        ("Entraînement sur ? : écoutez", "Entraînement sur point d'interrogation : écoutez"),
        ("Pourquoi ? Parce que.", "Pourquoi ? Parce que."),
    ])
    func contextDecides(_ written: String, _ spoken: String) throws {
        let builder = try Fixtures.frenchBuilder()
        #expect(builder.build(written) == spoken)
    }
}

/// The new rules scan ahead (addresses, signs, ordinals): pasted runs built to make them rescan
/// stay linear. One at a time, so that the timing is the builder's and not the machine's load.
@Suite(.serialized) struct FrenchNormaliserHostileInputTests {
    @Test(arguments: ["'a", "«x", "n°", "1/", "XXe", "M. ", " . ", "9h-", "@.", "https://"])
    func hostileRunsStayLinear(unit: String) throws {
        let builder = try Fixtures.frenchBuilder()
        // Long enough that a quadratic scan costs seconds at the long size, so the one-second floor
        // below (the noise of a shared machine) does not hide it.
        let short = String(repeating: unit, count: 20_000 / unit.count)
        let long = String(repeating: unit, count: 200_000 / unit.count)
        // The best of a few runs each, so that a busy machine does not pass for a slow builder.
        func best(_ text: String, _ runs: Int) -> Double {
            (0..<runs).map { _ in
                let start = Date()
                _ = builder.build(text)
                return Date().timeIntervalSince(start)
            }.min() ?? 0
        }
        let shortTime = best(short, 3), longTime = best(long, 2)
        // Ten times the text: linear is about 10× the time, quadratic 100×.
        #expect(longTime < max(40 * shortTime, 1.0), "« \(unit) »: \(shortTime) s then \(longTime) s")
        print("HOSTILE \(unit): 20k \(shortTime) s, 200k \(longTime) s")
    }
}
