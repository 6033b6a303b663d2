// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// The focus reports the store's expectation helpers expect, from a golden written out in
/// `ReaderTestStore+focusGolden.swift` (issue 51): the screen, its title, the element's index and
/// the count, and the element itself (id, role, label, hint, value, selection, action, the texts
/// for the ear and the fingers). Until issue 51 the helpers asked the production `ScreenBuilder`
/// for them (`builder.screen(for:)`), so a report could not disagree with the code that makes it;
/// now a wrong label, count or index in a report fails the store test that sees it.
///
/// A report is found by the screen the state shows (`currentScreenID`), the catalogue's size and
/// filter (from the state) and what is said with it (written out by the test): `FocusGolden.key`.
/// The golden was written from the reports the reader gave, then read entry by entry before it was
/// committed: to add or change entries, run
/// the store tests with `LECTEUR_FOCUS_GOLDEN_RECORD=DIR` (each report a helper has no entry for is
/// written to DIR, from the reducer's own effect), then `scripts/focus-golden.py DIR` merges them
/// into the golden, and read the diff. `StoreExpectationTests` fails when one of these helpers
/// calls a production generator again, and shows a wrong label caught by `focused`.
enum FocusGolden {
    /// The screen of a report no golden entry names: it fails the comparison, naming its key.
    static let missing = "no golden entry (LECTEUR_FOCUS_GOLDEN_RECORD)"

    /// The screen, the catalogue (by its size: a chip's report counts the list's elements) and its
    /// filter, and what is said: the first three from the state, the last written out by the test.
    static func key(_ state: ReaderState, _ spoken: String) -> String {
        let catalogue = switch state.catalogue.status {
        case .loading: "loading"
        case .loaded(let catalogue): "\(catalogue.formations.count) formations"
        case .failed: "failed"
        }
        let filter = state.navigation.filter.map { ", filter \($0.raw)" } ?? ""
        return "\(state.navigation.currentScreenID) | \(catalogue)\(filter) | \(spoken)"
    }

    /// The report the golden holds for `key`, its role word the one the test writes out (`role`).
    static func report(_ key: String, role: String?) -> FocusReport {
        guard let found = ReaderTestStore.focusGolden[key] else {
            return FocusReport(screen: missing, title: key, index: 0, count: 0,
                               element: Element(id: "", role: .text, label: ""), roleWord: role)
        }
        return FocusReport(screen: found.screen, title: found.title, index: found.index, count: found.count,
                           element: found.element, roleWord: role)
    }

    /// Where the reports missing from the golden are written (nil: not recording).
    static let recording: URL? = ProcessInfo.processInfo.environment["LECTEUR_FOCUS_GOLDEN_RECORD"]
        .map { URL(fileURLWithPath: $0, isDirectory: true) }

    /// When recording: each expected report missing from the golden, with the report the reducer
    /// gave at the same place in its effects, one file each (tests run in parallel).
    static func record(expected: [Effect], actual: [Effect]) {
        guard let folder = recording else { return }
        for (offset, effect) in expected.enumerated() {
            guard case .focus(let wanted) = effect, wanted.screen == missing, offset < actual.count,
                  case .focus(let given) = actual[offset] else { continue }
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let text = wanted.title + "\n" + literal(given) + "\n"
            try? Data(text.utf8).write(to: folder.appendingPathComponent(UUID().uuidString + ".focus"))
        }
    }

    /// A report as Swift source, for the golden file.
    static func literal(_ report: FocusReport) -> String {
        let element = report.element
        return """
            FocusReport(screen: \(string(report.screen)), title: \(string(report.title)), index: \(report.index), count: \(report.count),
                        element: Element(id: \(string(element.id)), role: .\(element.role), label: \(string(element.label)),
                                         spokenLabel: \(string(element.spokenLabel)), visibleText: \(string(element.visibleText)),
                                         hint: \(optional(element.hint)), value: \(optional(element.value)),
                                         selected: \(element.selected.map(String.init) ?? "nil"), action: \(action(element.action)),
                                         brailleText: \(optional(element.brailleText))),
                        roleWord: \(optional(report.roleWord)))
            """
    }

    private static func string(_ text: String) -> String { String(reflecting: text) }
    private static func optional(_ text: String?) -> String { text.map(string) ?? "nil" }
    private static func action(_ action: ElementAction?) -> String {
        switch action {
        case nil: return "nil"
        case .openFormation(let id)?: return ".openFormation(id: \(id))"
        case .selectCategory(let key)?: return ".selectCategory(\(key.map { "CategoryKey(\(string($0.raw)))" } ?? "nil"))"
        case .openSymbol(let id)?: return ".openSymbol(id: \(string(id)))"
        case .playSymbol(let id)?: return ".playSymbol(id: \(string(id)))"
        case .practiseSymbol(let id)?: return ".practiseSymbol(id: \(string(id)))"
        case .back?: return ".back"
        case .retry?: return ".retry"
        }
    }
}
