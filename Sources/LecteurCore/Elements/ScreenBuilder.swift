// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Builds the elements of each screen from the state: the one place where labels, hints and
/// values are written, so the reader, the braille display and the audit all present the same.
public struct ScreenBuilder: Sendable {
    public let strings: Strings
    public let display: DisplayFormat
    public let spoken: SpokenFormat
    public let alphabet: MorseAlphabet
    /// Words why the catalogue could not be read (the state keeps the typed fault).
    public let fetchMessages: CatalogueFetchMessages

    public init(strings: Strings, timeZone: TimeZone, alphabet: MorseAlphabet = .standard) {
        self.strings = strings
        self.display = DisplayFormat(strings: strings, timeZone: timeZone)
        self.fetchMessages = CatalogueFetchMessages(strings: strings, timeZone: timeZone)
        self.spoken = SpokenFormat(strings: strings)
        self.alphabet = alphabet
    }

    public func screen(for state: ReaderState) -> Screen {
        screen(for: state.navigation, state.navigationContext)
    }

    public func screen(_ id: ScreenID, state: ReaderState) -> Screen {
        screen(id, filter: state.navigation.filter, state.navigationContext)
    }

    /// The screen navigation is on, from its slice and the values it reads.
    public func screen(for navigation: NavigationState, _ context: NavigationContext) -> Screen {
        screen(navigation.currentScreenID, filter: navigation.filter, context)
    }

    public func screen(_ id: ScreenID, filter: CategoryKey?, _ context: NavigationContext) -> Screen {
        switch id {
        case .formations: return formationsScreen(context.catalogue, filter: filter)
        case .detail(let formationId):
            guard case .loaded(let catalogue) = context.catalogue, let formation = catalogue.formation(id: formationId)
            else { return formationsScreen(context.catalogue, filter: filter) }
            return detailScreen(formation)
        case .morse: return morseScreen(progress: context.morseProgress)
        case .symbol(let symbolId):
            guard let symbol = alphabet.symbols.first(where: { $0.id == symbolId })
            else { return morseScreen(progress: context.morseProgress) }
            return symbolScreen(symbol, progress: context.morseProgress[symbol.id])
        case .settings: return settingsScreen(context.settings, deviceSettings: context.deviceSettings)
        case .help: return helpScreen(context.lists)
        case .history: return historyScreen(context.lists)
        case .statistics: return statisticsScreen(context.lists)
        case .progress: return progressScreen(context.lists)
        case .answer: return answerScreen(context.lists)
        }
    }

    // MARK: Réglages

    /// One plain element per setting, in the order of `SettingKey`: its name and value, and how
    /// to change it as the hint, with the name as typed (`SettingDeclaration`): « vitesse
    /// Farnsworth » reads well but is no command.
    public func settingsScreen(_ settings: ReaderSettings, deviceSettings: [SettingKey: SettingReading]) -> Screen {
        let elements = SettingKey.allCases.map { key -> Element in
            let name = key.displayName(strings)
            let reading = settings.reading(key, strings) ?? deviceSettings[key]
            let declaration = SettingDeclaration.of(key)
            return Element(id: "setting.\(key.rawValue)", role: .text,
                           label: strings(.settingsElement, ["name": name.prefix(1).uppercased() + name.dropFirst(),
                                                             "value": SettingReading.value(reading, unit: declaration.unit, strings)]),
                           hint: strings(.settingsElementHint, ["name": declaration.name(localeCode: strings.localeCode),
                                                                "what": SettingReading.describe(reading, strings, unit: declaration.unit)]))
        }
        return Screen(id: .settings, code: "settings", title: strings(.settingsScreen), elements: elements)
    }


    // MARK: Formations (stories 2.4 and 2.7)

    public func formationsScreen(_ catalogueState: CatalogueStatus, filter: CategoryKey?) -> Screen {
        let title = strings(.screenFormations)
        switch catalogueState {
        case .loading:
            return Screen(id: .formations, code: "loading", title: title, elements: [
                Element(id: "loading", role: .text, label: strings(.loadingFormations)),
            ])
        case .failed(let fault):
            return Screen(id: .formations, code: "error", title: title, elements: [
                Element(id: "error.message", role: .text, label: fetchMessages.message(for: fault)),
                Element(id: "error.retry", role: .button, label: strings(.errorRetry),
                        hint: strings(.errorRetryHint), action: .retry),
            ])
        case .loaded(let catalogue):
            let activeFilter = filter.flatMap { catalogue.category($0) }
            var elements = [chip(name: strings(.chipAll), id: "chip.all", selected: activeFilter == nil, action: nil)]
            for category in catalogue.categories {
                let selected = activeFilter?.key == category.key
                elements.append(chip(name: category.name, id: "chip.\(category.key.raw)", selected: selected,
                                     action: category.key))
            }
            let heading = activeFilter?.name ?? strings(.sectionAll)
            elements.append(Element(id: "section.heading", role: .heading, label: heading))
            let shown = catalogue.formations(in: activeFilter?.key)
            if shown.isEmpty {
                // An empty catalogue is not an empty category: nothing is selected then.
                elements.append(Element(id: "empty", role: .text,
                                        label: strings(activeFilter == nil ? .emptyCatalogue : .emptyCategory)))
            }
            let builder = self
            return Screen(id: .formations, code: "formations", title: title,
                          elements: ElementList(fixed: elements, cards: shown, make: { builder.card($0) }))
        }
    }

