// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 25 on the real brltty (Virtual driver): a routing key over plain text puts the review
/// cursor on the character under it and says it; the display's cursor moves there.
@Suite(.serialized) struct BrailleReviewTests {
    @Test(.requires(.brltty)) func aRoutingKeyOverTextReadsTheCharacterThere() throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let home = NSTemporaryDirectory() + "lecteur-braille-review-\(UUID().uuidString)"
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "on"],
                                            environment: ["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none",
                                                          "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
                                                          "XDG_CONFIG_HOME": home + "/config"])
        defer { _ = reader.finish() }
        reader.send("régler message-braille 0")
        reader.send("aller 1")
        reader.send("activer")
        reader.send("suivant")
        // The description: plain text, nothing to activate.
        _ = try reader.next("focus") { ($0["label"] as? String)?.hasPrefix("Découvrez") == true }
        let line = try reader.next("braille") { $0["kind"] as? String == "focus" && ($0["text"] as? String)?.hasPrefix("Découvrez") == true }
        #expect(line["cursor"] as? Int == 0)
        // Cells: capital sign, d, é, c… — the fourth cell (Route 3) is the « c », character 2.
        try rig.send("Route 3")
        let said = try reader.next("speech")
        #expect(said["text"] as? String == "c")
        let moved = try reader.next("braille") { $0["kind"] as? String == "focus" }
        #expect(moved["cursor"] as? Int == 2)
        // RETURN still activates (here: « Cet élément ne s'active pas. »), and a new focus starts over.
        try rig.send("LnUp")
        _ = try reader.next("focus")
        try rig.send("LnDn")
        let back = try reader.next("braille") { $0["kind"] as? String == "focus" && ($0["text"] as? String)?.hasPrefix("Découvrez") == true }
        #expect(back["cursor"] as? Int == 0)
    }
}
