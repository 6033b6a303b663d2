// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing
import LecteurCore
import LecteurFiles

/// Our WAV played through a real sound server (a private PulseAudio with a null sink) and
/// recorded from the sink's monitor: timing must survive to the sample.
@Suite(.serialized, .requires(.pulseAudio)) struct CaptureTests {
    @Test func elementsAndGapsSurviveTheSoundServer() throws {
        let pulse = try PrivatePulseAudio()
        defer { pulse.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (wpm, unit) in [(20, 1323), (35, 756)] {
            let wav = dir.appendingPathComponent("\(wpm).wav")
            try MorseRenderer(settings: try MorseSettings(wpm: wpm)).writeWAV(text: "CQ É?", to: wav)
            let captured = try pulse.playAndCapture(wav)
            var measured = runs(captured)
            // The capture starts and ends with the server's silence around the stream.
            if measured.first?.tone == false { measured.removeFirst() }
            if measured.last?.tone == false { measured.removeLast() }
            #expect(measured == sounded(expectedRuns(["-.-. --.-", "..-.. ..--.."], unit: unit, characterGap: 3 * unit, wordGap: 7 * unit)),
                    "\(wpm) WPM")
            // And the samples themselves are bit-exact.
            let ours = try WAVFile.decode(Data(contentsOf: wav)).samples
            if let start = captured.firstIndex(where: { $0 != 0 }), start + ours.count <= captured.count {
                #expect(Array(captured[start..<(start + ours.count)]) == ours)
            } else {
                Issue.record("capture too short")
            }
        }
    }
}
