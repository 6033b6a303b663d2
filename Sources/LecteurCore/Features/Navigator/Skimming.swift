// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How screen-reader users skim: positions over real items, jumps over chips and headings,
/// "go to the Nth", search.
extension Navigator {
    /// « formation 3 sur 14 », « filtre 2 sur 7 », « symbole 5 sur 54 »; nil for other elements.
    func itemPosition(_ screen: Screen, _ index: Int) -> String? {
        guard screen.elements.indices.contains(index) else { return nil }
        switch screen.id {
        case .formations:
            if let first = screen.elements.firstCardIndex, index >= first {
                return strings(.positionFormation, ["index": String(index - first + 1), "count": String(screen.elements.count - first)])
            }
            let chips = screen.elements.fixedElements.prefix { $0.id.hasPrefix("chip.") }.count
            guard index < chips else { return nil }
            return strings(.positionFilter, ["index": String(index + 1), "count": String(chips)])
        case .morse:
            return strings(.positionSymbol, ["index": String(index + 1), "count": String(screen.elements.count)])
        default:
            return nil
        }
    }

    /// `où`: the screen, the position over items (or elements), and the active filter.
    func whereAmI(_ context: NavigationContext, _ nav: NavigationState, _ screen: Screen, _ index: Int) -> String {
        guard !screen.elements.isEmpty else { return strings(.positionEmpty, ["screen": screen.title]) }
        let position = itemPosition(screen, index)
            ?? strings(.positionElement, ["index": String(index + 1), "count": String(screen.elements.count)])
        let text = strings(.whereScreen, ["screen": screen.title, "position": position])
        guard case .loaded(let catalogue) = context.catalogue, screen.id == .formations,
              let filter = nav.filter.flatMap({ catalogue.category($0) }) else { return text }
        return strings(.whereFiltered, ["text": text, "filter": filter.name])
    }

    /// « Data : 2 formations », « Toutes : 14 formations ».
    func filterResult(_ catalogue: Catalogue, _ key: CategoryKey?) -> String {
        let name = key.flatMap { catalogue.category($0) }?.name ?? strings(.chipAll)
        let count = catalogue.formations(in: key).count
        let template: L10n = count == 0 ? .filterResultNone : count == 1 ? .filterResultOne : .filterResult
        return strings(template, ["name": name, "count": String(count)])
    }

    func jump(_ kind: ItemKind, forward: Bool, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        let screen = builder.screen(for: nav, context)
        let index = nav.clampedFocus(on: screen)
        let target: Int?
        switch kind {
        case .course:
            guard screen.id == .formations, let first = screen.elements.firstCardIndex else {
                out.notice("edge", strings(.noCourseHere))
                return
            }
            let last = screen.elements.count - 1
            target = forward ? (index < first ? first : index < last ? index + 1 : nil)
                             : (index > last ? last : index > first ? index - 1 : nil)
            if target == nil {
                out.notice("edge", strings(forward ? .edgeLastCourse : .edgeFirstCourse))
                return
            }
        case .chip:
            let chips = screen.id == .formations ? screen.elements.fixedElements.indices.filter {
                screen.elements.fixedElements[$0].id.hasPrefix("chip.")
            } : []
            guard !chips.isEmpty else {
                out.notice("edge", strings(.terminalNoChipHere))
                return
            }
            target = forward ? chips.first { $0 > index } : chips.last { $0 < index }
            if target == nil {
                out.notice("edge", strings(forward ? .terminalEdgeLastChip : .terminalEdgeFirstChip))
                return
            }
        case .heading:
            // Headings are never cards: only the fixed part of a long list is looked at.
            let headings = screen.elements.fixedElements.indices.filter { screen.elements.fixedElements[$0].role == .heading }
            guard !headings.isEmpty else {
                out.notice("edge", strings(.noHeadingHere))
                return
            }
            target = forward ? headings.first { $0 > index } : headings.last { $0 < index }
            if target == nil {
                out.notice("edge", strings(forward ? .edgeLastHeading : .edgeFirstHeading))
                return
            }
        }
        nav.focus[screen.id] = target
        announceFocus(context, &nav, &out)
    }

    func go(_ number: Int, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        let screen = builder.screen(for: nav, context)
        if screen.id == .formations, let first = screen.elements.firstCardIndex {
            let count = screen.elements.count - first
            guard number <= count else {
                out.error("go", strings(count == 1 ? .goTooFarOneCourse : .goTooFarCourses, ["number": String(number), "count": String(count)]))
                return
            }
            nav.focus[screen.id] = first + number - 1
        } else {
            guard number <= screen.elements.count else {
                out.error("go", strings(.goTooFarElements, ["number": String(number), "count": String(screen.elements.count)]))
                return
            }
            nav.focus[screen.id] = number - 1
        }
        announceFocus(context, &nav, &out)
    }

    /// The next element whose label contains the text (case and accents ignored), wrapping once.
    func find(_ text: String?, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        guard let wanted = text.map({ TextSanitizer.clean($0) }).flatMap({ $0.isEmpty ? nil : $0 }) ?? nav.lastSearch else {
            out.error("find", strings(.findNothingToFind))
            return
        }
        nav.lastSearch = wanted
        let folded = FrenchCollation.fold(wanted)
        let screen = builder.screen(for: nav, context)
        let count = screen.elements.count
        guard count > 0 else {
            out.error("find", strings(.findNoMatch, ["text": Self.quoted(wanted)]))
            return
        }
        let index = nav.clampedFocus(on: screen)
        // In the Morse list a single character is the symbol itself: « è » is È, not a name
        // containing an e, and « ? » is the question mark (signs and accents are symbols there).
        let symbols = builder.alphabet.symbols
        let exactSymbol = screen.id == .morse && wanted.count == 1 ? wanted.lowercased() : nil
        func matches(_ i: Int) -> Bool {
            if let exactSymbol { return i < symbols.count && String(symbols[i].character).lowercased() == exactSymbol }
            return FrenchCollation.fold(screen.elements[i].label).contains(folded)
        }
        for step in 1...count {
            let candidate = (index + step) % count
            guard matches(candidate) else { continue }
            if candidate <= index { out.notice("find.wrapped", strings(.findWrapped)) }
            nav.focus[screen.id] = candidate
            announceFocus(context, &nav, &out)
            return
        }
        // A filter hides formations: say that the search looked only at what it left, and how
        // to look everywhere.
        if screen.id == .formations, let filter = nav.filter, case .loaded(let catalogue) = context.catalogue,
           let category = catalogue.category(filter) {
            out.error("find", strings(.findNoMatchFiltered, ["text": Self.quoted(wanted), "filter": category.name]))
            return
        }
        out.error("find", strings(.findNoMatch, ["text": Self.quoted(wanted)]))
    }
}
