import Foundation
import LecteurTestSupport
import Testing

/// The HTML report opened in a real headless Chromium (Debian package `chromium`), checked on the
/// accessibility tree Chromium itself computes (DevTools protocol, AuditTools/chromium-ax.py): the
/// names a screen reader would announce, the heading outline, one region per screen, and no
/// network request.
@Suite(.requires(.chromium)) struct AuditHTMLBrowserTests {
    struct Node {
        let role: String
        let name: String
        let level: Int?
    }

    private func accessibilityTree(of html: String) throws -> (nodes: [Node], page: [String: Any]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("audit-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rapport.html")
        try Data(html.utf8).write(to: file)
        let run = try #require(try AuditFiles.run("python3", [AuditFiles.tool("chromium-ax.py").path, file.path]),
                               "python3 is required")
        #expect(run.status == 0, "chromium-ax failed (is the Debian package `chromium` installed?): \(run.stdout)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let nodes = (page["nodes"] as? [[String: Any]] ?? []).map {
            Node(role: $0["role"] as? String ?? "", name: $0["name"] as? String ?? "", level: $0["level"] as? Int)
        }
        return (nodes, page)
    }

    @Test func theBuiltInReportReadsWellInARealBrowser() throws {
        let out = try LecteurProcess.run(["audit", "--format", "html"])
        #expect(out.status == 0)
        let json = try LecteurProcess.run(["audit", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let screens = try #require(report["screens"] as? [[String: Any]])
        let screenHeadings = screens.compactMap { $0["heading"] as? String }
        let elementCount = try #require(report["elementCount"] as? Int)

        let (nodes, page) = try accessibilityTree(of: out.stdout)
        #expect(page["lang"] as? String == "fr")
        #expect(page["title"] as? String == "Rapport d'audit d'accessibilité — Lecteur")
        #expect((page["requests"] as? [Any])?.isEmpty == true, "the report loads nothing from anywhere")
        #expect(page["resources"] as? Int == 0)

        let headings = nodes.filter { $0.role == "heading" }
        #expect(headings.filter { $0.level == 1 }.map(\.name) == ["Rapport d'audit d'accessibilité — Lecteur"])
        #expect(headings.filter { $0.level == 2 }.map(\.name) == ["Synthèse", "Règles", "Écrans"])
        // Never a level skipped going down: h1 → h2 → h3 → h4.
        var previous = 0
        for heading in headings {
            let level = heading.level ?? 0
            #expect(level <= previous + 1, "heading \(heading.name) jumps from h\(previous) to h\(level)")
            previous = level
        }
        // One region per screen, named by its heading, in order; plus summary, rules, screens.
        let regions = nodes.filter { $0.role == "region" }.map(\.name)
        #expect(regions == ["Synthèse", "Règles", "Écrans"] + screenHeadings)
        #expect(Set(screenHeadings).count == screenHeadings.count, "each screen's heading is unique")
        #expect(headings.filter { $0.level == 3 }.count == screenHeadings.count + 16)
        #expect(headings.filter { $0.level == 4 }.count == elementCount, "one heading per element")
        // Everything a screen reader lands on has a name.
        // (`main` is the only one of its kind and needs no name.)
        for role in ["link", "heading", "region", "table", "columnheader", "rowheader", "RootWebArea"] {
            let unnamed = nodes.filter { $0.role == role && $0.name.trimmingCharacters(in: .whitespaces).isEmpty }
            #expect(unnamed.isEmpty, "\(unnamed.count) \(role) without an accessible name")
        }
        #expect(nodes.filter { $0.role == "table" }.map(\.name) == ["Constats par règle"])
        #expect(nodes.contains { $0.role == "link" && $0.name == "Aller aux écrans" })
        // The speech text and the braille cells are in the page as text.
        #expect(out.stdout.contains("<dd class=\"speech\">Toutes, sélectionné, bouton</dd>"))
        #expect(out.stdout.contains("<dd class=\"cells\">⣦⠭⣴⠀⡞⠕⠥⠞⠑⠎⠀⠃⠞⠝</dd>"))
    }

    @Test func anElementWithoutLabelStillGetsANamedHeading() throws {
        let out = try LecteurProcess.run([
            "audit", "--format", "html",
            "--catalog", AuditFiles.fixture("audit-trips-every-rule.catalogue.json").path,
        ])
        let (nodes, _) = try accessibilityTree(of: out.stdout)
        #expect(nodes.contains { $0.role == "heading" && $0.level == 4 && $0.name == "1. (sans libellé) (titre)" })
        let unnamed = nodes.filter { ["heading", "link", "region"].contains($0.role) && $0.name.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(unnamed.isEmpty)
    }
}
