/// A command typed on the reader's command line (or sent by a braille display key).
public enum Command: Hashable, Sendable {
    case next, previous, first, last, activate, back
    case repeatLast
    case whereAmI
    case tab(Tab)
    /// nil is "all": clear the filter.
    case filter(String?)
    case help(topic: String?)
    case quit
    case retry, refresh
    case morse(String)
    case practice(koch: Bool)
    case set(name: String, value: String)
    case stop
    case history
    case status
}

public enum ArgumentRule: Hashable, Sendable {
    case none, optional, required
}

/// One entry of the command table: English name first, then aliases (French among them).
public struct CommandSpec: Sendable {
    public let names: [String]
    public let argument: ArgumentRule
    public let help: L10n
    public let usage: L10n?
    /// Builds the command from its argument; nil means the argument is not understood.
    let build: @Sendable (String?) -> Command?

    public var name: String { names[0] }
}

public enum CommandTable {
    public static let specs: [CommandSpec] = [
        CommandSpec(names: ["next", "suivant", "n", "s"], argument: .none, help: .helpNext, usage: nil) { _ in .next },
        CommandSpec(names: ["previous", "précédent", "prev", "p"], argument: .none, help: .helpPrevious, usage: nil) { _ in .previous },
        CommandSpec(names: ["first", "premier", "début"], argument: .none, help: .helpFirst, usage: nil) { _ in .first },
        CommandSpec(names: ["last", "dernier", "fin"], argument: .none, help: .helpLast, usage: nil) { _ in .last },
        CommandSpec(names: ["activate", "activer", "a", "ok"], argument: .none, help: .helpActivate, usage: nil) { _ in .activate },
        CommandSpec(names: ["back", "retour", "b"], argument: .none, help: .helpBack, usage: nil) { _ in .back },
        CommandSpec(names: ["repeat", "répéter", "r"], argument: .none, help: .helpRepeat, usage: nil) { _ in .repeatLast },
        CommandSpec(names: ["where", "où", "position"], argument: .none, help: .helpWhere, usage: nil) { _ in .whereAmI },
        CommandSpec(names: ["tab", "onglet"], argument: .required, help: .helpTab, usage: .usageTab) { arg in
            switch CommandParser.fold(arg ?? "") {
            case "formations", "formation", "f", "courses": .tab(.formations)
            case "morse", "apprendre", "learn", "m": .tab(.morse)
            default: nil
            }
        },
        CommandSpec(names: ["filter", "filtre", "filtrer"], argument: .required, help: .helpFilter, usage: .usageFilter) { arg in
            let folded = CommandParser.fold(arg ?? "")
            return ["all", "toutes", "tout", "tous", "aucun"].contains(folded) ? .filter(nil) : .filter(arg)
        },
        CommandSpec(names: ["help", "aide", "h", "?"], argument: .optional, help: .helpHelp, usage: .usageHelp) { .help(topic: $0) },
        CommandSpec(names: ["quit", "quitter", "exit", "q"], argument: .none, help: .helpQuit, usage: nil) { _ in .quit },
        CommandSpec(names: ["retry", "réessayer"], argument: .none, help: .helpRetry, usage: nil) { _ in .retry },
        CommandSpec(names: ["refresh", "actualiser", "rafraîchir"], argument: .none, help: .helpRefresh, usage: nil) { _ in .refresh },
        CommandSpec(names: ["morse"], argument: .required, help: .helpMorse, usage: .usageMorse) { .morse($0 ?? "") },
        CommandSpec(names: ["practice", "entraînement", "pratique"], argument: .optional,
                    help: .helpPractice, usage: .usagePractice) { arg in
            switch CommandParser.fold(arg ?? "") {
            case "": .practice(koch: false)
            case "koch": .practice(koch: true)
            default: nil
            }
        },
        CommandSpec(names: ["set", "régler", "reglage"], argument: .required, help: .helpSet, usage: .usageSet) { arg in
            let parts = (arg ?? "").split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            return .set(name: parts[0], value: parts[1].trimmingCharacters(in: .whitespaces))
        },
        CommandSpec(names: ["stop", "silence", "tais-toi", "chut"], argument: .none, help: .helpStop, usage: nil) { _ in .stop },
        CommandSpec(names: ["history", "historique"], argument: .none, help: .helpHistory, usage: nil) { _ in .history },
        CommandSpec(names: ["status", "état", "diagnostic"], argument: .none, help: .helpStatus, usage: nil) { _ in .status },
    ]
}
