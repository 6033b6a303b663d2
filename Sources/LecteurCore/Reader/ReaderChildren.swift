// SPDX-License-Identifier: GPL-3.0-or-later
extension Reader {
    /// An action for one child. The root maps a command (or a step another child asked for) to
    /// it; `scope` hands the child its slice, its read-only context and the output, then applies
    /// what the child asks of the rest (`handle`), as TCA's `Scope` does.
    enum ChildAction {
        case navigation(Navigator.Action)
        case terminal(TerminalReducer.Action)
        case review(ReviewReducer.Action)
        case exercise(ExerciseAction)
        case settings(SettingsReducer.Action)
        case catalogue(CatalogueReducer.Action)
        case devices(DeviceReducer.Action)
        case screenReader(ScreenReaderReducer.Action)
        case lists(ListScreenReducer.Action)
        case display(DisplayReducer.Action)
        case brailleInput(BrailleInputReducer.Action)
        case morse(MorseReducer.Action)
    }

    func scope(_ action: ChildAction, _ state: inout ReaderState, _ out: inout Announcer) {
        switch action {
        case .navigation(let action):
            let context = state.navigationContext
            handle(out.feed(navigator.reduce(action, &state.navigation, context)), &state, &out)
        case .terminal(let action):
            let context = TerminalReducer.Context(echo: state.settings.typingEcho, goodbyeHold: goodbyeHold(state))
            handle(out.feed(terminal.reduce(action, &state.terminal, context)), &state, &out)
        case .review(let action):
            let context = ReviewReducer.Context(target: navigator.reviewTarget(state.navigationContext, state.navigation),
                                                spellingAlphabet: state.settings.spellingAlphabet,
                                                namesSigns: state.onTerminal && state.beside.reader != nil)
            _ = out.feed(review.reduce(action, &state.navigation, context))
        case .exercise(let action):
            let context = ExerciseContext(state)
            handle(out.feed(exercises.reduce(action, &state.exercise, context)), &state, &out)
        case .settings(let action):
            let context = SettingsReducer.Context(onTerminal: state.onTerminal)
            handle(out.feed(settings.reduce(action, &state.settingsSlice, context)), &state, &out)
        case .catalogue(let action):
            handle(out.feed(catalogue.reduce(action, &state.catalogue)), &state, &out)
        case .devices(let action):
            _ = out.feed(devices.reduce(action, &state.devices))
        case .screenReader(let action):
            let context = ScreenReaderReducer.Context(hasVoice: state.devices.hasVoice)
            _ = out.feed(screenReader.reduce(action, &state.beside, context))
        case .lists(let action):
            handle(out.feed(lists.reduce(action, &state.lists)), &state, &out)
        case .display(let action):
            let context = DisplayReducer.Context(settings: state.settings, question: waitingQuestion(state),
                                                 paces: display.paces(state.devices))
            handle(out.feed(display.reduce(action, &state.display, context)), &state, &out)
        case .brailleInput(let action):
            let context = BrailleInputReducer.Context(question: waitingQuestion(state), echo: state.settings.typingEcho,
                                                      tab: state.navigation.tab)
            handle(out.feed(brailleInput.reduce(action, &state.brailleInput, context)), atMs: action.atMs, &state, &out)
        case .morse(let action):
            // The first child that returns its output (issue 47): the root feeds it to the policy.
            _ = out.feed(morse.reduce(action, state.settings.morse))
        }
    }

}
