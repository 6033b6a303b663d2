// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurApp
import Foundation
import LecteurTestSupport
import LecteurCore
import LecteurLocales
import Testing
@testable import LecteurBraille

/// Against a real brltty (Virtual driver) and the project's test display, each test with its own
/// private instance. Serialized: a brltty start takes ~0.3 s and the machine has two cores.
@Suite("Braille display through a real brltty", .serialized, .timeLimit(.minutes(1)))
struct BrailleDisplayTests {
    static let label = "IA Générative, sélectionné"

    /// Expected display content: the cells, padded with blanks to the display's width, with the
    /// cursor drawn by brltty as dots 7-8 added to its cell.
    static func expected(_ unicode: String, width: Int, cursor: Int?) -> String {
        var dots = BrailleCells.dots(fromUnicode: unicode)!
        dots += [UInt8](repeating: 0, count: max(0, width - dots.count))
        if let cursor { dots[cursor] |= 0xC0 }
        return BrailleCells.unicode(dots)
    }

    @Test("the cells written arrive at the display (8 points, intégral, abrégé)", .requires(.brltty))
    func cellsShown() throws {
        let rig = try BrlttyRig.start()
        defer { rig.stop() }
        let events = Inbox<BrailleOutput.Event>()
        let output = try BrailleOutput(table: .computer8, settings: BrlAPISettings(host: rig.host, auth: "none")) {
            events.put($0)
        }
        output.start()
        defer { output.stop() }
        #expect(output.waitUntilConnected(timeout: 10))
        #expect(output.displayState == .connected(columns: 40, rows: 1))

        let before = rig.brailleEvents().count
        let rendering = try output.show(BrailleLine(text: Self.label, cursor: 0))
        #expect(rendering.unicode == "⡊⡁⠀⡛⠿⠝⠿⠗⠁⠞⠊⠧⠑⠂⠀⠎⠿⠇⠑⠉⠞⠊⠕⠝⠝⠿")
        #expect(rendering.windowUnicode == rendering.unicode)
        let shown = rig.waitForBraille(after: before) {
            $0.unicode == Self.expected(rendering.unicode, width: 40, cursor: 0)
        }
        #expect(shown != nil, "display got: \(rig.brailleEvents().dropFirst(before).map { $0.unicode ?? "" })")

        // A chip, selected, in intégral: marker, name, no role abbreviation; cursor on the name.
        _ = try output.setTable(.integral)
        let chip = try output.show(BrailleLine(text: "[x] Toutes", cursor: 4))
        #expect(chip.unicode == "⠘⠦⠭⠴⠃⠀⠨⠞⠕⠥⠞⠑⠎")
        #expect(chip.cursorCell == 6)
        #expect(rig.waitForBraille(after: before) { $0.unicode == Self.expected(chip.unicode, width: 40, cursor: 6) } != nil)

        _ = try output.setTable(.abrege)
        let contracted = try output.show(BrailleLine(text: Self.label, cursor: 0))
        #expect(contracted.unicode == (try louTranslate(Self.label, table: .abrege)))
        #expect(rig.waitForBraille(after: before) { $0.unicode == Self.expected(contracted.unicode, width: 40, cursor: 0) } != nil)
        #expect(output.takeExceptions().isEmpty)
    }

    @Test("keys pressed on the display arrive as BrailleKey", .requires(.brltty))
    func keys() throws {
        let rig = try BrlttyRig.start()
        defer { rig.stop() }
        let keys = Inbox<BrailleKey>()
        let display = BrailleDisplay(settings: BrlAPISettings(host: rig.host, auth: "none"), onKey: { keys.put($0) })
        display.start()
        defer { display.stop() }
        #expect(display.waitUntilConnected(timeout: 10))
        display.show(BrailleFrame(dots: [1, 3, 9]))
        #expect(rig.waitForBraille { $0.unicode?.hasPrefix("⠁⠃⠉") == true } != nil)

        let presses: [(String, BrailleKey)] = [
            ("LnDn", .lineDown), ("LnUp", .lineUp), ("FwinRt", .windowForward), ("FwinLt", .windowBack),
            ("Home", .home), ("Return", .enter),
            // brltty 6.5's vr driver passes `Route N` on as 0-based cell N (its README says 1-based),
            // and refuses `Route 0`: these are the second and fourth cells.
            ("Route 1", .route(cell: 1)), ("Route 3", .route(cell: 3)),
        ]
        for (index, (line, key)) in presses.enumerated() {
            try rig.send(line)
            let got = keys.wait(after: index, timeout: 5)
            #expect(got == key, "\(line) gave \(String(describing: got))")
        }
    }

