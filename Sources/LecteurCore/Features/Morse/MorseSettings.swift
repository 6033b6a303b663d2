// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The settings `set wpm|farnsworth|tone|volume|ramp` change, with French aliases.
public enum MorseSettingKey: String, Hashable, Sendable, CaseIterable {
    case wpm, farnsworth, tone, volume, ramp
    /// Copy practice's band conditions (`BandConditions`).
    case noise, qrm, fading
    /// QRN (impulses and bursts) and flutter, after Morse Runner.
    case staticNoise, flutter
    /// Wordsworth spacing (LCWO's extra word space): only the gaps between words grow.
    case wordsworth

    /// Accepts English and French names, case and accents ignored ("Tonalité", "vitesse").
    public init?(alias: String) {
        switch MorseSettingKey.fold(alias) {
        case "wpm", "mpm", "speed", "vitesse": self = .wpm
        case "farnsworth", "fw", "espacement", "vitesse-globale", "vitesseglobale": self = .farnsworth
        case "tone", "tonalite", "ton", "frequence", "freq", "hz", "pitch": self = .tone
        case "volume", "vol": self = .volume
        case "ramp", "rampe": self = .ramp
        case "noise", "bruit", "souffle", "hiss": self = .noise
        case "parasites", "static", "qrn": self = .staticNoise
        case "flutter", "scintillement": self = .flutter
        case "wordsworth", "espace-mots", "word-spacing": self = .wordsworth
        case "qrm", "brouillage", "interference": self = .qrm
        case "fading", "qsb", "evanouissement": self = .fading
        default: return nil
        }
    }

    /// Key in the storage's key-value settings table.
    public var storageKey: String {
        switch self {
        case .staticNoise: "morse.static"
        default: "morse.\(rawValue)"
        }
    }

    public var nameKey: L10n {
        switch self {
        case .wpm: .morseSettingWpm
        case .farnsworth: .morseSettingFarnsworth
        case .tone: .morseSettingTone
        case .volume: .morseSettingVolume
        case .ramp: .morseSettingRamp
        case .noise: .drillsSettingNoise
        case .qrm: .drillsSettingQrm
        case .fading: .drillsSettingFading
        case .staticNoise: .drillsSettingStatic
        case .flutter: .drillsSettingFlutter
        case .wordsworth: .drillsSettingWordsworth
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "fr_FR"))
            .trimmingCharacters(in: .whitespaces)
    }
}

public enum MorseSettingsError: Error, Hashable, Sendable {
    case unknownSetting(String)
    case notANumber(MorseSettingKey, String)
    case wpmOutOfRange(Int)
    case farnsworthOutOfRange(Int)
    case farnsworthAboveWPM(farnsworth: Int, wpm: Int)
    /// Wordsworth's overall speed outside 4 WPM…the character speed.
    case wordsworthOutOfRange(Int, wpm: Int)
    case toneOutOfRange(Int)
    case volumeOutOfRange(Int)
    case rampOutOfRange(Double)
    /// Both ramps must fit in a dot: at most half a unit each.
    case rampTooLong(rampMs: Double, wpm: Int, maxMs: Double)
    /// A band condition's level outside its range (`BandConditions`).
    case bandOutOfRange(Band, Int)

    /// The settings a band condition is: only these have a band's range, so the message for
    /// each is chosen without a fallback.
    public enum Band: Hashable, Sendable {
        case noise, qrm, fading, staticNoise, flutter
    }

