// SPDX-License-Identifier: GPL-3.0-or-later
/// What the runtime's input loops act on, as the reader last told it: which keyboard mode to
/// read in, whether the terminal reports key releases, whether the goodbye holds the display,
/// whether « Quitter Lecteur ? » waits for its answer, whether a reading is under way. The root
/// tells each change as an effect at the end of the action that made it, so the loops decide
/// nothing from the state and never read it.
public struct RuntimeFacts: Hashable, Sendable {
    public var inputMode: InputMode
    /// nil until the terminal answered the kitty keyboard protocol query.
    public var keyReleases: Bool?
    public var closing: Bool
    public var quitPending: Bool
    /// A reading (`tout lire`, or one the display paces) goes on: `stop` and `quitter` piped
    /// during it end it at once instead of waiting for it.
    public var reading: Bool

    public init(_ state: ReaderState) {
        inputMode = state.settings.inputMode
        keyReleases = state.devices.keyReleases
        closing = state.closing
        quitPending = state.quitPending
        reading = state.display.readAll != nil || state.display.reading != nil
    }

    /// The effects that tell what changed since `before`, in the order of the fields.
    public func changes(from before: RuntimeFacts) -> [Effect] {
        var told: [Effect] = []
        if inputMode != before.inputMode { told.append(.inputMode(inputMode)) }
        if keyReleases != before.keyReleases { told.append(.keyReleases(keyReleases)) }
        if closing != before.closing { told.append(.closing(closing)) }
        if quitPending != before.quitPending { told.append(.quitPending(quitPending)) }
        if reading != before.reading { told.append(.reading(reading)) }
        return told
    }

}
