// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Navigation, the reader's first child reducer: focus, screens, tabs, filters, the catalogue's
/// states. It returns what it says and shows (`ChildOutput`); the root feeds it to the
/// `Announcer`, which applies the announcement policy. No I/O happens here, so every behaviour
/// of the seeds' stories is a plain unit test.
public struct Navigator: Sendable {
    public let strings: Strings
    public let builder: ScreenBuilder
    public let speech: SpeechGenerator
    public let braille: BrailleGenerator
    public let parser: CommandParser
    /// Rewrites what is spoken for the engine (acronyms, units, dates); nil speaks the text as composed.
    public let pronunciation: SpokenTextBuilder?

    public init(strings: Strings, timeZone: TimeZone, alphabet: MorseAlphabet = .standard,
                parser: CommandParser = CommandParser(), pronunciation: SpokenTextBuilder? = nil) {
        self.strings = strings
        self.pronunciation = pronunciation
        self.builder = ScreenBuilder(strings: strings, timeZone: timeZone, alphabet: alphabet)
        self.speech = SpeechGenerator(strings: strings)
        self.braille = BrailleGenerator(strings: strings)
        var parser = parser
        parser.localeCode = strings.localeCode // suggestions in the user's language
        self.parser = parser
    }

    /// What navigation asks of the rest of the reader (sound, practice), the root applying it
    /// (`Reader.handle`).
    enum Delegate: Equatable {
        case playSymbol(MorseSymbol)
        case practise(symbolID: String)
        /// `tout lire` found no element after the focus: the reading ends.
        case screenEnded
    }

    // MARK: Commands

    /// Where `suivant`, `précédent`, `premier` and `dernier` move the focus.
    enum FocusMove: Hashable, Sendable {
        case next, previous, first, last
    }

    func move(_ move: FocusMove, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        let screen = builder.screen(for: nav, context)
        let index = nav.clampedFocus(on: screen)
        switch move {
        case .next: moveFocus(to: index + 1, screen, context, &nav, &out, edge: .edgeLast)
        case .previous: moveFocus(to: index - 1, screen, context, &nav, &out, edge: .edgeFirst)
        case .first: moveFocus(to: 0, screen, context, &nav, &out, edge: .edgeFirst)
        case .last: moveFocus(to: screen.elements.count - 1, screen, context, &nav, &out, edge: .edgeLast)
        }
    }

    /// `tout lire`'s step (by voice or on the display): the next element is focused and read;
    /// false after the last one.
    func readNext(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) -> Bool {
        let screen = builder.screen(for: nav, context)
        let index = nav.clampedFocus(on: screen)
        guard index + 1 < screen.elements.count else { return false }
        nav.focus[screen.id] = index + 1
        announceFocus(context, &nav, &out)
        return true
    }

    /// `activer` on the focused element.
    func activateFocus(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) -> [Delegate] {
        let screen = builder.screen(for: nav, context)
        let index = nav.clampedFocus(on: screen)
        guard screen.elements.indices.contains(index) else { return [] }
        return activate(screen.elements[index], context, &nav, &out)
    }

    /// `où`.
    func sayWhereAmI(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        let screen = builder.screen(for: nav, context)
        out.notice("where", whereAmI(context, nav, screen, nav.clampedFocus(on: screen)))
    }

    /// `formations`, `morse`: the other tab, with its screen and its focused element.
    func switchTab(to tab: Tab, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        nav.tab = tab
        // The screen's name and size, said and on the display (then the focus, after it).
        out.say(Announcement(.context, screenAnnouncement(context, nav)))
        announceFocus(context, &nav, &out)
    }

    /// What a tab switch says before the focused element: the screen, and how many items it has.
    func screenAnnouncement(_ context: NavigationContext, _ nav: NavigationState) -> String {
        let screen = builder.screen(for: nav, context)
        switch screen.id {
        case .morse:
            let count = builder.alphabet.symbols.count
            return strings(count == 1 ? .screenAnnounceMorseOne : .screenAnnounceMorse,
                           ["title": screen.title, "count": String(count)])
        case .formations:
            guard case .loaded(let catalogue) = context.catalogue else { return screen.title }
            let count = nav.filter.map { key in catalogue.formations.filter { $0.category?.key == key }.count }
                ?? catalogue.formations.count
            return strings(count == 1 ? .screenAnnounceFormationsOne : .screenAnnounceFormations,
                           ["title": screen.title, "count": String(count)])
        default:
            return screen.title
        }
    }

