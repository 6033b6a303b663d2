// SPDX-License-Identifier: GPL-3.0-or-later
/// The Morse exercise that runs, if any. One at a time: typed lines are its answers, and `où`,
/// `aide` and `stop` always reach the one the user is in (starting another stops it first).
public enum Exercise: Equatable, Sendable {
    /// Listening practice: a character is sounded, its name is typed.
    case listening(PracticeSession<SeededRandom>)
    /// Copying: groups, words or call signs are sent, the whole copy is typed.
    case copying(CopySession<SeededRandom>)
    /// Sending practice: typed patterns, or keys that key Morse.
    case sending(SendingSession<SeededRandom>)
    /// Reflex drill: a character, then its name (passive) or a timed answer (active).
    case reflex(ReflexSession<SeededRandom>)

    public var listeningSession: PracticeSession<SeededRandom>? {
        if case .listening(let session) = self { session } else { nil }
    }
    public var copyingSession: CopySession<SeededRandom>? {
        if case .copying(let session) = self { session } else { nil }
    }
    public var sendingSession: SendingSession<SeededRandom>? {
        if case .sending(let session) = self { session } else { nil }
    }
}

/// What an exercise reads of the rest of the reader, as values taken when the action comes:
/// an exercise changes only its own session and what it says.
struct ExerciseContext {
    let settings: ReaderSettings
    /// The stored Morse progress, that listening practice weighs its questions by.
    let morseProgress: [String: SymbolProgress]
    let onTerminal: Bool
    /// Whether the terminal reports key releases (nil: not asked), for a straight key.
    let keyReleases: Bool?
    /// « Quitter Lecteur ? » waits for its answer: keys answer it, they do not key Morse.
    let quitPending: Bool
    /// What the display shows of a question: the setting, `auto` resolved (by touch when the
    /// display is all the learner has).
    let questionBraille: QuestionBraille
    /// The channel the learner reads, and so what says an output has been perceived.
    let perception: Perception
    /// The display is all the learner has (no voice): a question is perceived when it is shown,
    /// and a timed drill's clock runs from there.
    var byTouch: Bool { perception == .touch }
    /// A screen reader reads the terminal: nothing reports when it has read a verdict.
    var besideScreenReader: Bool { perception == .screenReader }

    init(_ state: ReaderState) {
        perception = Perception(state)
        settings = state.settings
        morseProgress = state.morseProgress
        onTerminal = state.onTerminal
        keyReleases = state.devices.keyReleases
        quitPending = state.quitPending
        questionBraille = state.settings.questionBraille.resolved(touchOnly: !state.devices.hasVoice && state.devices.hasDisplay)
    }
}

/// Issue 45, item 1: the one place that knows, for the channel the learner reads, what says that
/// an output has been perceived; what must come after it (the next question, a drill's clock)
/// waits for that.
enum Perception: Equatable {
    /// Lecteur's own voice and sound: the voice's index marks (the tones queue behind what it
    /// says) and the sound output's played position (`Action.questionHeard`).
    case sound
    /// A screen reader reads the printed lines: nothing reports when it has finished, so the
    /// user's next line does (`PracticePace`).
    case screenReader
    /// The display alone, no voice: a line is perceived when it is shown, and read when the user
    /// presses a key or its message time is up.
    case touch

    init(_ state: ReaderState) {
        if !state.devices.hasVoice && state.devices.hasDisplay {
            self = .touch
        } else if state.onTerminal && state.beside.reader != nil {
            self = .screenReader
        } else {
            self = .sound
        }
    }
}

extension ExerciseReducer {
    /// What an exercise asks the root to change outside its slice (TCA's delegate actions),
    /// the root applying it (`Reader.handle`).
    enum Delegate: Equatable {
        /// An answer counted: the Morse list shows the new progress at once (the runtime stores it).
        case progressChanged([String: SymbolProgress])
        /// Koch practice unlocked a symbol: the next practice starts there (the runtime saves it).
        case kochLevelChanged(Int)
    }
}

/// The shape the three exercises share while one runs: a typed line is an answer, `stop` ends
/// it, `où` and `aide` say where the user is and what to do. Each gets only its session (nil
/// once it has ended), the context and the `ChildOutput` the exercise is building.
protocol ExerciseChild: Sendable {
    associatedtype Session: ExerciseSession
    var strings: Strings { get }
    /// A typed line is an answer: the session judges it (`atMs`: when it was typed, monotonic).
    func judge(_ line: String, atMs: Double?, _ session: inout Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [Session.Step]
    func whereAmI(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>)
    func help(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>)
    /// Says, shows, sounds and reports what the session decided; `.ended` empties the slice.
    func run(_ steps: [Session.Step], _ session: inout Session?, _ context: ExerciseContext,
             _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate]
}

/// A pure exercise session: its steps are what it decided, for its child to carry out.
protocol ExerciseSession {
    associatedtype Step
    /// Ends the session: its summary, then `.ended`.
    mutating func stop() -> [Step]
}

extension PracticeSession: ExerciseSession {}
extension CopySession: ExerciseSession {}
extension SendingSession: ExerciseSession {}

extension ExerciseChild {
    func answer(_ line: String, atMs: Double?, _ session: inout Session?, _ context: ExerciseContext,
                _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard var running = session else { return [] }
        // An answer never cuts what is sounding (a learner quick to answer still hears the whole
        // question): the verdict, a replay and the next question queue behind it.
        out.answerPending(false)
        let steps = judge(line, atMs: atMs, &running, &out)
        session = running
        return run(steps, &session, context, &out)
    }

    /// `stop` (or another exercise starting): the session's summary, then the slice is empty.
    func stop(_ session: inout Session?, _ context: ExerciseContext, _ out: inout ChildOutput<ExerciseReducer.Delegate>) -> [ExerciseReducer.Delegate] {
        guard let steps = session?.stop() else { return [] }
        return run(steps, &session, context, &out)
    }

    /// An exercise with nothing of its own to tell: what can be typed during practice.
    func whereAmI(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        out.notice("practice", strings(.morsePracticeWhere))
    }

    func help(_ session: Session, _ out: inout ChildOutput<ExerciseReducer.Delegate>) {
        out.notice("practice", strings(.morsePracticeWhere))
    }
}