    /// Story 2.7: the label carries the selection state; activating the selected chip clears the
    /// filter, so its action is to select nothing.
    private func chip(name: String, id: String, selected: Bool, action key: CategoryKey?) -> Element {
        let label = strings(selected ? .chipSelected : .chipUnselected, "name", name)
        return Element(id: id, role: .button, label: label, visibleText: name, selected: selected,
                       action: .selectCategory(selected ? nil : key))
    }

    /// Story 2.4's FormationCard accessibility label and hint.
    public func card(_ formation: Formation) -> Element {
        // Built for every card of a list, twice in an audit: the price is rounded once, and the
        // labels are filled without argument dictionaries.
        let units = DisplayFormat.wholeUnits(formation.price)
        let label = strings(.cardLabel, with: ["title": formation.title, "level": formation.level,
                                               "duration": formation.duration, "price": display.price(wholeUnits: units)])
        let spokenLabel = strings(.cardLabel, with: ["title": formation.title, "level": formation.level,
                                                     "duration": formation.duration, "price": spoken.price(wholeUnits: units)])
        return Element(id: "card.\(formation.id)", role: .button, label: label, spokenLabel: spokenLabel,
                       visibleText: formation.title, hint: strings(.cardHint),
                       action: .openFormation(id: formation.id))
    }

    // MARK: Detail

    public func detailScreen(_ formation: Formation) -> Screen {
        func info(_ id: String, _ key: L10n, _ name: String, _ value: String, spoken: String? = nil) -> Element {
            Element(id: "detail.\(id)", role: .text, label: strings(key, name, value),
                    spokenLabel: spoken.map { strings(key, name, $0) })
        }
        var elements = [Element(id: "detail.title", role: .heading, label: formation.title)]
        elements.append(Element(id: "detail.description", role: .text,
                                label: formation.description.isEmpty ? strings(.detailNoDescription) : formation.description))
        elements.append(info("level", .detailLevel, "level", formation.level))
        elements.append(info("duration", .detailDuration, "duration", formation.duration))
        // The card rounds as the seed's formatter does; the detail gives the price to the cent.
        elements.append(info("price", .detailPrice, "price", display.exactPrice(formation.price),
                             spoken: spoken.exactPrice(formation.price)))
        if let date = formation.nextSession {
            elements.append(info("nextSession", .detailNextSession, "date", display.date(date)))
        } else {
            elements.append(Element(id: "detail.nextSession", role: .text, label: strings(.detailNoSession)))
        }
        if let category = formation.category {
            elements.append(info("category", .detailCategory, "category", category.name))
        } else {
            elements.append(Element(id: "detail.category", role: .text, label: strings(.detailNoCategory)))
        }
        elements.append(backButton())
        return Screen(id: .detail(formationId: formation.id), code: "detail", title: strings(.screenDetail),
                      elements: elements)
    }

    private func backButton() -> Element {
        Element(id: "back", role: .button, label: strings(.buttonBack), hint: strings(.buttonBackHint), action: .back)
    }

    // MARK: Morse ("Symbol List" story)

    public func morseScreen(progress: [String: SymbolProgress]) -> Screen {
        let rows = alphabet.symbols.map { symbol in
            Element(id: "morse.\(symbol.id)", role: .button,
                    label: strings(.morseRowLabel, ["character": symbol.spokenName(strings),
                                                    "pattern": spoken.morsePattern(symbol.pattern)]),
                    visibleText: String(symbol.character),
                    hint: strings(.morseRowHint), value: progressText(progress[symbol.id]),
                    action: .openSymbol(id: symbol.id),
                    brailleText: "\(symbol.character) \(MorseBraille.cells(symbol.pattern))" + strings(.brailleValueSeparator)
                        + brailleProgress(progress[symbol.id]))
        }
        return Screen(id: .morse, code: "morse", title: strings(.screenMorse), elements: rows)
    }

    /// The progress as the display shows it, shorter than it is said.
    func brailleProgress(_ progress: SymbolProgress?) -> String {
        guard let progress, progress.attempts > 0 else { return strings(.morseProgressNone) }
        return strings(.morseTrainerBrailleProgress, ["percent": String(progress.percent), "count": String(progress.attempts)])
    }

    public func progressText(_ progress: SymbolProgress?) -> String {
        guard let progress, progress.attempts > 0 else { return strings(.morseProgressNone) }
        let args = ["percent": String(progress.percent), "attempts": String(progress.attempts)]
        return strings(progress.attempts == 1 ? .morseProgressOne : .morseProgressMany, args)
    }

    public func symbolScreen(_ symbol: MorseSymbol, progress: SymbolProgress?) -> Screen {
        let character = String(symbol.character)
        let elements = [
            Element(id: "symbol.character", role: .heading, label: symbol.spokenName(strings), visibleText: character),
            Element(id: "symbol.pattern", role: .text,
                    label: strings(.morseCardPattern, ["pattern": spoken.morsePattern(symbol.pattern)]),
                    brailleText: strings(.morseCardPattern, ["pattern": MorseBraille.cells(symbol.pattern)])),
            Element(id: "symbol.progress", role: .text,
                    label: strings(.morseCardProgress, ["progress": progressText(progress)])),
            Element(id: "symbol.play", role: .button, label: strings(.morseCardPlay), hint: strings(.morseCardPlayHint),
                    action: .playSymbol(id: symbol.id)),
            Element(id: "symbol.practise", role: .button, label: strings(.morseCardPractice),
                    hint: strings(.morseCardPracticeHint), action: .practiseSymbol(id: symbol.id)),
            backButton(),
        ]
        return Screen(id: .symbol(id: symbol.id), code: "symbol",
                      // Named as the heading is: « Symbole ? » would be heard « Symbole » and nothing.
                      title: strings(.screenSymbol, ["character": symbol.spokenName(strings)]), elements: elements)
    }
}
