// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 49: a reader that does not speak (`--speech off`; speech-dispatcher's route and a
/// screen reader's silence use the same output) opens the sound device at its first sound, not
/// at start-up: a user who never plays Morse holds no stream on the sound server and does not
/// wait for it to answer. `état` says where the device stands.
@Suite struct SoundOnDemandTests {
    static let arguments = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    /// How many clients of the private server pcaudiolib opened for the reader (its streams
    /// carry the application name « lecteur »; `pactl` itself is a client too, named « pactl »).
    static func readerClients(_ pulse: PrivatePulseServer) throws -> Int {
        let clients = try BrlttyRig.run(["-c", "pactl list clients"], timeout: 5, environment: ["PULSE_SERVER": pulse.server])
        return clients.components(separatedBy: "application.name = \"lecteur\"").count - 1
    }

    @Test func theSoundServerIsReachedAtTheFirstMorseSoundNotAtStart() throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let home = ReaderHome()
        defer { home.remove() }
        let reader = try InteractiveLecteur(Self.arguments, environment: home.environment.merging(["PULSE_SERVER": pulse.server]) { $1 })
        defer { reader.kill() }
        _ = try reader.next("focus")
        reader.send("état")
        let before = try reader.next("status")
        #expect(before["sound"] as? String == "not_opened", "\(before)")
        #expect(before["message"] as? String
            == "Son : pas encore ouvert, il le sera au premier son. Parole : désactivée. Plage braille : désactivée.")
        #expect(try Self.readerClients(pulse) == 0, "a stream opened before any sound")

        reader.send("morse E")
        _ = try reader.next("morse")
        reader.send("état")
        let after = try reader.next("status")
        #expect(after["sound"] as? String == "connected", "\(after)")
        #expect((after["message"] as? String)?.hasPrefix("Son : connecté, ") == true, "\(after)")
        #expect(try Self.readerClients(pulse) == 1)
        reader.send("quitter")
        #expect(reader.finish() == 0)
    }

    /// No server at all (the tests' socket nothing listens on, as every reader test has): the
    /// first sound finds none, the status says so as a device missing at start-up did, and the
    /// reader answers the next command.
    @Test func withoutASoundServerTheFirstSoundFindsNoneAndTheReaderGoesOn() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let reader = try InteractiveLecteur(Self.arguments, environment: home.environment)
        defer { reader.kill() }
        _ = try reader.next("focus")
        reader.send("état")
        #expect(try reader.next("status")["sound"] as? String == "not_opened")
        reader.send("morse E")
        _ = try reader.next("morse")
        reader.send("état")
        let after = try reader.next("status")
        #expect(after["sound"] as? String == "none", "\(after)")
        #expect((after["message"] as? String)?.hasPrefix("Son : aucun. ") == true, "\(after)")
        reader.send("suivant")
        _ = try reader.next("focus", timeout: 5)
        reader.send("quitter")
        #expect(reader.finish() == 0)
    }
}
