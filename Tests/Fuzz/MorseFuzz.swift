// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Fuzz target `morse`: any text with any valid settings. Encoding never crashes, unknown
/// characters are named without control characters, the timeline is contiguous with a finite
/// duration within one sample of the exact ITU/Farnsworth total, and rendered audio is exact
/// silence in gaps (past the previous tone's fall) and never silent inside a tone. `set NAME
/// VALUE` with arbitrary words either fails with a message or yields settings that validate.
///
/// Input: 6 bytes of settings (speed, Farnsworth, tone ×2, volume, ramp), then UTF-8 text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMorse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard bytes.count >= 6 else { return 0 }
    let settings = makeSettings(Array(bytes.prefix(6)))
    let text = String(decoding: bytes.dropFirst(6), as: UTF8.self)
    fuzzSetCommand(text)

    let renderer = MorseRenderer(settings: settings)
    let encoding = renderer.alphabet.encode(text)
    if let message = encoding.unknownMessage(Fuzz.fr) {
        Fuzz.check(Fuzz.firstControl(in: message) == nil, "unknown-character notice carries a control: \(Fuzz.debug(message))")
    }
    let playback: MorsePlayback
    do {
        playback = try renderer.playback(text: text)
    } catch {
        Fuzz.check(encoding.isEmpty, "playback refused an encodable text")
        Fuzz.check(!error.message(Fuzz.fr).isEmpty, "empty Morse error")
        return 0
    }
    checkTimeline(playback.timeline)
    checkSamples(playback, seed: bytes.reduce(0) { ($0 &* 31) &+ Int($1) })
    return 0
}

private func makeSettings(_ b: [UInt8]) -> MorseSettings {
    let wpm = 5 + Int(b[0]) % 56
    let farnsworth: Int? = b[1] % 3 == 0 ? nil : 5 + Int(b[1]) % (wpm - 4)
    let tone = 200 + (Int(b[2]) << 8 | Int(b[3])) % 1801
    let volume = 1 + Int(b[4]) % 100
    let ramp = min(Double(b[5] % 201) / 10, MorseSettings.maxRampMs(wpm: wpm))
    do {
        return try MorseSettings(wpm: wpm, farnsworthWPM: farnsworth, toneHz: tone, volumePercent: volume, rampMs: ramp)
    } catch {
        Fuzz.check(false, "settings in range refused: \(wpm) \(String(describing: farnsworth)) \(tone) \(volume) \(ramp): \(error)")
        return .default
    }
}

private func fuzzSetCommand(_ text: String) {
    let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return }
    do {
        let changed = try MorseSettings.default.setting(parts[0], to: parts[1])
        do { try changed.validate() } catch { Fuzz.check(false, "set produced invalid settings: \(error)") }
        if let key = MorseSettingKey(alias: parts[0]) {
            Fuzz.check(!changed.confirmation(for: key, Fuzz.fr).isEmpty, "empty confirmation")
        }
    } catch {
        let message = error.message(Fuzz.fr)
        Fuzz.check(!message.isEmpty, "empty settings error")
    }
}

private func checkTimeline(_ timeline: MorseTimeline) {
    let timing = timeline.timing
    var position = 0
    var idealMs = 0.0
    for segment in timeline.segments {
        Fuzz.check(segment.start == position, "segment starts at \(segment.start), expected \(position)")
        Fuzz.check(segment.length > 0, "empty \(segment.kind) segment")
        position = segment.end
        switch segment.kind {
        case .dot: idealMs += timing.unitMs
        case .dash: idealMs += 3 * timing.unitMs
        case .elementGap: idealMs += timing.elementGapMs
        case .characterGap: idealMs += timing.characterGapMs
        case .wordGap: idealMs += timing.wordGapMs
        }
    }
    Fuzz.check(position == timeline.sampleCount, "sample count \(timeline.sampleCount) ≠ end \(position)")
    Fuzz.check(timeline.durationMs.isFinite && timeline.durationMs > 0, "duration \(timeline.durationMs)")
    let oneSampleMs = 1000 / Double(timeline.sampleRate)
    Fuzz.check(abs(timeline.durationMs - idealMs) <= oneSampleMs + idealMs * 1e-12,
               "duration \(timeline.durationMs) ms vs exact \(idealMs) ms")
    Fuzz.check(timeline.segments.first?.kind.isTone == true && timeline.segments.last?.kind.isTone == true,
               "timeline must start and end on a tone")
}

/// A window of samples at a position drawn from the input, and the first chunk: rendering the
/// whole of a 4 KiB text at 5 WPM would be hundreds of millions of samples per input.
private func checkSamples(_ playback: MorsePlayback, seed: Int) {
    let total = playback.sampleCount
    let count = min(4096, total)
    let start = total > count ? abs(seed % (total - count)) : 0
    let window = playback.tones.render(from: start, count: count)
    Fuzz.check(window.count == count, "rendered \(window.count) of \(count) samples")
    for segment in playback.timeline.segments where segment.end > start && segment.start < start + count {
        let from = max(segment.start, start), to = min(segment.end, start + count)
        for i in from..<to {
            let sample = window[i - start]
            if segment.kind.isTone {
                Fuzz.check(sample != 0, "silent sample \(i) inside a \(segment.kind)")
            } else if i >= segment.start + playback.tones.rampSamples {
                // The tone before falls for one ramp past its segment (ramps centred on the
                // edges: at half amplitude each element keeps its book length); then silence.
                Fuzz.check(sample == 0, "sound at sample \(i) inside a \(segment.kind)")
            }
        }
    }
    var chunks = playback.chunks(of: 1024)
    if let first = chunks.next() {
        Fuzz.check(first == Array(playback.tones.render(from: 0, count: first.count)), "first chunk differs")
    }
}
