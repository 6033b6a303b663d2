// SPDX-License-Identifier: GPL-3.0-or-later
/// What the children ask of the rest of the reader, applied by the root: each child returns
/// `[Delegate]`, its own nested enum (TCA's delegate actions), and has one `handle` here, so the
/// steps that cross slices are all in this file and a child never writes another's slice.
extension Reader {
    /// Activating an element asks for a symbol's sound or its practice; `tout lire` past the
    /// last element ends the reading.
    func handle(_ delegates: [Navigator.Delegate], _ state: inout ReaderState, _ out: inout Announcer) {
        for delegate in delegates {
            switch delegate {
            case .playSymbol(let symbol): scope(.morse(.play(String(symbol.character))), &state, &out)
            case .practise(let id): out.append(.preparePractice(.listening(.symbol(id: id))))
            case .screenEnded: scope(.display(.readingEnded), &state, &out)
            }
        }
    }

    /// The list follows the catalogue (navigation's step). The focus a reload should find again
    /// and what it may take away are remembered before the list empties; « still loading »
    /// counts its silence from the list's announcement.
    func handle(_ delegates: [CatalogueReducer.Delegate], _ state: inout ReaderState, _ out: inout Announcer) {
        for delegate in delegates {
            switch delegate {
            case .began(let previous, let stillLoadingAfter):
                if case .loaded(let shown) = previous {
                    state.navigation.focusToRestore = navigator.focusedElement(in: previous, state.navigation)?.id
                    state.catalogue.reloadContext = navigator.reloadContext(shown, state.navigation)
                }
                scope(.navigation(.listLoading), &state, &out)
                scope(.catalogue(.startClock(after: stillLoadingAfter)), &state, &out)
            case .loaded(let previous, let context):
                scope(.navigation(.listLoaded(previous: previous, context: context)), &state, &out)
                var count: HeldNotice?
                if !state.startupNoticesAfterFocus.isEmpty, case .loaded(let loaded) = state.catalogue.status {
                    // Start-up beside a screen reader: the first element was printed first.
                    count = HeldNotice(code: "loaded", message: catalogue.countNotice(loaded))
                }
                holdStartupRest(first: count, &state, &out)
            case .failed:
                scope(.navigation(.listFailed), &state, &out)
                holdStartupRest(first: nil, &state, &out)
            }
        }
    }

    /// Start-up's notices held for the first element (beside a screen reader on a terminal),
    /// said now, once: a slow load has nothing to read before them.
    func sayStartupNoticesAfterFocus(_ state: inout ReaderState, _ out: inout Announcer) {
        for message in state.startupNoticesAfterFocus { out.notice("startup", message, kind: .notice) }
        state.startupNoticesAfterFocus = []
        state.catalogue.countSaidAfterList = false
    }

    /// The first element (or the load's error) is printed: what start-up has after it waits
    /// `BesideScreenReader.startupRestAfterSeconds`, or the user's first act, so that the screen
    /// reader reads the element as an utterance of its own.
    func holdStartupRest(first: HeldNotice?, _ state: inout ReaderState, _ out: inout Announcer) {
        let held = (first.map { [$0] } ?? []) + state.startupNoticesAfterFocus.map { HeldNotice(code: "startup", message: $0) }
        state.startupNoticesAfterFocus = []
        state.catalogue.countSaidAfterList = false
        guard !held.isEmpty else { return }
        state.startupRestHeld += held
        out.append(.schedule(.startupRest, afterSeconds: BesideScreenReader.startupRestAfterSeconds))
    }

    /// Start-up's held lines, printed now (their time came, or the user acted first), once.
    func sayStartupRest(_ state: inout ReaderState, _ out: inout Announcer) {
        guard !state.startupRestHeld.isEmpty else { return }
        for notice in state.startupRestHeld { out.notice(notice.code, notice.message, kind: .notice) }
        state.startupRestHeld = []
        out.append(.cancelTimer(.startupRest))
    }

    /// An exercise counted an answer or unlocked a symbol: the Morse list and the next practice
    /// see it at once (the runtime stores both).
    func handle(_ delegates: [ExerciseReducer.Delegate], _ state: inout ReaderState, _ out: inout Announcer) {
        for delegate in delegates {
            switch delegate {
            case .progressChanged(let progress): state.morseProgress = progress
            case .kochLevelChanged(let level): state.settings.kochLevel = level
            }
        }
    }

    /// The readings `régler` asked for came: the « Réglages » screen opens, named, on its first
    /// element (navigation's steps around the settings' own announcement).
    func handle(_ delegates: [SettingsReducer.Delegate], _ state: inout ReaderState, _ out: inout Announcer) {
        for delegate in delegates {
            switch delegate {
            case .openSettingsScreen:
                scope(.navigation(.open(.settings)), &state, &out)
                scope(.settings(.announceScreen), &state, &out)
                scope(.navigation(.announceFocus), &state, &out)
            }
        }
    }

    /// A list screen filled opens on navigation's stack.
    func handle(_ delegates: [ListScreenReducer.Delegate], _ state: inout ReaderState, _ out: inout Announcer) {
        for delegate in delegates {
            switch delegate {
            case .openAndAnnounceFocus(let screen):
                scope(.navigation(.open(screen)), &state, &out)
                scope(.navigation(.announceFocus), &state, &out)
            case .openAndShowScreen(let screen):
                scope(.navigation(.open(screen)), &state, &out)
                scope(.navigation(.showScreen), &state, &out)
            }
        }
    }

    /// The display's message left: the focus comes back; an element read on the display has
    /// had its time: the next one is read.
    func handle(_ delegates: [DisplayReducer.Delegate], _ state: inout ReaderState, _ out: inout Announcer) {
        for delegate in delegates {
            switch delegate {
            case .focusBack: focusBack(state, &out)
            case .readNextElement: readNextOnDisplay(&state, &out)
            }
        }
    }

    /// A key typed stops a reading; `--input` sets the input mode for the run.
    func handle(_ delegates: [TerminalReducer.Delegate], _ state: inout ReaderState, _ out: inout Announcer) {
        for delegate in delegates {
            switch delegate {
            case .stopReading: state.display.readAll = nil
            case .useInputMode(let mode): state.settings.inputMode = mode
            }
        }
    }

    /// A line typed on the display runs as a typed line; what it writes replaces the typed
    /// line on the display, or the focus comes back. An echoed key stops a reading.
    func handle(_ delegates: [BrailleInputReducer.Delegate], atMs: Double?, _ state: inout ReaderState,
                _ out: inout Announcer) {
        var ran = false
        for delegate in delegates {
            switch delegate {
            case .stopReading:
                state.display.readAll = nil
                continue
            case .line(let line): typed(line, atMs: atMs, &state, &out)
            case .emptyLine where exercises.waitsForALine(state.exercise): typed("", atMs: atMs, &state, &out)
            case .emptyLine: command(.activate, &state, &out)
            case .command(let command): self.command(command, &state, &out)
            }
            ran = true
        }
        if ran, !out.wroteBraille, !out.awaitsResult, let line = navigator.focusLine(state.navigationContext, state.navigation) {
            out.showInput(line)
        }
    }
}
