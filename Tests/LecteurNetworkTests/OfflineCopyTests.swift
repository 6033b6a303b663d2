// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore
@testable import LecteurNetwork

@Suite(.timeLimit(.minutes(1))) struct OfflineCopyTests {
    @Test func cacheDirectoryFollowsXDG() {
        #expect(OfflineCatalogueStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.path
                == "/x/cache/lecteur")
        #expect(OfflineCatalogueStore.defaultDirectory(environment: ["HOME": "/home/u"])?.path == "/home/u/.cache/lecteur")
        // A relative XDG_CACHE_HOME is invalid per the spec and ignored.
        #expect(OfflineCatalogueStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"])?.path
                == "/home/u/.cache/lecteur")
        // No HOME: the account's home from the password database, the one decision settings,
        // database and history take too (issue 38 item 11).
        let account = String(cString: getpwuid(getuid()).pointee.pw_dir)
        #expect(OfflineCatalogueStore.defaultDirectory(environment: [:])?.path == account + "/.cache/lecteur")
    }

    @Test func lastGoodAnswerIsOfferedWithItsAgeWhenTheServerIsGone() async throws {
        let directory = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = OfflineCatalogueStore(directory: directory)
        let fetchTime = ISODate.parse("2026-03-03T09:00:00Z")!
        let server = try await LocalCatalogueServer.start()
        let base = server.base("ok", key: "offline")
        let endpoint = try CatalogueEndpoint(base: base)
        let online = CatalogueClient(endpoint: endpoint, configuration: .init(timeout: 5, retryPolicy: .never),
                                     offlineStore: store, now: { fetchTime })
        guard case .loaded(let fresh, let fetchedAt, _) = await online.load() else { Issue.record("first load failed"); return }
        #expect(fetchedAt == fetchTime)
        let file = store.fileURL(for: endpoint)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let stored = try String(contentsOf: file, encoding: .utf8)
        #expect(stored.hasPrefix("{"))
        await server.stopAndWait()

        // Same address, nobody listening now.
        let sleeper = RecordingSleeper()
        let offline = CatalogueClient(endpoint: endpoint, configuration: .init(timeout: 5, retryPolicy: .standard),
                                      offlineStore: store, sleeper: sleeper)
        let outcome = await offline.load()
        guard case .failed(.localNoAnswer, 4, let copy?) = outcome else { Issue.record("\(outcome)"); return }
        #expect(copy.catalogue == fresh.catalogue)
        #expect(copy.fetchedAt == fetchTime)
        #expect(copy.source == endpoint.displayString)
        let event = outcome.readerEvent(now: fetchTime.addingTimeInterval(5 * 3600 + 120))
        #expect(event == .loaded(fresh.catalogue, warnings: [],
                                 origin: .offlineCopy(after: .localNoAnswer, fetchedAt: fetchTime,
                                                      now: fetchTime.addingTimeInterval(5 * 3600 + 120))))
        // The fault, then the copy's age, then the load: all said, only the fault on the display
        // (the others wait behind it), then the list's first chip focused and said.
        let fault = "Aucun serveur ne répond à cette adresse sur cet ordinateur. Vérifiez qu'il est lancé, et son port."
        let age = "Formations hors ligne : copie du 3 mars 2026, il y a 5 heures. Tapez « réessayer » pour recharger."
        let chip = Element(id: "chip.all", role: .button, label: "Toutes, sélectionné", spokenLabel: "Toutes, sélectionné",
                           visibleText: "Toutes", hint: nil, value: nil, selected: true, action: .selectCategory(nil), brailleText: nil)
        let first = "Toutes, sélectionné, bouton, filtre 1 sur 4"
        let effects = Fixtures.effects([event])
        #expect(effects == [
            .error(code: "local-no-answer", message: fault), .speak(Utterance(text: fault, interrupt: false, priority: .error)),
            .braille(BrailleLine(text: fault, cursor: 0, kind: .message)),
            .notice(code: "offline", message: age), .speak(Utterance(text: age, interrupt: false, priority: .notice)),
            .notice(code: "loaded", message: "3 formations chargées."),
            .speak(Utterance(text: "3 formations chargées.", interrupt: false, priority: .notice)),
            .focus(FocusReport(screen: "formations", title: "Formations", index: 1, count: 8, element: chip, roleWord: "bouton")),
            .speak(Utterance(text: first, interrupt: false, priority: .answer, printed: first)),
            .schedule(.brailleMessage(token: 1), afterSeconds: 4),
        ], "\(effects)")
    }

    @Test func copyIsOfferedForAServerErrorButNotForA404() async throws {
        let directory = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = OfflineCatalogueStore(directory: directory)
        let server = try await LocalCatalogueServer.start()
        defer { server.stop() }
        let body = Data(#"[{"id": 9, "title": "Copie", "duration": "1 jour", "level": "Débutant", "price": 1}]"#.utf8)
        for (scenario, offered) in [("status-502", true), ("status-404", false)] {
            let endpoint = try CatalogueEndpoint(base: server.base(scenario))
            try store.save(body: body, for: endpoint, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000))
            let outcome = await CatalogueClient(endpoint: endpoint, configuration: .init(timeout: 5, retryPolicy: .never),
                                                offlineStore: store).load()
            guard case .failed(_, _, let copy) = outcome else { Issue.record("\(outcome)"); continue }
            #expect((copy != nil) == offered, "\(scenario)")
            #expect(copy?.catalogue.formations.first?.title == (offered ? "Copie" : nil))
        }
    }

    @Test func damagedOrForeignCopiesAreIgnored() throws {
        let directory = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = OfflineCatalogueStore(directory: directory)
        let endpoint = try CatalogueEndpoint(base: "https://api.example.org/v1")
        let other = try CatalogueEndpoint(base: "https://api.example.org/v2")
        #expect(store.load(for: endpoint) == nil)
        let body = Data(#"[{"id": 1, "title": "T", "duration": "1 jour", "level": "Débutant", "price": 1}]"#.utf8)
        try store.save(body: body, for: endpoint, fetchedAt: Date())
        #expect(store.load(for: endpoint)?.catalogue.formations.count == 1)
        #expect(store.load(for: other) == nil)
        // Cut short (a full disk, say): the header's byte count no longer matches.
        let file = store.fileURL(for: endpoint)
        let full = try Data(contentsOf: file)
        try full.prefix(full.count - 5).write(to: file)
        #expect(store.load(for: endpoint) == nil)
        try Data("not a header\n[]".utf8).write(to: file)
        #expect(store.load(for: endpoint) == nil)
    }

    @Test func fileNameCarriesNoSecret() throws {
        let store = OfflineCatalogueStore(directory: URL(fileURLWithPath: "/tmp/x"))
        let a = try CatalogueEndpoint(base: "https://h/api?token=ONE")
        let b = try CatalogueEndpoint(base: "https://h/api?token=TWO")
        #expect(store.fileURL(for: a).lastPathComponent.range(of: #"^catalogue-[0-9a-f]{16}\.json$"#, options: .regularExpression) != nil)
        // Two tokens for one catalogue share one copy.
        #expect(store.fileURL(for: a) == store.fileURL(for: b))
        let withUser = try CatalogueEndpoint(base: "https://alice:pw@h/api?token=ONE")
        #expect(!store.fileURL(for: withUser).path.contains("alice") && !store.fileURL(for: withUser).path.contains("pw"))
    }
}