    public func message(_ strings: Strings) -> String {
        let S = MorseSettings.self
        switch self {
        case .unknownSetting(let name):
            return strings(.morseSettingsUnknown, ["name": name])
        case .notANumber(let key, let value):
            return strings(.morseSettingsNotANumber, ["setting": strings(key.nameKey), "value": value])
        case .wpmOutOfRange(let v):
            return strings(.morseSettingsWpmRange, ["value": "\(v)", "min": "\(S.wpmRange.lowerBound)",
                                                    "max": "\(S.wpmRange.upperBound)"])
        case .farnsworthOutOfRange(let v):
            return strings(.morseSettingsFarnsworthRange, ["value": "\(v)", "min": "\(S.farnsworthRange.lowerBound)",
                                                           "max": "\(S.farnsworthRange.upperBound)"])
        case .farnsworthAboveWPM(let f, let w):
            return strings(.morseSettingsFarnsworthAboveWpm, ["farnsworth": "\(f)", "wpm": "\(w)"])
        case .wordsworthOutOfRange(let v, let w):
            return strings(.drillsSettingWordsworthRange, ["value": "\(v)", "min": "\(S.farnsworthRange.lowerBound)",
                                                         "max": "\(S.farnsworthRange.upperBound)", "wpm": "\(w)"])
        case .toneOutOfRange(let v):
            return strings(.morseSettingsToneRange, ["value": "\(v)", "min": "\(S.toneRange.lowerBound)",
                                                     "max": "\(S.toneRange.upperBound)"])
        case .volumeOutOfRange(let v):
            return strings(.morseSettingsVolumeRange, ["value": "\(v)", "min": "\(S.volumeRange.lowerBound)",
                                                       "max": "\(S.volumeRange.upperBound)"])
        case .rampOutOfRange(let v):
            return strings(.morseSettingsRampRange, ["value": S.format(v, strings), "min": S.format(S.rampRange.lowerBound, strings),
                                                     "max": S.format(S.rampRange.upperBound, strings)])
        case .rampTooLong(let ramp, let wpm, let max):
            return strings(.morseSettingsRampTooLong, ["ramp": S.format(ramp, strings), "wpm": "\(wpm)", "max": S.format(max, strings)])
        case .bandOutOfRange(let key, let v):
            let template: L10n = switch key {
            case .noise: .drillsSettingNoiseRange
            case .qrm: .drillsSettingQrmRange
            case .fading: .drillsSettingFadingRange
            case .staticNoise: .drillsSettingStaticRange
            case .flutter: .drillsSettingFlutterRange
            }
            return strings(template, ["value": "\(v)"])
        }
    }
}

/// A stored value that could not be used; the default was kept for that setting.
public struct MorseStoredSettingIssue: Hashable, Sendable {
    public let key: String
    public let value: String
    public let error: MorseSettingsError

    public func message(_ strings: Strings) -> String {
        strings(.morseSettingsStoredIgnored, ["key": key, "value": value, "reason": error.message(strings)])
    }
}

/// Speed, spacing and sound of Morse. Always valid: every way of building or changing one checks
/// the ranges and throws a typed error with a French message.
public struct MorseSettings: Hashable, Sendable {
    public private(set) var wpm: Int
    /// Overall speed for Farnsworth spacing; nil for standard spacing.
    public private(set) var farnsworthWPM: Int?
    /// Overall speed for Wordsworth spacing (word gaps only); nil when off. Never with Farnsworth.
    public private(set) var wordsworthWPM: Int?
    public private(set) var toneHz: Int
    /// Percent of full scale.
    public private(set) var volumePercent: Int
    public private(set) var rampMs: Double
    /// Copy practice's noise, other station and fading: levels only here; they reach the sound
    /// when copy practice puts them on the air (`BandConditions.seed`).
    public private(set) var band: BandConditions = .clear

    public static let wpmRange = 5...80
    /// Farnsworth's overall speed goes lower than characters can be sent: CW Academy spaces
    /// 25 WPM characters down to 4 WPM.
    public static let farnsworthRange = 4...80
    public static let toneRange = 200...2000
    public static let volumeRange = 1...100
    public static let rampRange: ClosedRange<Double> = 0...20

    public static let `default` = MorseSettings(unchecked: 20, nil, 600, 80, 5)

    private init(unchecked wpm: Int, _ farnsworth: Int?, _ tone: Int, _ volume: Int, _ ramp: Double) {
        self.wpm = wpm; self.farnsworthWPM = farnsworth; self.toneHz = tone
        self.volumePercent = volume; self.rampMs = ramp
    }

    public init(wpm: Int = 20, farnsworthWPM: Int? = nil, toneHz: Int = 600, volumePercent: Int = 80,
                rampMs: Double = 5) throws(MorseSettingsError) {
        self.init(unchecked: wpm, farnsworthWPM, toneHz, volumePercent, rampMs)
        try validate()
    }