    @Test("panning a label longer than the display; at its end the key moves to the next element", .requires(.brltty))
    func panning() throws {
        let rig = try BrlttyRig.start(cells: 20)
        defer { rig.stop() }
        let events = Inbox<BrailleOutput.Event>()
        let output = try BrailleOutput(table: .computer8, settings: BrlAPISettings(host: rig.host, auth: "none")) {
            events.put($0)
        }
        output.start()
        defer { output.stop() }
        #expect(output.waitUntilConnected(timeout: 10))
        let text = "Formation complète en développement web"
        let first = try output.show(BrailleLine(text: text, cursor: 0))
        #expect(first.width == 20)
        #expect(first.window == 0..<19, "cut after \"complète \"")
        #expect(rig.waitForBraille { $0.unicode == Self.expected(first.windowUnicode, width: 20, cursor: 0) } != nil)

        let before = rig.brailleEvents().count
        try rig.send("FwinRt")
        let panned = events.wait(timeout: 5) { if case .panned = $0 { return true }; return false }
        guard case .panned(let second) = panned else { Issue.record("no pan: \(events.all)"); return }
        #expect(second.window == 19..<39)
        #expect(second.windowUnicode == (try BrailleTranslator(table: .computer8).translate("en développement web")).unicode)
        #expect(second.cursorCell == nil, "the cursor is in the first window")
        #expect(rig.waitForBraille(after: before) { $0.unicode == Self.expected(second.windowUnicode, width: 20, cursor: nil) } != nil)

        // Routing on the second cell of the second window is the 21st character ("n" of "en").
        try rig.send("Route 1")
        #expect(events.wait(timeout: 5) { $0 == .intent(.activate(routedCharacter: 20)) } != nil)

        try rig.send("FwinRt")
        #expect(events.wait(timeout: 5) { $0 == .intent(.pannedPastEnd) } != nil)

        // Back on the first window, FWINLT leaves for the previous element; the reader then
        // sends that element's line to open at its end.
        // (Two key lines sent within microseconds reach brltty as one key: wait for each effect.)
        let pannedBefore = events.all.count
        try rig.send("FwinLt")
        #expect(events.wait(after: pannedBefore, timeout: 5) { if case .panned = $0 { return true }; return false } != nil)
        try rig.send("FwinLt")
        #expect(events.wait(timeout: 5) { $0 == .intent(.pannedPastStart) } != nil, "\(events.all) \(rig.events().suffix(6))")
        let previous = try output.show(BrailleLine(text: text, cursor: 0, fromEnd: true))
        #expect(previous.window == 19..<39)
        // The same line sent without it (LNUP) opens on its first window, however soon.
        #expect(try output.show(BrailleLine(text: text, cursor: 0)).window == 0..<19)
    }

    @Test("LNDN, LNUP, HOME, RETURN, ROUTE become reader intents", .requires(.brltty))
    func intents() throws {
        let rig = try BrlttyRig.start()
        defer { rig.stop() }
        let events = Inbox<BrailleOutput.Event>()
        let output = try BrailleOutput(settings: BrlAPISettings(host: rig.host, auth: "none")) { events.put($0) }
        output.start()
        defer { output.stop() }
        #expect(output.waitUntilConnected(timeout: 10))
        try output.show(BrailleLine(text: "[ ] Design", cursor: 4))
        let cases: [(String, BrailleOutput.Event)] = [
            ("LnDn", .intent(.nextElement)), ("LnUp", .intent(.previousElement)), ("Home", .intent(.repeatElement)),
            ("Return", .intent(.activate(routedCharacter: nil))), ("Route 7", .intent(.activate(routedCharacter: 4))),  // "d" of Design, after its capital sign
            ("Route 30", .ignoredKey(.route(cell: 30))),
        ]
        for (line, expected) in cases {
            try rig.send(line)
            #expect(events.wait(timeout: 5) { $0 == expected } != nil, "\(line): \(events.all) display: \(rig.events().suffix(3))")
        }
    }

