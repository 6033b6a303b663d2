// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How an element sounds: a sine at `frequency` hertz, `volume` of full scale (0…1), with
/// raised-cosine ramps of `rampMs` at both ends of every element so keying does not click.
public struct MorseTone: Hashable, Sendable {
    public var frequency: Double
    public var volume: Double
    public var rampMs: Double

    public init(frequency: Double = 600, volume: Double = 0.8, rampMs: Double = 5) {
        self.frequency = frequency
        self.volume = volume
        self.rampMs = rampMs
    }
}

/// Renders a timeline to 16-bit PCM. Gaps are exact digital silence (0) and every sample inside
/// an element is non-zero (a value that would round to 0 is given ±1, −90 dBFS), so element and
/// gap boundaries can be read back from a file or a capture to the sample.
///
/// The ramps are centred on the element's edges, as a keyer's shaped keying is: each element
/// sounds for its length plus one ramp, so at half amplitude (what the ear takes for the edge)
/// it lasts exactly its book length and a dah is three dits. Ramps inside the element made dits
/// 8 % short at 20 WPM and 17 % at 40, and dahs 3.2 and 3.4 dits long. Everything is therefore
/// half a ramp later than the timeline says, and the sound ends half a ramp after it
/// (`sampleCount` is the timeline's plus one ramp).
///
/// Each element starts its sine afresh (elements are separated by silence, so phase continuity
/// does not matter); all elements of one length are therefore identical and are rendered once,
/// which keeps long texts cheap. Rendering is random-access, so any range can be produced in
/// chunks without holding the whole text in memory.
public struct MorseToneRenderer: Sendable {
    public let timeline: MorseTimeline
    public let tone: MorseTone
    /// Samples of each ramp (rise and fall), at most half the shortest element and never longer
    /// than the shortest gap (so two elements never overlap).
    public let rampSamples: Int
    private let waveforms: [Int: [Int16]]
    /// Copy practice's band conditions over the signal, rendered whole (empty: the signal
    /// alone, exact silence between elements).
    public private(set) var band: [BandMix] = []

    public init(timeline: MorseTimeline, tone: MorseTone, band: BandConditions = .clear) {
        self.timeline = timeline
        self.tone = tone
        let toneLengths = Set(timeline.segments.filter { $0.kind.isTone }.map(\.length))
        let shortestGap = timeline.segments.filter { !$0.kind.isTone }.map(\.length).min() ?? .max
        let wanted = Int((tone.rampMs * Double(timeline.sampleRate) / 1000).rounded())
        let rampSamples = max(0, min(wanted, (toneLengths.min() ?? 0) / 2, shortestGap))
        self.rampSamples = rampSamples
        var waveforms: [Int: [Int16]] = [:]
        for length in toneLengths {
            waveforms[length] = Self.element(length: length + rampSamples, sampleRate: timeline.sampleRate, tone: tone,
                                             rampSamples: rampSamples)
        }
        self.waveforms = waveforms
        // The band needs the whole signal: its filter, AGC and fading run forward in time.
        if band.seed != nil, !band.isClear {
            self.band = BandMix(conditions: band, clean: renderAll(), tone: tone, sampleRate: timeline.sampleRate).map { [$0] } ?? []
        }
    }

    /// The timeline's samples and the last element's fall past its half-amplitude edge.
    public var sampleCount: Int { timeline.isEmpty ? 0 : timeline.sampleCount + rampSamples }

    /// The raised-cosine gain at sample `i` of a ramp of `ramp` samples, sampled at mid-sample
    /// so the rise is symmetric with the fall and never exactly 0.
    public static func rampGain(_ i: Int, ramp: Int) -> Double {
        guard i < ramp else { return 1 }
        return 0.5 - 0.5 * cos(Double.pi * (Double(i) + 0.5) / Double(ramp))
    }

    public static func element(length: Int, sampleRate: Int, tone: MorseTone, rampSamples: Int) -> [Int16] {
        let amplitude = max(0, min(1, tone.volume)) * Double(Int16.max)
        let step = 2 * Double.pi * tone.frequency / Double(sampleRate)
        return (0..<length).map { i in
            let gain = rampGain(i, ramp: rampSamples) * rampGain(length - 1 - i, ramp: rampSamples)
            let x = amplitude * gain * sin(step * (Double(i) + 0.5))
            let q = x.rounded()
            if q == 0 { return x < 0 ? -1 : 1 }
            return Int16(max(-32767, min(32767, q)))
        }
    }

    /// Writes samples [start, start + buffer.count) of the timeline into `buffer`.
    public func render(from start: Int, into buffer: UnsafeMutableBufferPointer<Int16>) {
        guard buffer.count > 0 else { return }
        if let mix = band.first {
            for i in 0..<buffer.count { buffer[i] = start + i < mix.samples.count ? mix.samples[start + i] : 0 }
            return
        }
        let end = start + buffer.count
        // A tone sounds one ramp past its segment's end (never into the next tone: the ramp is
        // at most the shortest gap).
        var index = firstSegment(endingAfter: start - rampSamples)
        // Zero first: gaps are silence, and only tone segments are copied over it.
        buffer.update(repeating: 0)
        let segments = timeline.segments
        while index < segments.count, segments[index].start < end {
            let segment = segments[index]
            if segment.kind.isTone, let wave = waveforms[segment.length] {
                let from = max(segment.start, start), to = min(segment.end + rampSamples, end)
                if from < to {
                    wave.withUnsafeBufferPointer { source in
                        let slice = UnsafeBufferPointer(rebasing: source[(from - segment.start)..<(to - segment.start)])
                        _ = UnsafeMutableBufferPointer(rebasing: buffer[(from - start)..<(to - start)])
                            .update(fromContentsOf: slice)
                    }
                }
            }
            index += 1
        }
    }

    public func render(from start: Int, count: Int) -> [Int16] {
        let count = max(0, min(count, sampleCount - start))
        return [Int16](unsafeUninitializedCapacity: count) { buffer, initialized in
            render(from: start, into: buffer)
            initialized = count
        }
    }

    /// The whole timeline at once: for a symbol or a short text.
    public func renderAll() -> [Int16] { render(from: 0, count: sampleCount) }

    public func wavFile() -> WAVFile { WAVFile(sampleRate: timeline.sampleRate, samples: renderAll()) }

    /// Chunks of at most `chunkSize` samples, in order, for playing or writing long texts.
    public func chunks(of chunkSize: Int = 16_384) -> MorseSampleChunks {
        MorseSampleChunks(renderer: self, chunkSize: max(1, chunkSize))
    }

    private func firstSegment(endingAfter sample: Int) -> Int {
        var low = 0, high = timeline.segments.count
        while low < high {
            let mid = (low + high) / 2
            if timeline.segments[mid].end <= sample { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

public struct MorseSampleChunks: Sequence, IteratorProtocol, Sendable {
    public let renderer: MorseToneRenderer
    public let chunkSize: Int
    /// Samples already handed out.
    public private(set) var position = 0

    public mutating func next() -> [Int16]? {
        guard position < renderer.sampleCount else { return nil }
        let chunk = renderer.render(from: position, count: chunkSize)
        position += chunk.count
        return chunk
    }
}