    public func validate() throws(MorseSettingsError) {
        guard Self.wpmRange.contains(wpm) else { throw .wpmOutOfRange(wpm) }
        if let f = farnsworthWPM {
            guard Self.farnsworthRange.contains(f) else { throw .farnsworthOutOfRange(f) }
            guard f <= wpm else { throw .farnsworthAboveWPM(farnsworth: f, wpm: wpm) }
        }
        if let w = wordsworthWPM, !(Self.farnsworthRange.lowerBound...wpm).contains(w) { throw .wordsworthOutOfRange(w, wpm: wpm) }
        guard Self.toneRange.contains(toneHz) else { throw .toneOutOfRange(toneHz) }
        guard Self.volumeRange.contains(volumePercent) else { throw .volumeOutOfRange(volumePercent) }
        guard Self.rampRange.contains(rampMs) else { throw .rampOutOfRange(rampMs) }
        let maxRamp = Self.maxRampMs(wpm: wpm)
        guard rampMs <= maxRamp else { throw .rampTooLong(rampMs: rampMs, wpm: wpm, maxMs: maxRamp) }
        guard BandConditions.noiseRange.contains(band.noisePercent) else { throw .bandOutOfRange(.noise, band.noisePercent) }
        guard BandConditions.qrmRange.contains(band.qrmPercent) else { throw .bandOutOfRange(.qrm, band.qrmPercent) }
        guard BandConditions.fadingRange.contains(band.fadingPercent) else { throw .bandOutOfRange(.fading, band.fadingPercent) }
        guard BandConditions.staticRange.contains(band.staticPercent) else { throw .bandOutOfRange(.staticNoise, band.staticPercent) }
        guard BandConditions.flutterRange.contains(band.flutterPercent) else { throw .bandOutOfRange(.flutter, band.flutterPercent) }
    }

    /// Half a unit: a rise and a fall must both fit in a dot.
    public static func maxRampMs(wpm: Int) -> Double { (600 / Double(wpm) * 10).rounded(.down) / 10 }

    public var timing: MorseTiming {
        MorseTiming(characterWPM: Double(wpm), overallWPM: (farnsworthWPM ?? wordsworthWPM).map(Double.init),
                    wordsOnly: farnsworthWPM == nil && wordsworthWPM != nil)
    }

    public var tone: MorseTone {
        MorseTone(frequency: Double(toneHz), volume: Double(volumePercent) / 100, rampMs: rampMs)
    }

    /// `set <name> <value>`: parses the value ("25", "25 wpm", "4,5 ms", "80 %", "non" for no
    /// Farnsworth), validates the result and returns the new settings. Lowering the speed to or
    /// below the Farnsworth speed turns Farnsworth spacing off, as it would no longer slow anything.
    public func setting(_ name: String, to value: String) throws(MorseSettingsError) -> MorseSettings {
        guard let key = MorseSettingKey(alias: name) else { throw .unknownSetting(name) }
        return try setting(key, to: value)
    }

    public func setting(_ key: MorseSettingKey, to value: String) throws(MorseSettingsError) -> MorseSettings {
        try applying([key: value])
    }