    @Test("brltty stopped and started again: reconnects by itself and rewrites the line", .requires(.brltty))
    func reconnection() throws {
        let rig = try BrlttyRig.start()
        defer { rig.stop() }
        let states = Inbox<BrailleDisplayState>()
        let output = try BrailleOutput(table: .computer8, settings: BrlAPISettings(host: rig.host, auth: "none")) {
            if case .state(let state) = $0 { states.put(state) }
        }
        output.start()
        defer { output.stop() }
        #expect(output.waitUntilConnected(timeout: 10))
        let rendering = try output.show(BrailleLine(text: Self.label, cursor: 0))
        let expected = Self.expected(rendering.unicode, width: 40, cursor: 0)
        #expect(rig.waitForBraille { $0.unicode == expected } != nil)

        try rig.stopBrltty()
        let lost = states.wait(timeout: 5) { if case .unavailable(.connectionLost) = $0 { return true }; return false }
        #expect(lost != nil, "\(states.all)")

        let statesBefore = states.all.count
        let brailleBefore = rig.brailleEvents().count
        let restartedAt = Date()
        try rig.startBrltty()
        let back = states.wait(after: statesBefore, timeout: 15) { if case .connected = $0 { return true }; return false }
        #expect(back == .connected(columns: 40, rows: 1), "\(states.all)")
        // The line comes back on the display without any new show().
        let rewritten = rig.waitForBraille(after: brailleBefore, timeout: 10) { $0.unicode == expected }
        #expect(rewritten != nil, "\(rig.brailleEvents().dropFirst(brailleBefore).map { $0.unicode ?? "" })")
        let seconds = Date().timeIntervalSince(restartedAt)
        print("reconnected and rewrote the line \(String(format: "%.2f", seconds)) s after brltty was started again")
        #expect(seconds < 10)
    }

    @Test("no brltty: a typed error (bounded by a hang guard), a French notice, no abort")
    func noServer() throws {
        let host = ":97"  // brltty-test.sh hands out 5 to 89 only; nothing listens on 97
        let states = Inbox<BrailleDisplayState>()
        let display = BrailleDisplay(settings: BrlAPISettings(host: host, auth: "none"), onKey: { _ in },
                                     onState: { states.put($0) })
        let start = Date()
        display.start()
        let state = states.wait(timeout: 5) { if case .unavailable = $0 { return true }; return false }
        let elapsed = Date().timeIntervalSince(start)
        guard case .unavailable(let error) = state else { Issue.record("\(states.all)"); return }
        guard case .noServer(let reportedHost, _) = error else { Issue.record("\(error)"); return }
        #expect(reportedHost == host)
        // A hang guard, not a speed target (the time is printed below).
        #expect(elapsed < 5, "hang guard: \(elapsed) s")
        let strings = Strings(localeCode: "fr", table: try #require(LocaleResources.table(locale: "fr")))
        print("notice:", error.message(strings), "after \(Int(elapsed * 1000)) ms")
        #expect(error.message(strings).hasPrefix("Pas de plage braille : brltty ne répond pas sur :97"))
        display.show(BrailleFrame(dots: [1]))  // never blocks while disconnected
        let stopStart = Date()
        display.stop()
        #expect(Date().timeIntervalSince(stopStart) < 5, "hang guard: stop() while disconnected")
        #expect(display.state == .stopped)
    }

    @Test("wrong BrlAPI key: authentication error, not a crash", .requires(.brltty))
    func authenticationFailure() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-brlapi-key-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let serverKey = dir.appendingPathComponent("server.key"), clientKey = dir.appendingPathComponent("client.key")
        try Data("la-bonne-cle-0123456789".utf8).write(to: serverKey)
        try Data("une-autre-cle-987654321".utf8).write(to: clientKey)
        let rig = try BrlttyRig.start(auth: "keyfile:\(serverKey.path)")
        defer { rig.stop() }

        let states = Inbox<BrailleDisplayState>()
        let display = BrailleDisplay(settings: BrlAPISettings(host: rig.host, auth: "keyfile:\(clientKey.path)"),
                                     onKey: { _ in }, onState: { states.put($0) })
        display.start()
        defer { display.stop() }
        let state = states.wait(timeout: 10) { if case .unavailable = $0 { return true }; return false }
        #expect(state == .unavailable(.authenticationFailed(host: rig.host)), "\(states.all)")

        // The right key works on the same brltty.
        let good = BrailleDisplay(settings: BrlAPISettings(host: rig.host, auth: "keyfile:\(serverKey.path)"), onKey: { _ in })
        good.start()
        defer { good.stop() }
        #expect(good.waitUntilConnected(timeout: 10))
    }
}

