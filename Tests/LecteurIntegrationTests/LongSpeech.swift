// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A catalogue of one formation, « Essai d'écoute au long cours », whose description takes about a minute to say: the
/// long utterance the speech tests interrupt (`aide` used to be one; it is a screen now). On the
/// detail, `suivant` says the description and `précédent` the title (about two seconds).
enum LongSpeech {
    static let title = "Essai d'écoute au long cours"
    static let sentence = "Cette formation avance pas à pas, avec des exercices courts et des corrections détaillées. "

    /// Writes the catalogue to a temporary file and returns its path (removed by the caller).
    static func catalogue() throws -> String {
        let path = NSTemporaryDirectory() + "lecteur-long-speech-\(UUID().uuidString).json"
        let description = String(repeating: sentence, count: 10).trimmingCharacters(in: .whitespaces)
        let record: [String: Any] = ["id": 1, "title": title, "description": description, "duration": "3 heures",
                                     "level": "Débutant", "price": 10, "next_session": NSNull(), "category": NSNull()]
        try JSONSerialization.data(withJSONObject: ["data": [record]]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The lines that open the detail and start the description.
    static let script = ["aller 1", "activer", "suivant"]
}
