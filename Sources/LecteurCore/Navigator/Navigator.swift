import Foundation

/// The reader's reducer: state + action → new state + effects. No I/O happens here, so every
/// behaviour of the seeds' stories is a plain unit test.
public struct Navigator: Sendable {
    public let strings: Strings
    public let builder: ScreenBuilder
    public let composer: SpeechComposer
    public let parser: CommandParser
    /// Rewrites what is spoken for the engine (acronyms, units, dates); nil speaks the text as composed.
    public let pronunciation: SpokenTextBuilder?

    public init(strings: Strings, timeZone: TimeZone, alphabet: MorseAlphabet = .standard,
                parser: CommandParser = CommandParser(), pronunciation: SpokenTextBuilder? = nil) {
        self.strings = strings
        self.pronunciation = pronunciation
        self.builder = ScreenBuilder(strings: strings, timeZone: timeZone, alphabet: alphabet)
        self.composer = SpeechComposer(strings: strings)
        var parser = parser
        parser.localeCode = strings.localeCode // suggestions in the user's language
        self.parser = parser
    }

    /// Collects effects; the first thing spoken for an action interrupts stale speech, what follows queues.
    private struct Output {
        var effects: [Effect] = []
        var spoke = false
        let pronunciation: SpokenTextBuilder?
        mutating func speak(_ text: String) {
            effects.append(.speak(text: pronunciation?.build(text) ?? text, interrupt: !spoke))
            spoke = true
        }
        mutating func notice(_ code: String, _ message: String) {
            effects.append(.notice(code: code, message: message))
            speak(message)
        }
        mutating func error(_ code: String, _ message: String) {
            effects.append(.error(code: code, message: message))
            speak(message)
        }
    }

    public func reduce(_ state: inout ReaderState, _ action: Action) -> [Effect] {
        var out = Output(pronunciation: pronunciation)
        switch action {
        case .start:
            announceFocus(&state, &out)
        case .command(let command):
            handle(command, &state, &out)
        case .invalidCommand(let error):
            out.error("command", message(for: error))
        case .activateElement(let index):
            let screen = builder.screen(for: state)
            if screen.elements.indices.contains(index) {
                state.focus[screen.id] = index
                activate(screen.elements[index], &state, &out)
            }
        case .catalogueLoading:
            if case .loaded = state.catalogue { state.focusToRestore = focusedElement(state)?.id }
            state.catalogue = .loading
            state.focus[.formations] = 0
            if state.tab == .formations { popToRoot(&state) }
            announceIfVisible(.formations, &state, &out)
        case .catalogueLoaded(let catalogue, let warnings):
            for warning in warnings { out.notice("catalogue.skipped", warning) }
            catalogueLoaded(catalogue, &state, &out)
        case .catalogueFailed(let message):
            state.catalogue = .failed(message: message)
            popToRoot(&state, tab: .formations)
            state.focus[.formations] = 1 // "Réessayer", as story 2.4's ErrorView puts it under the message
            out.error("catalogue", message)
            announceIfVisible(.formations, &state, &out)
        case .notice(let code, let message):
            out.notice(code, message)
        case .failure(let code, let message):
            out.error(code, message)
        case .progressUpdated(let progress):
            state.morseProgress = progress
        case .setVerbosity(let verbosity):
            state.verbosity = verbosity
        }
        return out.effects
    }

    // MARK: Commands

    private func handle(_ command: Command, _ state: inout ReaderState, _ out: inout Output) {
        let screen = builder.screen(for: state)
        let index = clampedFocus(state, screen)
        switch command {
        case .next:
            moveFocus(to: index + 1, screen, &state, &out, edge: .edgeLast)
        case .previous:
            moveFocus(to: index - 1, screen, &state, &out, edge: .edgeFirst)
        case .first:
            moveFocus(to: 0, screen, &state, &out, edge: .edgeFirst)
        case .last:
            moveFocus(to: screen.elements.count - 1, screen, &state, &out, edge: .edgeLast)
        case .activate:
            guard screen.elements.indices.contains(index) else { return }
            activate(screen.elements[index], &state, &out)
        case .back:
            goBack(&state, &out)
        case .repeatLast:
            announceFocus(&state, &out)
        case .whereAmI:
            let text = screen.elements.isEmpty
                ? strings(.positionEmpty, ["screen": screen.title])
                : strings(.positionWhere, ["screen": screen.title, "index": String(index + 1),
                                           "count": String(screen.elements.count)])
            out.notice("where", text)
        case .tab(let tab):
            state.tab = tab
            announceFocus(&state, &out)
        case .filter(let name):
            applyFilter(named: name, &state, &out)
        case .help(let topic):
            help(topic, &out)
        case .quit:
            out.effects.append(.quit)
        case .retry, .refresh:
            out.effects.append(.loadCatalogue(command == .retry ? .retry : .refresh))
        case .morse(let text):
            out.effects.append(.playMorse(text: text))
        case .practice(let koch):
            out.effects.append(.startPractice(koch ? .koch : .weakSymbols))
        case .set(let name, let value):
            out.effects.append(.changeSetting(name: name, value: value))
        case .stop:
            out.effects.append(.silence)
        case .history:
            out.effects.append(.showHistory)
        case .status:
            out.effects.append(.reportStatus)
        }
    }

    private func moveFocus(to target: Int, _ screen: Screen, _ state: inout ReaderState, _ out: inout Output, edge: L10n) {
        guard !screen.elements.isEmpty else { return }
        let current = clampedFocus(state, screen)
        let clamped = min(max(target, 0), screen.elements.count - 1)
        if clamped == current && target != current {
            out.notice("edge", strings(edge))
            return
        }
        state.focus[screen.id] = clamped
        announceFocus(&state, &out)
    }

