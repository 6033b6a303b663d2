// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Reading from the display alone (issue 24, items 3–6), on a real brltty (Virtual driver, 40
/// cells) with the project's test display, whose log stamps each line it shows: messages each
/// stay their whole time, panning keeps a long one up, help and history are read key by key,
/// and `tout lire` without a voice paces the display.
@Suite(.serialized) struct BrailleReadingSessionTests {
    let withoutCursor = BrailleSessionTests.withoutCursor

    /// A real brltty and a reader on it, with `lecteur.toml`'s [reader] section set to `settings`.
    struct Session {
        let rig: BrlttyRig
        let reader: InteractiveLecteur
        let home: String

        func close() {
            _ = reader.finish()
            rig.stop()
            try? FileManager.default.removeItem(atPath: home)
        }
    }

    /// `awaiting`: returns once the reader's first braille line of that kind is out.
    func openSession(reader settings: String, _ extra: [String] = [], awaiting kind: String? = nil) throws -> Session {
        let rig = try BrlttyRig.start(cells: 40)
        let home = NSTemporaryDirectory() + "lecteur-brl-reading-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/config/lecteur", withIntermediateDirectories: true)
        try "[reader]\n\(settings)\n".writeWhole(toFile: home + "/config/lecteur/lecteur.toml")
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "on"] + extra,
                                            environment: ["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none",
                                                          "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
                                                          "XDG_CONFIG_HOME": home + "/config"])
        if let kind { _ = try reader.next("braille") { $0["kind"] as? String == kind } }
        return Session(rig: rig, reader: reader, home: home)
    }

    /// The display event that first shows these cells (a long line: its first window), after `after`.
    func shown(_ rig: BrlttyRig, _ cells: String, after: Int, timeout: TimeInterval = 15) -> BrlttyRig.DisplayEvent? {
        rig.waitForBraille(after: after, timeout: timeout) { event in
            let window = withoutCursor(event.unicode ?? "")
            return cells.count <= 40 ? window == cells : (!window.isEmpty && cells.hasPrefix(window))
        }
    }

    func seconds(_ from: BrlttyRig.DisplayEvent, _ to: BrlttyRig.DisplayEvent) -> Double {
        Double(Int64(to.t) - Int64(from.t)) / 1e9
    }

    @Test(.requires(.brltty)) func atStartUpTheWarningAndTheLoadAreEachOnTheDisplayForTheirWholeTime() throws {
        let catalogue = NSTemporaryDirectory() + "lecteur-set-aside-\(UUID().uuidString).json"
        try #"{"data": [{"id": 1, "title": "Découverte de la bureautique", "description": "Premiers pas.", "duration": "3 heures", "level": "Débutant", "price": 79, "next_session": null, "category": null}, 5]}"#
            .writeWhole(toFile: catalogue)
        defer { try? FileManager.default.removeItem(atPath: catalogue) }
        let session = try openSession(reader: "braille-message = 1.5", ["--catalog", catalogue])
        defer { session.close() }
        let rig = session.rig, reader = session.reader
        let warning = try reader.next("braille") { $0["kind"] as? String == "message" }
        #expect((warning["text"] as? String)?.hasPrefix("Enregistrement n° 2 du fichier ignoré") == true, "\(warning)")
        let loaded = try reader.next("braille") { $0["kind"] as? String == "message" }
        #expect(loaded["text"] as? String == "1 formation chargée.")
        let focus = try reader.next("braille") { $0["kind"] as? String == "focus" }
        // On the display, in that order, each for its whole time (1.5 s), the focus last.
        let warningCells = try #require(warning["cells"] as? String)
        let loadedCells = try #require(loaded["cells"] as? String)
        let focusCells = try #require(focus["cells"] as? String)
        let onWarning = try #require(shown(rig, warningCells, after: 0))
        let onLoaded = try #require(shown(rig, loadedCells, after: 0))
        let onFocus = try #require(shown(rig, focusCells, after: 0))
        #expect(seconds(onWarning, onLoaded) >= 1.4, "the warning stayed \(seconds(onWarning, onLoaded)) s")
        #expect(seconds(onLoaded, onFocus) >= 1.4, "the load's message stayed \(seconds(onLoaded, onFocus)) s")
        print("BRAILLE start-up: warning on the display \(seconds(onWarning, onLoaded)) s, load message \(seconds(onLoaded, onFocus)) s (message-braille 1.5)")
    }

    /// Issue 35: the answer the user asked for stays until a key, however long `message-braille`
    /// is (a deafblind user reads at their own pace); panning reads it on, and a key brings the
    /// focus back.
    @Test(.requires(.brltty)) func anAnswerStaysOnTheDisplayUntilAKey() throws {
        let session = try openSession(reader: "braille-message = 1", awaiting: "focus")
        defer { session.close() }
        let rig = session.rig, reader = session.reader
        reader.send("filtre zzz")
        let error = try reader.next("braille") { $0["kind"] as? String == "message" }
        let cells = try #require(error["cells"] as? String)
        #expect(cells.count > 160, "a message of several windows: \(cells.count) cells")
        _ = try #require(shown(rig, cells, after: 0))
        // Two pans 1.2 s apart, each past the 1 s a notice would have: still the message.
        for _ in 0..<2 {
            usleep(1_200_000)
            try rig.send("FwinRt")
            let panned = try reader.next("braille")
            #expect(panned["kind"] as? String == "message", "the message was still up: \(panned)")
        }
        // brltty logs the second pan's window a moment after the reader's transcript says so:
        // wait until its log has been still for a second (a hang guard of 10 s) before counting.
        var onDisplay = rig.brailleEvents().count
        for _ in 0..<10 {
            usleep(1_000_000)
            let now = rig.brailleEvents().count
            if now == onDisplay { break }
            onDisplay = now
        }
        // Left alone three times `message-braille`, the display (brltty's own log) shows nothing else.
        usleep(3_000_000)
        #expect(rig.brailleEvents().count == onDisplay, "the answer stayed on the display")
        #expect(reader.seen("braille").last?["kind"] as? String == "message")
        // A key takes it away: the focus comes back.
        try rig.send("Home")
        let back = try reader.next("braille", timeout: 10)
        #expect(back["kind"] as? String == "focus")
        #expect(reader.seen("focus").count == 1, "nothing else moved")
    }

    /// A typo's suggestion is the first thing under the fingers: in the display's first window.
    @Test(.requires(.brltty)) func aTyposSuggestionIsInTheFirstWindow() throws {
        let session = try openSession(reader: "braille-message = 1", awaiting: "focus")
        defer { session.close() }
        let rig = session.rig, reader = session.reader
        reader.send("suivnt")
        let error = try reader.next("braille") { $0["kind"] as? String == "message" }
        #expect((error["text"] as? String)?.hasPrefix("Vouliez-vous dire « suivant »") == true, "\(error)")
        let cells = try #require(error["cells"] as? String)
        let window = try #require(shown(rig, cells, after: 0))
        // The first window (40 cells) holds the suggested command whole: s u i v a n t, in the
        // integral table's letters, under the fingers before anything is panned.
        let firstWindow = withoutCursor(window.unicode ?? "")
        #expect(cells.hasPrefix(firstWindow), "the message's first window: \(firstWindow)")
        #expect(firstWindow.contains("⠎⠥⠊⠧⠁⠝⠞"), "« suivant » in the first window: \(firstWindow)")
    }

    /// Issue 35: `aide régler` (257 characters, past three windows) opens on the display as a
    /// screen: its name and size first, then its first sentence; LNDN reads the next one. The
    /// transcript prints it whole.
    @Test(.requires(.brltty)) func aLongHelpOpensAsAScreenWithItsNameAndSize() throws {
        let session = try openSession(reader: "braille-message = 1", awaiting: "focus")
        defer { session.close() }
        let rig = session.rig, reader = session.reader
        reader.send("aide régler")
        let help = try reader.next("notice") { $0["code"] as? String == "help" }
        #expect((help["message"] as? String)?.hasSuffix("« régler » seul ouvre l'écran des réglages") == true, "\(help)")
        let name = try reader.next("braille") { $0["kind"] as? String == "message" }
        #expect(name["text"] as? String == "Aide de « régler », 2 éléments")
        let nameCells = try #require(name["cells"] as? String)
        #expect(shown(rig, nameCells, after: 0) != nil)
        // The name flashes (1 s); the first sentence follows it on the display.
        let first = try reader.next("braille", timeout: 10) { $0["kind"] as? String == "focus" }
        #expect((first["text"] as? String)?.hasPrefix("régler, reglage") == true, "\(first)")
        let firstCells = try #require(first["cells"] as? String)
        #expect(shown(rig, firstCells, after: 0) != nil)
        let seen = rig.brailleEvents().count
        try rig.send("LnDn")
        let next = try reader.next("focus")
        #expect(next["screen"] as? String == "answer" && next["index"] as? Int == 2, "\(next)")
        let line = try #require(try reader.next("braille") { $0["kind"] as? String == "focus" }["cells"] as? String)
        #expect(shown(rig, line, after: seen) != nil)
    }

    @Test(.requires(.brltty)) func helpAndHistoryAreScreensReadKeyByKey() throws {
        let session = try openSession(reader: "braille-message = 0", awaiting: "message")
        defer { session.close() }
        let rig = session.rig, reader = session.reader
        try rig.send("Home")
        _ = try reader.next("braille") { $0["kind"] as? String == "focus" }

        reader.send("aide")
        let title = try reader.next("braille") { $0["kind"] as? String == "message" }
        #expect((title["text"] as? String)?.hasPrefix("Aide, ") == true, "\(title)")
        #expect(try reader.next("focus")["screen"] as? String == "help")
        // A key takes the screen's name away; LNDN reads the commands one by one.
        try rig.send("Home")
        _ = try reader.next("braille") { $0["kind"] as? String == "focus" }
        var seen = rig.brailleEvents().count
        try rig.send("LnDn")
        let next = try reader.next("focus")
        #expect(next["label"] as? String == "suivant, s : élément suivant")
        let line = try #require(try reader.next("braille") { $0["kind"] as? String == "focus" }["cells"] as? String)
        #expect(shown(rig, line, after: seen) != nil)

        reader.send("historique")
        let history = try reader.next("braille") { $0["kind"] as? String == "message" }
        #expect((history["text"] as? String)?.hasPrefix("Historique, ") == true, "\(history)")
        let newest = try reader.next("focus")
        #expect(newest["screen"] as? String == "history")
        #expect((newest["label"] as? String)?.hasPrefix("suivant, s : élément suivant") == true, "newest first: \(newest)")
        try rig.send("Home")
        _ = try reader.next("braille") { $0["kind"] as? String == "focus" }
        seen = rig.brailleEvents().count
        try rig.send("LnDn")
        let older = try reader.next("focus")
        #expect(older["screen"] as? String == "history" && older["index"] as? Int == 2)
        let olderLine = try #require(try reader.next("braille") { $0["kind"] as? String == "focus" }["cells"] as? String)
        #expect(shown(rig, olderLine, after: seen) != nil)
    }

    @Test(.requires(.brltty)) func readingAllWithoutAVoicePacesTheDisplayAndItsPanningKeySkipsAhead() throws {
        let session = try openSession(reader: "braille-message = 0\nbraille-scroll = 1", awaiting: "message")
        defer { session.close() }
        let rig = session.rig, reader = session.reader
        reader.send("aller 1")
        _ = try reader.next("focus")
        reader.send("activer")
        _ = try reader.next("braille") { $0["kind"] as? String == "message" } // « Détail, 8 éléments »
        try rig.send("Home")
        _ = try reader.next("braille") { $0["kind"] as? String == "focus" }

        let started = Date()
        reader.send("tout lire")
        // The title, then the description (several windows), a second each, element by element.
        var lines: [[String: Any]] = []
        while lines.count < 4 {
            let event = try reader.next("braille", timeout: 10)
            lines.append(event)
        }
        #expect(Date().timeIntervalSince(started) >= 2.5, "four lines, one a second")
        #expect(reader.seen("focus").filter { $0["screen"] as? String == "detail" }.count >= 2)
        // The panning key skips ahead; the reading goes on to « Fin de l'écran. ».
        for _ in 0..<3 { try rig.send("FwinRt"); usleep(150_000) }
        let end = try reader.next("braille", timeout: 20) { $0["kind"] as? String == "message" }
        #expect(end["text"] as? String == "Fin de l'écran.")
        #expect(reader.seen("focus").last?["id"] as? String == "back")
        let endCells = try #require(end["cells"] as? String)
        #expect(shown(rig, endCells, after: 0) != nil)
    }
}