    private func moveFocus(to target: Int, _ screen: Screen, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>, edge: L10n) {
        guard !screen.elements.isEmpty else { return }
        let current = nav.clampedFocus(on: screen)
        let clamped = min(max(target, 0), screen.elements.count - 1)
        if clamped == current && target != current {
            out.notice("edge", strings(edge))
            return
        }
        nav.focus[screen.id] = clamped
        announceFocus(context, &nav, &out)
    }

    private func activate(_ element: Element, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) -> [Delegate] {
        guard let action = element.action else {
            out.notice("inactive", strings(.noticeNotActivatable))
            return []
        }
        switch action {
        case .openFormation(let id):
            push(.detail(formationId: id), &nav)
            announceScreen(context, &nav, &out)
            announceFocus(context, &nav, &out)
        case .selectCategory(let key):
            // Story 2.7: the chip toggles; focus stays on it and it is announced with its new
            // state, then how many formations the filter leaves.
            nav.filter = key
            announceFocus(context, &nav, &out)
            if case .loaded(let catalogue) = context.catalogue {
                out.notice("filter", filterResult(catalogue, nav.filter))
            }
        case .openSymbol(let id):
            push(.symbol(id: id), &nav)
            announceScreen(context, &nav, &out)
            announceFocus(context, &nav, &out)
        case .playSymbol(let id):
            return builder.alphabet.symbol(id: id).map { [.playSymbol($0)] } ?? []
        case .practiseSymbol(let id):
            return [.practise(symbolID: id)]
        case .back:
            goBack(context, &nav, &out)
        case .retry:
            out.append(.loadCatalogue(.retry))
        }
        return []
    }

    /// A screen of its own (« Réglages », « Aide », « Historique ») opened on the tab's stack,
    /// from its first element; opened again, it is not stacked twice.
    func open(_ screen: ScreenID, _ nav: inout NavigationState) {
        if nav.currentScreenID != screen { nav.stacks[nav.tab, default: []].append(screen) }
        nav.focus[screen] = 0
    }

    private func push(_ screen: ScreenID, _ nav: inout NavigationState) {
        nav.stacks[nav.tab, default: []].append(screen)
        nav.focus[screen] = 0
    }

    func goBack(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        guard let stack = nav.stacks[nav.tab], stack.count > 1 else {
            out.notice("root", strings(.noticeAlreadyRoot))
            return
        }
        nav.stacks[nav.tab] = Array(stack.dropLast())
        announceFocus(context, &nav, &out)
    }

    func popToRoot(_ nav: inout NavigationState, tab: Tab? = nil) {
        let tab = tab ?? nav.tab
        if let root = nav.stacks[tab]?.first { nav.stacks[tab] = [root] }
    }

    func applyFilter(named name: String?, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        let catalogue: Catalogue
        switch context.catalogue {
        case .loaded(let loaded): catalogue = loaded
        case .loading:
            out.notice("loading", strings(.noticeNotAvailableWhileLoading))
            return
        case .failed(let fault):
            out.error("filter", strings(.filterUnavailableFailed, ["message": builder.fetchMessages.message(for: fault)]))
            return
        }
        let key: CategoryKey?
        if let name {
            switch match(name, in: catalogue.categories) {
            case .success(let category): key = category.key
            case .failure(let error):
                out.error("filter", error.text)
                return
            }
        } else {
            key = nil
        }
        nav.filter = key
        nav.tab = .formations
        popToRoot(&nav)
        let screen = builder.screen(for: nav, context)
        nav.focus[.formations] = screen.elements.firstIndex { $0.role == .heading } ?? 0
        out.notice("filter", filterResult(catalogue, key))
        announceFocus(context, &nav, &out)
    }