    private func activate(_ element: Element, _ state: inout ReaderState, _ out: inout Output) {
        guard let action = element.action else {
            out.notice("inactive", strings(.noticeNotActivatable))
            return
        }
        switch action {
        case .openFormation(let id):
            push(.detail(formationId: id), &state)
            announceFocus(&state, &out)
        case .selectCategory(let key):
            // Story 2.7: the chip toggles; focus stays on it and it is announced with its new state.
            state.filter = key
            announceFocus(&state, &out)
        case .openSymbol(let id):
            push(.symbol(id: id), &state)
            announceFocus(&state, &out)
        case .playSymbol(let id):
            if let symbol = builder.alphabet.symbol(id: id) { out.effects.append(.playMorse(text: String(symbol.character))) }
        case .practiseSymbol(let id):
            out.effects.append(.startPractice(.symbol(id: id)))
        case .back:
            goBack(&state, &out)
        case .retry:
            out.effects.append(.loadCatalogue(.retry))
        }
    }

    private func push(_ screen: ScreenID, _ state: inout ReaderState) {
        state.stacks[state.tab, default: []].append(screen)
        state.focus[screen] = 0
    }

    private func goBack(_ state: inout ReaderState, _ out: inout Output) {
        guard let stack = state.stacks[state.tab], stack.count > 1 else {
            out.notice("root", strings(.noticeAlreadyRoot))
            return
        }
        state.stacks[state.tab] = Array(stack.dropLast())
        announceFocus(&state, &out)
    }

    private func popToRoot(_ state: inout ReaderState, tab: Tab? = nil) {
        let tab = tab ?? state.tab
        if let root = state.stacks[tab]?.first { state.stacks[tab] = [root] }
    }

    private func applyFilter(named name: String?, _ state: inout ReaderState, _ out: inout Output) {
        guard case .loaded(let catalogue) = state.catalogue else {
            out.notice("loading", strings(.noticeNotAvailableWhileLoading))
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
        state.filter = key
        state.tab = .formations
        popToRoot(&state)
        let screen = builder.screen(for: state)
        state.focus[.formations] = screen.elements.firstIndex { $0.role == .heading } ?? 0
        let notice = key.flatMap { catalogue.category($0) }.map { strings(.noticeFilterApplied, ["name": $0.name]) }
            ?? strings(.noticeFilterCleared)
        out.notice("filter", notice)
        announceFocus(&state, &out)
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

    private func help(_ topic: String?, _ out: inout Output) {
        func line(_ spec: CommandSpec) -> String {
            strings(.helpUsage, ["names": CommandLanguage.helpNames(spec.names, localeCode: strings.localeCode)
                .joined(separator: ", "), "description": strings(spec.help)])
        }
        if let topic {
            guard let spec = parser.spec(named: topic) else {
                out.error("help", strings(.errorUnknownHelpTopic, ["topic": topic]))
                return
            }
            out.notice("help", line(spec))
            return
        }
        let lines = [strings(.helpIntro)] + parser.allSpecs.map(line) + [strings(.helpEmptyLine)]
        out.notice("help", lines.joined(separator: "\n"))
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

    // MARK: Catalogue

    private func catalogueLoaded(_ catalogue: Catalogue, _ state: inout ReaderState, _ out: inout Output) {
        // Keep the filter and the focused element where they still exist (pull-to-refresh).
        let previousFocusId = state.focusToRestore ?? focusedElement(state)?.id
        state.focusToRestore = nil
        state.catalogue = .loaded(catalogue)
        if let filter = state.filter, catalogue.category(filter) == nil { state.filter = nil }
        for tab in Tab.allCases {
            state.stacks[tab] = state.stacks[tab]?.filter { screen in
                if case .detail(let id) = screen { return catalogue.formation(id: id) != nil }
                return true
            }
        }
        let list = builder.screen(.formations, state: state)
        if let previousFocusId, let index = list.elements.index(ofId: previousFocusId) {
            state.focus[.formations] = index
        } else {
            state.focus[.formations] = min(state.focus[.formations] ?? 0, max(list.elements.count - 1, 0))
        }
        out.notice("loaded", strings(.noticeCatalogueLoaded, ["count": String(catalogue.formations.count)]))
        announceIfVisible(.formations, &state, &out)
    }

    // MARK: Focus

    private func focusedElement(_ state: ReaderState) -> Element? {
        let screen = builder.screen(.formations, state: state)
        let index = state.focus[.formations] ?? 0
        return screen.elements.indices.contains(index) ? screen.elements[index] : nil
    }

    private func clampedFocus(_ state: ReaderState, _ screen: Screen) -> Int {
        min(max(state.focus[screen.id] ?? 0, 0), max(screen.elements.count - 1, 0))
    }

    private func announceIfVisible(_ root: ScreenID, _ state: inout ReaderState, _ out: inout Output) {
        if state.tab == .formations && root == .formations { announceFocus(&state, &out) }
    }

    private func announceFocus(_ state: inout ReaderState, _ out: inout Output) {
        let screen = builder.screen(for: state)
        guard !screen.elements.isEmpty else { return }
        let index = clampedFocus(state, screen)
        state.focus[screen.id] = index
        let element = screen.elements[index]
        out.effects.append(.focus(FocusReport(screen: screen.code, title: screen.title, index: index + 1,
                                              count: screen.elements.count, element: element)))
        out.speak(composer.compose(element, verbosity: state.verbosity))
        out.effects.append(.braille(BrailleLine.compose(element, strings: strings)))
    }
}

struct MatchErrorMessage: Error {
    let text: String
}