    /// Several changes at once, checked only as a whole (`lecteur morse --wpm 60 --ramp 4`
    /// must not fail on the stored ramp being too long for 60 WPM before the new one applies).
    /// Lowering the speed to or below the Farnsworth speed turns Farnsworth off, unless the
    /// Farnsworth speed is given too.
    public func applying(_ changes: [MorseSettingKey: String]) throws(MorseSettingsError) -> MorseSettings {
        var next = self
        for key in MorseSettingKey.allCases {
            guard let value = changes[key] else { continue }
            switch key {
            case .wpm:
                next.wpm = try Self.integer(value, key)
                if changes[.farnsworth] == nil, let f = next.farnsworthWPM, f >= next.wpm { next.farnsworthWPM = nil }
                if changes[.wordsworth] == nil, let w = next.wordsworthWPM, w >= next.wpm { next.wordsworthWPM = nil }
            case .farnsworth:
                if Self.offWords.contains(MorseSettingKey.fold(value)) {
                    next.farnsworthWPM = nil
                } else {
                    let f = try Self.integer(value, key)
                    next.farnsworthWPM = f == 0 ? nil : f
                    // One spacing at a time: Farnsworth stretches the word gaps too.
                    if f != 0, changes[.wordsworth] == nil { next.wordsworthWPM = nil }
                }
            case .wordsworth:
                if Self.offWords.contains(MorseSettingKey.fold(value)) {
                    next.wordsworthWPM = nil
                } else {
                    let w = try Self.integer(value, key)
                    next.wordsworthWPM = w == 0 ? nil : w
                    if w != 0 { next.farnsworthWPM = nil }
                }
            case .tone: next.toneHz = try Self.integer(value, key)
            case .volume: next.volumePercent = try Self.integer(value, key)
            case .ramp: next.rampMs = try Self.decimal(value, key)
            case .noise: next.band.noisePercent = try Self.bandLevel(value, key)
            case .qrm: next.band.qrmPercent = try Self.bandLevel(value, key)
            case .fading: next.band.fadingPercent = try Self.bandLevel(value, key)
            case .staticNoise: next.band.staticPercent = try Self.bandLevel(value, key)
            case .flutter: next.band.flutterPercent = try Self.bandLevel(value, key)
            }
        }
        try next.validate()
        return next
    }

    /// What to say once a setting has changed.
    public func confirmation(for key: MorseSettingKey, _ strings: Strings) -> String {
        switch key {
        case .wpm:
            let said = strings(.morseSettingsSetWpm, ["value": "\(wpm)"])
            return farnsworthWPM == nil ? said : said + " " + strings(.morseSettingsSetFarnsworth, ["value": "\(farnsworthWPM!)"])
        case .farnsworth:
            return farnsworthWPM.map { strings(.morseSettingsSetFarnsworth, ["value": "\($0)"]) }
                ?? strings(.morseSettingsSetFarnsworthOff)
        case .tone: return strings(.morseSettingsSetTone, ["value": "\(toneHz)"])
        case .volume: return strings(.morseSettingsSetVolume, ["value": "\(volumePercent)"])
        case .ramp: return strings(.morseSettingsSetRamp, ["value": Self.format(rampMs, strings)])
        case .noise: return strings(band.noisePercent == 0 ? .drillsSettingNoiseOff : .drillsSettingNoiseSet, ["value": "\(band.noisePercent)"])
        case .qrm: return strings(band.qrmPercent == 0 ? .drillsSettingQrmOff : .drillsSettingQrmSet, ["value": "\(band.qrmPercent)"])
        case .fading: return strings(band.fadingPercent == 0 ? .drillsSettingFadingOff : .drillsSettingFadingSet,
                                     ["value": "\(band.fadingPercent)"])
        case .staticNoise: return strings(band.staticPercent == 0 ? .drillsSettingStaticOff : .drillsSettingStaticSet,
                                          ["value": "\(band.staticPercent)"])
        case .flutter: return strings(band.flutterPercent == 0 ? .drillsSettingFlutterOff : .drillsSettingFlutterSet,
                                      ["value": "\(band.flutterPercent)"])
        case .wordsworth:
            return wordsworthWPM.map { strings(.drillsSettingWordsworthSet, ["value": "\($0)", "wpm": "\(wpm)"]) }
                ?? strings(.drillsSettingWordsworthOff)
        }
    }

    /// The settings as the storage's key-value table holds them ("off" for no Farnsworth).
    public var storedValues: [String: String] {
        [MorseSettingKey.wpm.storageKey: "\(wpm)",
         MorseSettingKey.farnsworth.storageKey: farnsworthWPM.map { "\($0)" } ?? "off",
         MorseSettingKey.tone.storageKey: "\(toneHz)",
         MorseSettingKey.volume.storageKey: "\(volumePercent)",
         MorseSettingKey.ramp.storageKey: Self.format(rampMs),
         MorseSettingKey.noise.storageKey: "\(band.noisePercent)",
         MorseSettingKey.qrm.storageKey: "\(band.qrmPercent)",
         MorseSettingKey.fading.storageKey: "\(band.fadingPercent)",
         MorseSettingKey.staticNoise.storageKey: "\(band.staticPercent)",
         MorseSettingKey.flutter.storageKey: "\(band.flutterPercent)",
         MorseSettingKey.wordsworth.storageKey: wordsworthWPM.map { "\($0)" } ?? "off"]
    }

