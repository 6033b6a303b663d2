// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Contest copy (issue 48, item 4): callers as Morse Runner's WPX mode makes them (VE3NEA's
/// source: `DxStn.pas`, `DxOper.pas`, `Station.pas`). Each caller sends its call and its
/// exchange, a report and a serial number, in one of the overs Morse Runner's callers send
/// with both (`DE <my> <#>` half the time, `DE <my> <my> <#>` and `<my> <my> <#>` a quarter
/// each: `GetReply` in state `osNeedCall`); the report is 599 keyed « 5NN » and the number's
/// 0, 1 and 9 are cut to T, A and N (`NrAsText`). The serial is `1 + Round(Random * Minute *
/// Skills)`, skills 1 to 3, at a contest minute drawn here (a copy has no contest clock); each
/// caller keys at its own speed, from half the learner's to the learner's (`GetWpm`), at its
/// own pitch, `RndGaussLim(0, 300)` Hz off (Gaussian, σ 150 Hz, clipped at ±300).
public enum ContestExchange {
    /// The contest minutes a caller's number may come from: Morse Runner's numbers grow with
    /// its clock; a copy starts anywhere in the first ten hours.
    public static let minutes = 1...600

    /// A caller's number at a minute into the contest, as `TDxOperator.GetNR`.
    public static func serial<Random: RandomNumberGenerator>(using random: inout Random) -> Int {
        let minute = Int.random(in: minutes, using: &random), skills = Int.random(in: 1...3, using: &random)
        return 1 + Int((Double.random(in: 0..<1, using: &random) * Double(minute * skills)).rounded())
    }

    /// The exchange as keyed: « 5NN », then the number on three digits at least, its 0, 1 and 9
    /// cut to T, A and N.
    public static func exchange(serial: Int) -> String {
        "5NN " + cut(String(format: "%03d", serial))
    }

    /// Morse Runner's cut numbers: 0 → T, 1 → A, 9 → N.
    public static func cut(_ digits: String) -> String {
        String(digits.map { character -> Character in
            switch character {
            case "0": "T"
            case "1": "A"
            case "9": "N"
            default: character
            }
        })
    }

    /// One caller's over with its call and its exchange, in Morse Runner's three forms.
    public static func over<Random: RandomNumberGenerator>(call: String, using random: inout Random) -> String {
        let exchange = exchange(serial: serial(using: &random))
        let form = Double.random(in: 0..<1, using: &random)
        if form < 0.5 { return "DE \(call) \(exchange)" }
        if form < 0.75 { return "DE \(call) \(call) \(exchange)" }
        return "\(call) \(call) \(exchange)"
    }

    /// What a contest log reads: in the last two words (the report and the number), a cut letter
    /// is its digit, so « 5NN T47 » and « 599 047 » are one copy. A word of the exchange that is
    /// not made of digits and cut letters is left as typed, and so is a copy of fewer than three
    /// words (every over has a call, a report and a number: in a shorter copy the last words may
    /// be a call such as N5TA).
    public static func logged(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.filter({ !$0.isEmpty }).count >= 3 else { return text }
        var seen = 0
        for index in words.indices.reversed() where !words[index].isEmpty && seen < 2 {
            seen += 1
            let word = words[index].uppercased()
            guard word.allSatisfy({ $0.isASCII && ($0.isNumber || "TAN".contains($0)) }) else { continue }
            words[index] = String(word.map { character -> Character in
                switch character {
                case "T": "0"
                case "A": "1"
                case "N": "9"
                default: character
                }
            })
        }
        return words.joined(separator: " ")
    }

    /// A caller's sound: its speed from half the learner's to the learner's, its pitch
    /// `RndGaussLim(0, 300)` off the learner's, both kept within the settings' ranges.
    public static func callerSound<Random: RandomNumberGenerator>(_ settings: MorseSettings, using random: inout Random) -> MorseSettings {
        let speed = (Double(settings.wpm) * 0.5 * (1 + Double.random(in: 0..<1, using: &random))).rounded()
        let wpm = min(max(Int(speed), MorseSettings.wpmRange.lowerBound), settings.wpm)
        // Box–Muller: one Gaussian draw, σ half the limit, clipped at the limit.
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random), v = Double.random(in: 0..<1, using: &random)
        let gaussian = (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
        let offset = Int((min(max(gaussian * 150, -300), 300)).rounded())
        let tone = min(max(settings.toneHz + offset, MorseSettings.toneRange.lowerBound), MorseSettings.toneRange.upperBound)
        return (try? settings.applying([.wpm: "\(wpm)", .tone: "\(tone)",
                                        .ramp: MorseSettings.format(min(settings.rampMs, MorseSettings.maxRampMs(wpm: wpm)))])) ?? settings
    }
}
