// SPDX-License-Identifier: GPL-3.0-or-later
extension KeyerMode {
    /// `régler manipulateur droit|iambique-a|iambique-b`, in either language.
    public init?(userValue value: String) {
        switch CommandParser.fold(value.trimmingCharacters(in: .whitespaces)) {
        case "droit", "straight", "pioche": self = .straight
        case "iambique-a", "iambic-a", "iambiquea", "iambica", "a": self = .iambicA
        case "iambique-b", "iambic-b", "iambiqueb", "iambicb", "b", "iambique", "iambic": self = .iambicB
        default: return nil
        }
    }

    public func name(_ strings: Strings) -> String {
        switch self {
        case .straight: strings(.morsePaddlesModeStraight)
        case .iambicA: strings(.morsePaddlesModeIambicA)
        case .iambicB: strings(.morsePaddlesModeIambicB)
        }
    }
}

extension SettingsReducer {
    /// `régler manipulateur iambique-b`: the space bar as a straight key, or j and k as the
    /// paddles of an iambic keyer in mode A or B (where the terminal reports releases).
    func setKeyer(_ value: String, _ settings: inout ReaderSettings, _ out: inout ChildOutput<SettingsReducer.Delegate>) {
        guard let keyer = KeyerMode(userValue: value) else {
            out.error("setting", strings(.morsePaddlesSettingBad, ["value": Navigator.quoted(value),
                                                                   "choices": KeyerMode.allCases.map { $0.name(strings) }
                                                                       .joined(separator: ", ")]))
            return
        }
        settings.keyer = keyer
        out.append(.persist([ReaderSettings.keyerKey: keyer.rawValue]))
        out.notice("setting", keyer == .straight ? strings(.morsePaddlesSetStraight)
                                                 : strings(.morsePaddlesSetIambic, ["mode": keyer == .iambicA ? "A" : "B"]))
    }
}