@Suite("BrlAPI edge cases on a real brltty", .serialized, .timeLimit(.minutes(1)), .requires(.brltty))
struct BrlAPIEdgeCaseTests {
    @Test("a display of 0 cells: typed error, then it connects by itself once the display is there")
    func emptyDisplay() throws {
        let rig = try BrlttyRig.start(cells: 0)  // the vr driver refuses 0 columns and waits for a valid size
        defer { rig.stop() }
        let states = Inbox<BrailleDisplayState>()
        let display = BrailleDisplay(settings: BrlAPISettings(host: rig.host, auth: "none"),
                                     onKey: { _ in }, onState: { states.put($0) })
        display.start()
        defer { display.stop() }
        let empty = states.wait(timeout: 10) { if case .unavailable = $0 { return true }; return false }
        #expect(empty == .unavailable(.emptyDisplay(host: rig.host)), "\(states.all)")
        let strings = Strings(localeCode: "fr", table: try #require(LocaleResources.table(locale: "fr")))
        print("notice:", BrailleDisplayError.emptyDisplay(host: rig.host).message(strings))

        try rig.send("cells 32")
        #expect(display.waitForState(timeout: 15) { $0 == .connected(columns: 32, rows: 1) }, "\(states.all)")
    }

    @Test("an error packet from brltty goes to our handler, not to abort()")
    func exceptionDoesNotAbort() throws {
        let rig = try BrlttyRig.start()
        defer { rig.stop() }
        let connection = try BrlAPIConnection.open(BrlAPISettings(host: rig.host, auth: "none"))
        defer { connection.close() }
        // A region past the end of the 40-cell display: brltty answers with an error packet,
        // which BrlAPI hands to the exception handler when it next reads.
        try connection.writeRaw(regionBegin: 100, dots: [1, 2, 3])
        let deadline = TestDeadline(seconds: 5)
        var exceptions: [String] = []
        while exceptions.isEmpty && !deadline.hasPassed {
            _ = try? connection.readKey()
            exceptions = connection.takeExceptions()
            usleep(10_000)
        }
        print("brltty exception:", exceptions)
        #expect(!exceptions.isEmpty)
        // Still alive. BrlAPI drops the connection after an exception: using it again is a typed
        // error (BrailleDisplay then reconnects), and a new connection works.
        #expect(throws: BrailleDisplayError.self) {
            try connection.write(dots: [1], cursor: nil)
            _ = try connection.readKey()
        }
        let fresh = try BrlAPIConnection.open(BrlAPISettings(host: rig.host, auth: "none"))
        defer { fresh.close() }
        try fresh.write(dots: [1], cursor: nil)
        #expect(rig.waitForBraille { $0.unicode?.hasPrefix("⠁⠀") == true } != nil)
    }
}

@Suite("BrailleOutput without a display")
struct BrailleOutputOfflineTests {
    @Test("lines are still translated (for the transcript) and kept for when a display appears")
    func offline() throws {
        let states = Inbox<BrailleDisplayState>()
        let output = try BrailleOutput(settings: BrlAPISettings(host: ":96", auth: "none")) {
            if case .state(let state) = $0 { states.put(state) }
        }
        output.start()
        defer { output.stop() }
        #expect(states.wait(timeout: 5) { if case .unavailable(.noServer) = $0 { return true }; return false } != nil)
        let started = Date()
        let rendering = try output.show(BrailleLine(text: "[ ] Design btn", cursor: 4))
        // show() hands the line over without waiting for a display: a hang guard (a wait for the
        // display would block until the 5 s connection retry at least).
        #expect(Date().timeIntervalSince(started) < 2, "hang guard: show() waited for the display")
        #expect(rendering.width == BrailleOutput.defaultWidth)
        #expect(rendering.unicode == "⠘⠦⠀⠴⠃⠀⠨⠙⠑⠎⠊⠛⠝⠀⠃⠞⠝")
        #expect(output.current == rendering)
        let strings = Strings(localeCode: "fr", table: try #require(LocaleResources.table(locale: "fr")))
        #expect(BrailleTable.abrege.label(strings) == "braille abrégé")
        let changed = try output.setTable(.computer8)
        #expect(changed?.unicode == "⣦⠀⣴⠀⡙⠑⠎⠊⠛⠝⠀⠃⠞⠝")
        #expect(output.table == .computer8)
    }
}
