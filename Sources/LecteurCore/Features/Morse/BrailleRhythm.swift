// SPDX-License-Identifier: GPL-3.0-or-later
/// A question's rhythm for the braille display: full cells while a dit or a dah sounds, blank
/// cells between, each step with its length, so a learner who cannot hear feels the timing the
/// listener hears (`régler question-braille rythme`, slow speeds only).
public struct BrailleRhythm: Hashable, Sendable {
    public struct Step: Hashable, Sendable {
        public let on: Bool
        public let milliseconds: Double
    }

    public let steps: [Step]
    /// What the display shows again once the rhythm is over (the question's message).
    public let then: BrailleLine

    /// What a step shows: eight full cells for a mark, nothing for a gap.
    public static let markCells = String(repeating: "\u{28FF}", count: 8)

    public init(_ timeline: MorseTimeline, then: BrailleLine) {
        let ms = 1000 / Double(timeline.sampleRate)
        var steps: [Step] = []
        var at = 0
        for segment in timeline.segments where segment.kind.isTone {
            if segment.start > at { steps.append(Step(on: false, milliseconds: Double(segment.start - at) * ms)) }
            steps.append(Step(on: true, milliseconds: Double(segment.length) * ms))
            at = segment.end
        }
        self.steps = steps
        self.then = then
    }
}