    /// Exact name first (case and accents ignored), then a unique prefix, then a unique word prefix.
    private func match(_ name: String, in categories: [FormationCategory]) -> Result<FormationCategory, MatchErrorMessage> {
        let wanted = FrenchCollation.fold(name)
        if let exact = categories.first(where: { FrenchCollation.fold($0.name) == wanted }) { return .success(exact) }
        var candidates = categories.filter { FrenchCollation.fold($0.name).hasPrefix(wanted) }
        if candidates.isEmpty {
            candidates = categories.filter { category in
                FrenchCollation.fold(category.name).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                    .contains { $0.hasPrefix(wanted) }
            }
        }
        if candidates.count == 1 { return .success(candidates[0]) }
        let names = (candidates.isEmpty ? categories : candidates).map(\.name).joined(separator: ", ")
        return .failure(MatchErrorMessage(text: strings(candidates.isEmpty ? .errorNoSuchCategory : .errorAmbiguousCategory,
                                                        ["name": name, "candidates": names])))
    }

    /// `aide COMMANDE`: one line. A command of two words (« tout lire », « plus vite ») is found
    /// by its first.
    func help(_ topic: String, _ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        let firstWord = topic.split(separator: " ").first.map(String.init) ?? topic
        guard let spec = parser.spec(named: topic) ?? parser.spec(named: firstWord) else {
            out.error("help", strings(.errorUnknownHelpTopic, ["topic": topic]))
            return
        }
        // Long (`aide régler`), it opens on the display as a screen named after the command.
        out.say(Announcement(.answer, strings(.helpUsage, ["names": helpNames(spec), "description": helpText(spec)]),
                             record: .notice("help"), screenTitle: strings(.utterHelpScreen, ["command": topic])))
    }

    /// A command's help; `régler`'s lists every declared setting (`SettingDeclaration`), so a new
    /// setting is in `aide régler` without a word written for it.
    private func helpText(_ spec: CommandSpec) -> String {
        strings(spec.help, ["settings": SettingDeclaration.names(localeCode: strings.localeCode).joined(separator: ", ")])
    }

    private func helpNames(_ spec: CommandSpec) -> String {
        CommandLanguage.helpNames(spec.names, localeCode: strings.localeCode).joined(separator: ", ")
    }

    /// The « Aide » screen's elements: one per command (« suivant, s : élément suivant »).
    func helpEntries(_ context: NavigationContext) -> [String] {
        // Only commands with a name in the user's language: « faster » has « plus vite » in French.
        let listed = parser.allSpecs.filter { !CommandLanguage.helpNames($0.names, localeCode: strings.localeCode).isEmpty }
        var lines = [strings(.helpIntro)]
            + listed.map { strings(.brailleReadingHelpEntry, ["names": helpNames($0), "description": helpText($0)]) }
            + [strings(.helpEmptyLine)]
        // In single-key mode the keys come first to mind: the table that drives them is listed.
        if context.onTerminal && context.settings.inputMode == .keys {
            lines = [strings(.terminalKeysIntro)] + KeyTable.entries.map { strings($0.help) } + lines
        }
        // Someone typing on the braille display reads its keys and chords first.
        if context.brailleKeyboardUsed {
            lines = [strings(.brailleInputChordsIntro)] + BrailleChords.entries.map { strings($0.help) } + lines
        }
        return lines
    }

    /// A screen just opened: its name and size, said and on the display before its first element.
    func announceScreen(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        let screen = builder.screen(for: nav, context)
        out.say(Announcement(.context, strings(.brailleReadingScreenAnnounce, count: screen.elements.count,
                                               ["title": screen.title])))
    }

    /// A pasted page is not read back in full: an error quotes the first 40 characters.
    static func quoted(_ word: String) -> String {
        word.count <= 40 ? word : String(word.prefix(40)) + "…"
    }

    /// The text handed to the speech engine for what the navigator composed.
    public func spoken(_ text: String) -> String { pronunciation?.build(text) ?? text }

