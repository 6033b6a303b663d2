// SPDX-License-Identifier: GPL-3.0-or-later
/// A ragchew QSO as amateurs send it (a CQ, the answer, the report with RST, name and QTH,
/// the reply with rig, power, antenna and weather, the goodbye with 73), in the language whose
/// material it is given: the overs' templates and the names, places, rigs and weather words are
/// data in `Locales/*/morse-material.json` (`QSOMaterial`), so a learner copies French or English
/// QSOs whatever the interface's language. Each over is one copy; all randomness comes from the
/// session's generator.
public struct QSOText {
    /// The overs' keys in the order they are sent; each holds variants separated by "|".
    static let overs: [L10n] = [.morseMaterialQsoCq, .morseMaterialQsoAnswer, .morseMaterialQsoReport,
                                .morseMaterialQsoReply, .morseMaterialQsoEnd]

    let material: QSOMaterial

    public init(material: QSOMaterial) { self.material = material }

    /// The material of the strings' language.
    public init(strings: Strings) { self.init(material: QSOMaterial(strings: strings)) }

    /// One whole QSO, over by over, upper case, only characters Morse sends.
    public func qso<Random: RandomNumberGenerator>(using random: inout Random) -> [String] {
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &random) ?? "" }
        // Both stations from the language's own prefixes: the names and places are the
        // language's, and a Dutch call once came with « HELENE, NANTES ».
        let a = Callsign.random(prefixes: material.prefixes, using: &random) ?? Callsign.random(using: &random)!
        var b = a
        while b == a { b = Callsign.random(prefixes: material.prefixes, using: &random) ?? Callsign.random(using: &random)! }
        var names = material.names
        names.shuffle(using: &random)
        if !material.namesByPrefix.isEmpty {
            // Each operator named as its country names people; the two names differ.
            let first = Self.byPrefix(a, material.namesByPrefix, else: material.names).shuffled(using: &random)
            let second = Self.byPrefix(b, material.namesByPrefix, else: material.names).shuffled(using: &random)
            let name = first.first ?? names[0]
            names = [name, second.first { $0 != name } ?? second.first ?? names[1]]
        }
        var places = [Self.places(of: a, material), Self.places(of: b, material)]
        places[0].shuffle(using: &random)
        places[1].shuffle(using: &random)
        // Two stations of one country are in two towns.
        let qth = places[0].first ?? "", qth2 = places[1].first { $0 != qth } ?? places[1].first ?? ""
        let rig = pick(material.rigs)
        let fields: [String: String] = [
            "a": a, "b": b,
            "rst": Self.rst(using: &random), "rst2": Self.rst(using: &random),
            "name": names[0], "name2": names[1], "qth": qth, "qth2": qth2,
            "rig": rig, "watts": String(Self.watts(most: material.rigWatts[rig] ?? 100, using: &random)),
            "ant": pick(material.antennas), "wx": pick(material.weather),
            "temp": "\(Int.random(in: 2...28, using: &random))",
        ]
        return material.overs.map { variants in
            let template = variants.randomElement(using: &random) ?? ""
            return Self.fill(template, fields)
        }
    }

    /// `{name}` replaced by its field; words joined by single spaces.
    static func fill(_ template: String, _ fields: [String: String]) -> String {
        var text = template
        for (name, value) in fields { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text.split(separator: " ").joined(separator: " ").uppercased()
    }

    /// The towns of a callsign's country: those of its longest matching prefix (`VE` before a
    /// lone letter), else every town of the material.
    static func places(of call: String, _ material: QSOMaterial) -> [String] {
        byPrefix(call, material.placesByPrefix, else: material.places)
    }

    /// The values of a callsign's longest matching prefix (`VE` before a lone `V`), else `fallback`.
    static func byPrefix(_ call: String, _ table: [String: [String]], else fallback: [String]) -> [String] {
        let prefix = table.keys.filter { !$0.isEmpty && call.hasPrefix($0) }.max { $0.count < $1.count }
        return prefix.flatMap { table[$0] } ?? fallback
    }

    /// The power a station gives: a usual level the rig can reach, or its most (a 15 W rig
    /// sends 5, 10 or 15 W).
    static func watts<Random: RandomNumberGenerator>(most: Int, using random: inout Random) -> Int {
        let levels = [5, 10, 20, 50, 100].filter { $0 < most } + [most]
        return levels.randomElement(using: &random) ?? most
    }

    /// Readability 4–5, strength 3–9, tone 9: what a real report reads.
    static func rst<Random: RandomNumberGenerator>(using random: inout Random) -> String {
        "\(Int.random(in: 4...5, using: &random))\(Int.random(in: 3...9, using: &random))9"
    }
}
