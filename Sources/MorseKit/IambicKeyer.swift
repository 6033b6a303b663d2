// SPDX-License-Identifier: GPL-3.0-or-later
/// Which key sending practice takes on a terminal that reports key releases (`régler
/// manipulateur`): the space bar held as a straight key, or two paddles driving an iambic keyer.
public enum KeyerMode: String, Hashable, Sendable, CaseIterable {
    case straight
    /// Curtis mode A: squeezed paddles alternate; let go, the element sounding ends the keying.
    case iambicA = "iambic-a"
    /// Curtis mode B (Accu-Keyer, K1EL's default): let go during a squeeze, and the element
    /// opposite to the one sounding follows it.
    case iambicB = "iambic-b"

    public var isIambic: Bool { self != .straight }
}

/// One of the two paddles: the dit paddle and the dah paddle.
public enum Paddle: Hashable, Sendable {
    case dit, dah

    public var element: MorseElement { self == .dit ? .dot : .dash }

    public init(_ element: MorseElement) { self = element == .dot ? .dit : .dah }
}

/// An element the keyer started: it sounds from `startMs` for its length, then one unit of
/// silence, and the keyer decides what follows at `nextDecisionMs`.
public struct KeyerElement: Hashable, Sendable {
    public let element: MorseElement
    public let startMs: Double
    public let unitMs: Double

    public var markMs: Double { Double(element.units) * unitMs }
    public var endMs: Double { startMs + markMs }
    /// The end of the element's own space: the keyer's next decision.
    public var nextDecisionMs: Double { endMs + unitMs }
}

/// An iambic keyer, pure: the paddles' presses and releases come in with their times, its clock
/// (`clock()`) comes in from the reader's timer at the end of each element's space, and it
/// answers with the elements it starts. Its timing is exact (whole units from the decision
/// times, never from when a timer happened to ring), so what it keys decodes exactly.
///
/// As DJ5IL's « All about squeeze-keying » and K1EL's WinKeyer manual define the modes:
/// squeezed paddles alternate dits and dahs starting with the one pressed first; a single paddle
/// held repeats its element. **Memory**: a paddle pressed while an element sounds (or during
/// its space) is remembered and keyed next, even if it is let go before then; the opposite
/// element's memory comes first. **Mode A** completes the element sounding when both paddles are
/// let go and stops. **Mode B** also remembers the opposite paddle when it is held as an
/// element starts, so letting go of a squeeze during an element adds the opposite one (a dah's
/// squeeze released during the last dah of K gives C in mode B, K in mode A).
public struct IambicKeyer: Hashable, Sendable {
    public let mode: KeyerMode
    public let unitMs: Double
    /// The paddles down now.
    public private(set) var held: Set<Paddle> = []
    /// The paddles pressed during the element sounding (mode B: also held when it started).
    public private(set) var memory: Set<Paddle> = []
    /// The element sounding or in its space; nil when the keyer is idle.
    public private(set) var current: KeyerElement?

    public init(mode: KeyerMode, unitMs: Double) {
        self.mode = mode
        self.unitMs = unitMs
    }

    /// Whether the keyer is keying (an element or its space), or a paddle is down.
    public var isBusy: Bool { current != nil || !held.isEmpty }

    /// A paddle pressed at `atMs`: idle, the keyer starts its element at once; keying, the
    /// press is remembered. A press of a paddle already down (a terminal's key repeat) is nothing.
    public mutating func press(_ paddle: Paddle, atMs: Double) -> KeyerElement? {
        guard !held.contains(paddle) else { return nil }
        held.insert(paddle)
        guard current == nil else {
            memory.insert(paddle)
            return nil
        }
        return begin(paddle.element, atMs: atMs)
    }

    /// A paddle let go: an element already remembered is still keyed.
    public mutating func release(_ paddle: Paddle) {
        held.remove(paddle)
    }

    /// The element's space has ended (at `current.nextDecisionMs`): the next element starts
    /// then, or the keyer goes idle (nil).
    public mutating func clock() -> KeyerElement? {
        guard let current else { return nil }
        let at = current.nextDecisionMs
        let sounded = Paddle(current.element)
        let opposite: Paddle = sounded == .dit ? .dah : .dit
        let next: Paddle?
        if memory.contains(opposite) || held == [.dit, .dah] {
            next = opposite
        } else if memory.contains(sounded) || held.contains(sounded) {
            next = sounded
        } else {
            next = held.first
        }
        guard let next else {
            self.current = nil
            memory = []
            return nil
        }
        return begin(next.element, atMs: at)
    }

    private mutating func begin(_ element: MorseElement, atMs: Double) -> KeyerElement {
        let started = KeyerElement(element: element, startMs: atMs, unitMs: unitMs)
        current = started
        memory = []
        // Mode B latches the opposite paddle held as the element starts: a squeeze let go
        // during this element still adds the opposite one.
        let opposite: Paddle = Paddle(element) == .dit ? .dah : .dit
        if mode == .iambicB, held.contains(opposite) { memory.insert(opposite) }
        return started
    }
}
