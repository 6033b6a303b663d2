/// 128 bits that tell two elements apart, for the audit's memos: two SipHash values (Swift's
/// `Hasher`, keyed afresh by each process) over the UTF-8 bytes of every field, each field
/// framed by its length. A memo keyed by it keeps no element, compares two words instead of
/// strings (`String` equality and hashing normalise non-ASCII text, which French labels always
/// are), and cannot be steered by a catalogue, which never sees the keys.
public struct ElementFingerprint: Hashable, Sendable {
    let first: UInt64
    let second: UInt64

    public init(_ element: Element) {
        var a = Hasher(), b = Hasher()
        b.combine(0x5EC0_4DF1_4E6E_7721 as UInt64)
        func add(_ text: String) {
            a.combine(text.utf8.count)
            b.combine(text.utf8.count)
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                a.combine(bytes: UnsafeRawBufferPointer(bytes))
                b.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
            if done == nil {
                for byte in text.utf8 { a.combine(byte); b.combine(byte) }
            }
        }
        func add(_ text: String?) {
            if let text { add(text) } else { a.combine(-1); b.combine(-1) }
        }
        func tag(_ value: Int) { a.combine(value); b.combine(value) }
        add(element.id)
        tag(Role.allCases.firstIndex(of: element.role)!)
        add(element.label)
        add(element.spokenLabel)
        add(element.visibleText)
        add(element.hint)
        add(element.value)
        tag(element.selected.map { $0 ? 1 : 0 } ?? 2)
        switch element.action {
        case nil: tag(0)
        case .openFormation(let id): tag(1); tag(id)
        case .selectCategory(let key): tag(2); add(key?.raw)
        case .openSymbol(let id): tag(3); add(id)
        case .playSymbol(let id): tag(4); add(id)
        case .practiseSymbol(let id): tag(5); add(id)
        case .back: tag(6)
        case .retry: tag(7)
        }
        first = UInt64(bitPattern: Int64(a.finalize()))
        second = UInt64(bitPattern: Int64(b.finalize()))
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(first) }
}