    /// Reads stored values, in key order (speed before Farnsworth); a value that is missing keeps
    /// the default and one that is invalid keeps the default and is reported.
    public static func load(_ lookup: (String) -> String?) -> (settings: MorseSettings, issues: [MorseStoredSettingIssue]) {
        var settings = MorseSettings.default
        var issues: [MorseStoredSettingIssue] = []
        for key in MorseSettingKey.allCases {
            // Cleaned like catalogue text: a hand-edited value must not bring an escape sequence
            // to the terminal through the notice that quotes it.
            guard let value = lookup(key.storageKey).map(TextSanitizer.clean) else { continue }
            do { settings = try settings.setting(key, to: value) }
            catch { issues.append(MorseStoredSettingIssue(key: key.storageKey, value: value, error: error)) }
        }
        return (settings, issues)
    }

    static let offWords: Set<String> = ["off", "non", "no", "none", "aucun", "aucune", "desactive", "desactiver", "sans"]
    static let unitWords = ["wpm", "mpm", "hz", "hertz", "ms", "%", "pourcent", "percent"]

    static func number(_ value: String) -> Double? {
        var text = MorseSettingKey.fold(value)
        for unit in unitWords where text.hasSuffix(unit) {
            text = String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        text = text.replacingOccurrences(of: ",", with: ".")
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return Double(text)
    }

    static func integer(_ value: String, _ key: MorseSettingKey) throws(MorseSettingsError) -> Int {
        guard let d = number(value), d == d.rounded(), abs(d) < 1_000_000 else { throw .notANumber(key, value) }
        return Int(d)
    }

    /// A band level in percent; « non » (or « aucun ») is 0.
    static func bandLevel(_ value: String, _ key: MorseSettingKey) throws(MorseSettingsError) -> Int {
        if offWords.contains(MorseSettingKey.fold(value)) { return 0 }
        return try integer(value, key)
    }

    /// Copy practice's sending, on the air: the band conditions seeded (nothing changes when
    /// they are clear, so a clean sending stays exactly what it was).
    /// The same sound at `characterWPM` (the reflex drills' own speed), with standard spacing and
    /// the ramp shortened if it no longer fits in a dot.
    public func atCharacterSpeed(_ characterWPM: Int) -> MorseSettings {
        var fast = self
        fast.wpm = min(max(characterWPM, Self.wpmRange.lowerBound), Self.wpmRange.upperBound)
        fast.farnsworthWPM = nil
        fast.wordsworthWPM = nil
        fast.rampMs = min(rampMs, Self.maxRampMs(wpm: fast.wpm))
        return fast
    }

    public func onTheAir(seed: UInt64) -> MorseSettings {
        guard !band.isClear else { return self }
        var aired = self
        aired.band = band.onTheAir(seed: seed)
        return aired
    }

    static func decimal(_ value: String, _ key: MorseSettingKey) throws(MorseSettingsError) -> Double {
        guard let d = number(value), d.isFinite else { throw .notANumber(key, value) }
        return d
    }

    /// "5", "4,5": French decimal comma, no trailing zeros. Total: a value a user typed may be
    /// past `Int`'s range (`régler rampe 9223372036854775808` is quoted back in the refusal),
    /// and `Int(_:)` traps there (issue 50), so whole numbers go through `Int(exactly:)`.
    /// A tenth at most, with the decimal comma: the form the file stores and parses back.
    static func format(_ value: Double) -> String { format(value, decimalSeparator: ",") }

    /// A tenth at most, with the interface language's separator (« 1,5 » in French, "1.5" in English).
    static func format(_ value: Double, _ strings: Strings) -> String {
        format(value, decimalSeparator: strings(.numberDecimalSeparator))
    }

    private static func format(_ value: Double, decimalSeparator: String) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        guard value.isFinite else { return String(value) }
        if value == value.rounded() { return String(format: "%.0f", value) }
        return String(format: "%.1f", value).replacingOccurrences(of: ".", with: decimalSeparator)
    }
}
