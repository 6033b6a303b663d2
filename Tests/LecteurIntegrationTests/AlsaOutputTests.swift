// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Without a sound server, pcaudiolib plays through ALSA: the output most consoles without
/// PulseAudio or PipeWire have (issue 39 item 4: no test covered it). A private ALSA
/// configuration in the reader's own home (`~/.asoundrc`) makes the default device a `file`
/// PCM over the `null` one, so the bytes the reader hands ALSA land in a file, compared with
/// what the reader writes for the same text with `--output`.
@Suite struct AlsaOutputTests {
    /// A home whose ALSA default device writes raw S16LE samples to `captured`.
    struct AlsaHome {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-alsa-\(UUID().uuidString)")
        var captured: URL { root.appendingPathComponent("alsa.raw") }

        init() throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let configuration = """
            pcm.!default {
                type file
                slave.pcm "null"
                file "\(captured.path)"
                format "raw"
            }
            """
            try configuration.writeWhole(to: root.appendingPathComponent(".asoundrc"))
        }

        /// No sound server (LecteurProcess's default), this home for ALSA to read.
        var environment: [String: String] { ["HOME": root.path] }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func samples(_ data: Data) -> [Int16] {
        stride(from: data.startIndex, to: data.endIndex - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }

    @Test func speechThroughALSAIsTheReadersOwnAudio() throws {
        let home = try AlsaHome()
        defer { home.remove() }
        let text = "Bonjour, ceci passe par ALSA."
        let played = try LecteurProcess.run(["say", text], environment: home.environment)
        #expect(played.status == 0, "\(played.stderr)")
        let device = try Data(contentsOf: home.captured)
        let file = home.root.appendingPathComponent("say.wav")
        let written = try LecteurProcess.run(["say", text, "--output", file.path], environment: home.environment)
        #expect(written.status == 0, "\(written.stderr)")
        let reference = try EspeakCommandLine.samples(ofWAV: Data(contentsOf: file))
        // Sample for sample what the reader renders for that text, nothing added or lost.
        #expect(Self.samples(device) == reference, "ALSA got \(device.count / 2) samples, the file has \(reference.count)")
        // And it is that text spoken: as long as espeak-ng's command line says it, within 10 %.
        let audible = Double(try EspeakCommandLine.audibleSamples(text))
        let heard = Double((Self.samples(device).lastIndex { abs(Int($0)) > 200 } ?? 0) + 1)
        #expect(abs(heard - audible) < 0.1 * audible, "ALSA \(heard) samples, espeak-ng \(audible)")
    }

    @Test func morseThroughALSAIsTheFilesTonesWithoutItsClosingGap() throws {
        let home = try AlsaHome()
        defer { home.remove() }
        let played = try LecteurProcess.run(["morse", "SOS"], environment: home.environment)
        #expect(played.status == 0, "\(played.stderr)")
        let device = Self.samples(try Data(contentsOf: home.captured))
        let file = home.root.appendingPathComponent("sos.wav")
        let written = try LecteurProcess.run(["morse", "SOS", "--output", file.path], environment: home.environment)
        #expect(written.status == 0, "\(written.stderr)")
        let reference = try EspeakCommandLine.samples(ofWAV: Data(contentsOf: file))
        // The file ends with the silence of a word gap (README), about seven units of 60 ms at
        // 20 words a minute (9 261 samples at 22 050 Hz; 9 151 measured), the device is not made
        // to play.
        #expect(device.count > 22_050, "\(device.count) samples")
        #expect(Array(reference.prefix(device.count)) == device)
        let tail = reference.dropFirst(device.count)
        #expect(tail.allSatisfy { $0 == 0 } && abs(tail.count - 9_261) < 300, "\(tail.count) samples after the tones")
    }
}
