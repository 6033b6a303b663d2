// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// The HTML report opened in a real headless Chromium (Debian package `chromium`), checked on the
/// accessibility tree Chromium itself computes (DevTools protocol, AuditTools/chromium-ax.py): the
/// names a screen reader would announce, the heading outline, one region per screen, and no
/// network request; and axe-core, the checker auditors use (the axe.min.js of the PyPI wheel
/// axe-playwright-python that scripts/install-deps.sh installs), run in the same page, on the
/// built-in catalogue's report and on reports of unusual catalogues.
@Suite(.requires(.chromium)) struct AuditHTMLBrowserTests {
    struct Node {
        let role: String
        let name: String
        let level: Int?
    }

    /// axe-core's own file, from the installed wheel.
    static func axeScript() throws -> String {
        let find = try #require(try AuditFiles.run("python3", ["-c",
            "import axe_playwright_python, os; print(os.path.join(os.path.dirname(axe_playwright_python.__file__), 'axe.min.js'))"]))
        let path = find.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(find.status == 0 && FileManager.default.fileExists(atPath: path),
                "axe-playwright-python is required (scripts/install-deps.sh test installs it): \(find.stderr)")
        return path
    }

    /// axe-core's violations in the page, each as "rule-id: targets".
    static func violations(_ page: [String: Any]) -> [String] {
        ((page["axe"] as? [String: Any])?["violations"] as? [[String: Any]] ?? []).map {
            "\($0["id"] ?? "?"): \(($0["targets"] as? [String] ?? []).joined(separator: ", "))"
        }
    }

    /// `contrast`: false leaves axe-core's colour-contrast rule out, for a page whose classes and
    /// elements the other pages' contrast already judged (checked where it is used).
    private func accessibilityTree(of html: String, axe: Bool = false, contrast: Bool = true) throws -> (nodes: [Node], page: [String: Any]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("audit-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rapport.html")
        try Data(html.utf8).write(to: file)
        let arguments = (axe ? ["--axe", try Self.axeScript()] + (contrast ? [] : ["--without-contrast"]) : []) + [file.path]
        let run = try #require(try AuditFiles.run("python3", [AuditFiles.tool("chromium-ax.py").path] + arguments, timeout: 240),
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

        let (nodes, page) = try accessibilityTree(of: out.stdout, axe: true)
        #expect((page["axe"] as? [String: Any])?["version"] as? String == "4.12.1")
        #expect(Self.violations(page).isEmpty, "axe-core: \(Self.violations(page))")
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
        // One region per screen, named by its numbered heading, in order; plus summary, rules, screens.
        let regions = nodes.filter { $0.role == "region" }.map(\.name)
        #expect(regions == ["Synthèse", "Règles", "Écrans"] + screenHeadings.enumerated().map { "\($0 + 1). \($1)" })
        #expect(Set(regions).count == regions.count, "each region's name is its own")
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
        let (nodes, page) = try accessibilityTree(of: out.stdout, axe: true)
        #expect(nodes.contains { $0.role == "heading" && $0.level == 4 && $0.name == "1. (sans libellé) (titre)" })
        let unnamed = nodes.filter { ["heading", "link", "region"].contains($0.role) && $0.name.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(unnamed.isEmpty)
        // Blank titles give detail screens with the same heading: their regions are still told apart.
        #expect(Self.violations(page).isEmpty, "axe-core: \(Self.violations(page))")
    }

    /// Three formations with the same title (two in one category) and a title full of signs that
    /// HTML escapes: three detail screens whose headings read the same (axe `landmark-unique`
    /// before the screens were numbered).
    /// Its colours are those of the two pages above (axe's colour-contrast rule, 60 % of axe's
    /// time, runs there): every class and element it has, one of them has.
    @Test func formationsWithTheSameTitleGiveRegionsOfTheirOwn() throws {
        let out = try LecteurProcess.run([
            "audit", "--format", "html", "--catalog", AuditFiles.fixture("audit-same-titles.catalogue.json").path,
        ])
        #expect(out.status == 0)
        let builtIn = try LecteurProcess.run(["audit", "--format", "html"]).stdout
        let everyRule = try LecteurProcess.run([
            "audit", "--format", "html", "--catalog", AuditFiles.fixture("audit-trips-every-rule.catalogue.json").path,
        ]).stdout
        #expect(!out.stdout.contains("style="), "an inline style, whose colours no other page shows")
        for pattern in [#"class="[^"]*""#, "<[a-z][a-z0-9]*"] {
            func found(_ html: String) -> Set<String> {
                Set(html.ranges(of: try! Regex(pattern)).map { String(html[$0]) })
            }
            let judged = found(builtIn).union(found(everyRule))
            #expect(found(out.stdout).subtracting(judged).isEmpty, "not on the pages whose contrast axe judged: \(found(out.stdout).subtracting(judged))")
            #expect(found(out.stdout).count > 5, "\(found(out.stdout))")
        }
        let (nodes, page) = try accessibilityTree(of: out.stdout, axe: true, contrast: false)
        #expect(Self.violations(page).isEmpty, "axe-core: \(Self.violations(page))")
        let regions = nodes.filter { $0.role == "region" }.map(\.name)
        #expect(Set(regions).count == regions.count, "\(regions)")
        #expect(regions.filter { $0.hasSuffix("Détail — Excel avancé") }.count == 3, "\(regions)")
        #expect(regions.contains { $0.hasSuffix("Détail — « Guillemets » & \"apostrophes\" l'été 🎓") }, "\(regions)")
    }
}
