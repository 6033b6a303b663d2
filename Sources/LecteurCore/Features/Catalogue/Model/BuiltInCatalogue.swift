// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The catalogue the reader shows when no `--catalog` is given. It is kept in the API's own
/// JSON format and goes through the same decoder, so the default path exercises the real one.
public enum BuiltInCatalogue {
    public static func load() -> Catalogue {
        // The text below is part of the program; a decoding failure is a build defect the
        // tests catch, so an empty catalogue is the only fallback needed.
        (try? CatalogueDecoder.decode(Data(json.utf8)).catalogue) ?? Catalogue(formations: [])
    }

    public static let json = #"""
    {"data": [
      {"id": 1, "title": "Starter Pack - IA Générative",
       "description": "Découvrez les fondamentaux de l'IA générative : modèles de langage, génération d'images et usages responsables en entreprise.",
       "duration": "2 jours", "level": "Débutant", "price": "990.00", "next_session": "2026-02-15T09:00:00Z",
       "category": {"id": 1, "name": "IA Générative", "slug": "ia-generative", "color": "#8B5CF6", "icon": "sparkles"}},
      {"id": 2, "title": "Rédiger des prompts efficaces",
       "description": "Méthodes pour formuler des consignes claires à un assistant conversationnel et vérifier ses réponses.",
       "duration": "1 jour", "level": "Débutant", "price": 490, "next_session": "2026-03-10T09:00:00+01:00",
       "category": {"id": 1, "name": "IA Générative", "slug": "ia-generative", "color": "#8B5CF6", "icon": "sparkles"}},
      {"id": 3, "title": "Agents IA et automatisation",
       "description": "Concevoir des agents qui enchaînent des outils, avec des garde-fous et une supervision humaine.",
       "duration": "3 jours", "level": "Expert", "price": "1490.00", "next_session": null,
       "category": {"id": 1, "name": "IA Générative", "slug": "ia-generative", "color": "#8B5CF6", "icon": "sparkles"}},
      {"id": 4, "title": "Machine Learning avec Python",
       "description": "Préparer des données, entraîner et évaluer des modèles supervisés avec scikit-learn.",
       "duration": "5 jours", "level": "Intermédiaire", "price": 2490, "next_session": "2026-04-06T08:30:00Z",
       "category": {"id": 2, "name": "Machine Learning", "slug": "machine-learning", "color": "#0EA5E9", "icon": "cpu"}},
      {"id": 5, "title": "Deep Learning appliqué à la vision",
       "description": "Réseaux convolutifs, apprentissage par transfert et mise en production d'un modèle de vision.",
       "duration": "4 jours", "level": "Expert", "price": "2190.00", "next_session": "2026-05-18T09:00:00Z",
       "category": {"id": 2, "name": "Machine Learning", "slug": "machine-learning", "color": "#0EA5E9", "icon": "cpu"}},
      {"id": 6, "title": "Statistiques pour la data science",
       "description": "Les bases statistiques indispensables pour interpréter un modèle : tests, intervalles, biais.",
       "duration": "2 jours", "level": "Intermédiaire", "price": 890, "next_session": null,
       "category": {"id": 2, "name": "Machine Learning", "slug": "machine-learning", "color": "#0EA5E9", "icon": "cpu"}},
      {"id": 7, "title": "Éthique et conformité de l'IA",
       "description": "Le règlement européen sur l'IA, le RGPD et les méthodes d'évaluation des risques d'un système.",
       "duration": "1 jour", "level": "Débutant", "price": 590, "next_session": "2026-01-29T13:30:00Z",
       "category": {"id": 3, "name": "Éthique et réglementation", "slug": "ethique", "color": "#10B981", "icon": "scale"}},
      {"id": 8, "title": "Audit d'un système d'IA",
       "description": "Mener l'audit d'un système d'IA : documentation, jeux de test, équité et traçabilité.",
       "duration": "3 jours", "level": "Expert", "price": "1890.00", "next_session": "2026-06-02T09:00:00Z",
       "category": {"id": 3, "name": "Éthique et réglementation", "slug": "ethique", "color": "#10B981", "icon": "scale"}},
      {"id": 9, "title": "Accessibilité numérique : les bases du RGAA",
       "description": "Comprendre le RGAA et les WCAG, tester une page avec un lecteur d'écran et corriger les défauts courants.",
       "duration": "2 jours", "level": "Débutant", "price": 1190, "next_session": "2026-02-23T09:00:00Z",
       "category": {"id": 4, "name": "Accessibilité", "slug": "accessibilite", "color": "#F59E0B", "icon": "accessibility"}},
      {"id": 10, "title": "Lecteurs d'écran et plages braille",
       "description": "Prendre en main Orca, NVDA et une plage braille pour vérifier soi-même ce qu'annonce une interface.",
       "duration": "1 jour", "level": "Intermédiaire", "price": 690, "next_session": null,
       "category": {"id": 4, "name": "Accessibilité", "slug": "accessibilite", "color": "#F59E0B", "icon": "accessibility"}},
      {"id": 11, "title": "Découverte de la bureautique",
       "description": "Premiers pas avec un traitement de texte et un tableur, à son rythme.",
       "duration": "3 heures", "level": "Débutant", "price": 79, "next_session": "2026-01-12T14:00:00Z",
       "category": {"id": 5, "name": "Bureautique", "slug": "bureautique", "color": "#64748B", "icon": "doc"}},
      {"id": 12, "title": "Tableur avancé : tableaux croisés",
       "description": "Tableaux croisés dynamiques, fonctions de recherche et graphiques pour analyser des données.",
       "duration": "14 heures", "level": "Intermédiaire", "price": "349.00", "next_session": "2026-03-02T09:00:00Z",
       "category": {"id": 5, "name": "Bureautique", "slug": "bureautique", "color": "#64748B", "icon": "doc"}},
      {"id": 13, "title": "Apprendre le Morse à l'oreille",
       "description": "La méthode Koch pas à pas : reconnaître les caractères au son, sans compter les points et les traits.",
       "duration": "10 heures", "level": "Débutant", "price": 149, "next_session": null,
       "category": {"id": 6, "name": "Radio et télégraphie", "slug": "radio", "color": "#EF4444", "icon": "antenna"}},
      {"id": 14, "title": "Préparation à l'examen de radioamateur",
       "description": "Réglementation, technique et pratique de la télégraphie pour réussir l'examen HAREC.",
       "duration": "6 jours", "level": "Intermédiaire", "price": 1290, "next_session": "2026-09-14T09:00:00Z",
       "category": {"id": 6, "name": "Radio et télégraphie", "slug": "radio", "color": "#EF4444", "icon": "antenna"}}
    ]}
    """#
}