    public func message(for error: CommandError) -> String {
        switch error {
        case .unknown(let word, let suggestion?):
            strings(.errorUnknownCommand, ["command": Self.quoted(word), "suggestion": suggestion])
        case .unknown(let word, nil):
            strings(.errorUnknownCommandNoSuggestion, ["command": Self.quoted(word)])
        case .missingArgument(let command, let usage):
            strings(.errorMissingArgument, ["command": command, "usage": usage.map { strings($0) } ?? ""])
        case .unexpectedArgument(let command):
            strings(.errorUnexpectedArgument, ["command": command])
        case .badArgument(let command, let argument, let usage):
            strings(.errorBadArgument, ["command": command, "argument": argument, "usage": usage.map { strings($0) } ?? ""])
        }
    }

    // MARK: Focus

    /// Puts the focus on the screen's element (clamped to the screen), or nil on an empty screen.
    /// Each focus starts the review cursor again at the element's first character.
    private func placeFocus(_ context: NavigationContext, _ nav: inout NavigationState) -> (screen: Screen, index: Int)? {
        let screen = builder.screen(for: nav, context)
        guard !screen.elements.isEmpty else { return nil }
        let index = nav.clampedFocus(on: screen)
        nav.focus[screen.id] = index
        nav.review = nil
        return (screen, index)
    }

    /// The transcript's `focus` event for the element at `index` (1-based in the report).
    private func focusReport(_ screen: Screen, _ index: Int) -> Effect {
        let element = screen.elements[index]
        return .focus(FocusReport(screen: screen.code, title: screen.title, index: index + 1,
                                  count: screen.elements.count, element: element, roleWord: speech.roleWord(element.role)))
    }

    func announceFocus(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        guard let (screen, index) = placeFocus(context, &nav) else { return }
        let element = screen.elements[index]
        out.append(focusReport(screen, index))
        let position = context.settings.speakPosition ? itemPosition(screen, index) : nil
        // Printed as said, positions and role words included; signs are named in the element's
        // own texts only, never in the separators between its parts. Its braille is the focus
        // line, not a message. The history read back is not itself history.
        out.say(Announcement(.answer, speech.parts(element, verbosity: context.settings.verbosity, position: position),
                             display: .none, remember: screen.id != .history))
        out.showFocus(braille.line(element))
    }

    /// A screen opened for the display alone (a long answer already said and printed): its name
    /// and size as a message, then its first element's line, with the transcript's focus.
    func showScreen(_ context: NavigationContext, _ nav: inout NavigationState, _ out: inout ChildOutput<Delegate>) {
        guard let (screen, index) = placeFocus(context, &nav) else { return }
        out.showMessage(strings(.brailleReadingScreenAnnounce, count: screen.elements.count, ["title": screen.title]))
        out.append(focusReport(screen, index))
        out.showFocus(braille.line(screen.elements[index]))
    }

    /// The focused element's braille line, for when a message leaves the display; the cursor
    /// is where the review cursor was left in it.
    func focusLine(_ context: NavigationContext, _ nav: NavigationState) -> BrailleLine? {
        guard let target = reviewTarget(context, nav) else { return nil }
        let offset = ReviewReducer.offset(nav, target)
        return offset == 0 ? target.line : BrailleLine(text: target.line.text, cursor: target.lineStart + offset)
    }

    /// What the review cursor reads in the focused element: its text as the braille line shows
    /// it (the visible text and the value, without the selection marker and role abbreviation).
    func reviewTarget(_ context: NavigationContext, _ nav: NavigationState) -> ReviewReducer.Target? {
        let screen = builder.screen(for: nav, context)
        guard !screen.elements.isEmpty else { return nil }
        let index = nav.clampedFocus(on: screen)
        let element = screen.elements[index]
        var text = element.selected == nil ? element.label : element.visibleText
        if let value = element.value, !value.isEmpty { text += strings(.brailleValueSeparator) + value }
        let line = braille.line(element)
        return ReviewReducer.Target(screen: screen.id, index: index, text: ReviewText(text), lineStart: line.cursor, line: line)
    }

    /// Whether the focused element does something when activated (a routing key activates it).
    func focusActs(_ context: NavigationContext, _ nav: NavigationState) -> Bool {
        let screen = builder.screen(for: nav, context)
        guard !screen.elements.isEmpty else { return false }
        return screen.elements[nav.clampedFocus(on: screen)].action != nil
    }
}

struct MatchErrorMessage: Error {
    let text: String
}
