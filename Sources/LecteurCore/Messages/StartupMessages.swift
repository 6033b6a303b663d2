// SPDX-License-Identifier: GPL-3.0-or-later

// What start-up found, in the user's words: the notices the reader says once before the first
// command, and the failures that stop it (a device asked for with `on`, a process limit).

extension StartupProblem {
    /// On a terminal its notice ends by naming `aide`: the welcome does not follow it.
    var namesHelpOnTerminal: Bool {
        if case .screenReaderSharesSpeechd = self { true } else { false }
    }

    /// `onTerminal`: beside a screen reader, the reader then prints everything and keeps quiet
    /// (`ScreenReaderReducer`); from a pipe it speaks as before.
    public func message(_ strings: Strings, onTerminal: Bool = false) -> String {
        switch self {
        case .screenReaderSharesSpeechd(let reader) where onTerminal:
            strings(.screenReaderBeside, ["reader": reader.name(strings)])
        case .screenReaderSilent(let reader) where onTerminal:
            strings(.screenReaderBesideNoQueue, ["reader": reader.name(strings)])
        case .database(let error): error.message(strings)
        case .databaseWarning(let warning): warning.message(strings)
        case .configuration(let file, let fault): fault.message(file: file, strings)
        case .storedSetting(let issue): issue.message(strings)
        case .lexicon(let file, let fault): fault.message(file: file, strings)
        case .speechdFallback(let error): strings(.envSpeechdFallback, ["detail": error.reason(strings)])
        case .screenReaderSharesSpeechd(let reader):
            strings(.envScreenReaderSharesSpeechd, ["reader": reader.name(strings)])
        case .screenReaderSilent(let reader): strings(.envScreenReaderSilent, ["reader": reader.name(strings)])
        case .speech(let error): error.notice(strings)
        case .keysNeedTerminal: strings(.terminalKeysNeedTerminal)
        case .home(let problem): problem.message(strings)
        case .history(let file, .symlink):
            strings(.historyUnreadable, ["file": TextSanitizer.clean(file), "reason": strings(.historySymlink)])
        case .history(let file, .unreadable(let why)):
            strings(.historyUnreadable, ["file": TextSanitizer.clean(file), "reason": why.reason(strings)])
        }
    }
}

extension LexiconFault {
    /// The notice for the user's lexicon at `file`; the decoder's own English never reaches speech.
    public func message(file: String, _ strings: Strings) -> String {
        let file = TextSanitizer.clean(file)
        let reason: String
        switch self {
        case .unreadable(let error):
            return strings(.lexiconUnreadable, ["file": file, "reason": error.reason(strings)])
        case .notJSON: reason = strings(.lexiconReasonNotJSON)
        case .invalid(.notJSON): reason = strings(.lexiconReasonBadMember)
        case .invalid(.invalid(let member)): reason = strings(.lexiconReasonInvalid, ["member": member])
        case .invalid(.tooLong(let member)):
            reason = strings(.lexiconReasonTooLong, ["member": member, "limit": String(PronunciationLimits.textLength)])
        case .invalid(.tooMany(let member)):
            reason = strings(.lexiconReasonTooMany, ["member": member, "limit": String(PronunciationLimits.scannedKeys)])
        }
        return strings(.configLexiconMalformed, ["file": file, "reason": reason])
    }
}

extension ScreenReader {
    /// The screen reader's name as a sentence starts with it.
    public func name(_ strings: Strings) -> String {
        switch self {
        case .orca: strings(.envScreenReaderOrca)
        case .speakup: strings(.envScreenReaderSpeakup)
        case .brltty: strings(.envScreenReaderBrltty)
        }
    }
}

extension StartupFailure {
    public func message(_ strings: Strings) -> String {
        switch self {
        case .speechdUnavailable(let error):
            return strings(.envSpeechdUnavailable, ["detail": error.reason(strings)])
        case .speechUnavailable(let error):
            // The reason in few words, without the notice's « la lecture continue »: it does not.
            return strings(.envSpeechUnavailable, ["reason": SystemErrorText.summary(error.detail, strings)])
        case .brailleUnavailable(let host, let error):
            // System texts summarised, the display's own errors as it words them.
            let detail: String
            switch error {
            case nil: detail = strings(.systemErrorTimeout)
            case .noServer(_, let why)?, .ttyRefused(let why)?, .connectionLost(let why)?:
                detail = SystemErrorText.summary(why, strings)
            case let other?: detail = other.message(strings)
            }
            return strings(.envBrailleUnavailable, ["host": host, "detail": detail])
        }
    }
}

extension ResourceShortage {
    /// Why the reader cannot start, and how to lift the limit.
    public func message(_ strings: Strings) -> String {
        switch self {
        case .tooFewOpenFiles(let limit, let needed):
            strings(.deviceFaultResourcesFiles, ["limit": String(limit), "needed": String(needed)])
        case .tooLittleAddressSpace(let limit, let needed):
            strings(.deviceFaultResourcesMemory, ["limit": String(limit), "needed": String(needed)])
        case .fileSizeTooSmall(let limit, let needed):
            strings(.deviceFaultResourcesFileSize, ["limit": String(limit), "needed": String(needed)])
        }
    }
}

extension PromptKind {
    /// The prompt of the line read with editing after `/` or `:` in keys mode.
    public func text(_ strings: Strings) -> String {
        switch self {
        case .search: strings(.terminalPromptSearch)
        case .commandLine: strings(.terminalPromptCommand)
        }
    }

    /// The prompt before each command line (`lecteur> `).
    public static func readerPrompt(_ strings: Strings) -> String { strings(.appPrompt) }
}

extension HomeProblem {
    public func message(_ strings: Strings) -> String {
        switch self {
        case .unset(let home?): strings(.homeUnset, ["home": TextSanitizer.clean(home)])
        case .relative(let value, let home?): strings(.homeRelative, ["value": TextSanitizer.clean(value), "home": TextSanitizer.clean(home)])
        case .unset(nil): strings(.homeNoneUnset)
        case .relative(let value, nil): strings(.homeNoneRelative, ["value": TextSanitizer.clean(value)])
        }
    }
}
