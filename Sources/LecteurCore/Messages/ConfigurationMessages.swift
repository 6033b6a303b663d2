// SPDX-License-Identifier: GPL-3.0-or-later

// What is wrong in a configuration file, in the user's words (Locales/<code>/config.json).

extension ConfigurationFault {
    /// The notice for this fault in `file` (its path as the reader found it).
    public func message(file: String, _ strings: Strings) -> String {
        var args = ["file": TextSanitizer.clean(file), "line": line.map { String($0) } ?? "?",
                    "key": TextSanitizer.clean(key ?? "?")]
        switch kind {
        case .syntax: return strings(.configSyntax, args)
        case .badValue(let value):
            args["value"] = TextSanitizer.clean(String(value.prefix(80)))
            return strings(.configBadValue, args)
        case .unknownKey: return strings(.configUnknownKey, args)
        case .unreadable(let error):
            args["reason"] = error.reason(strings)
            return strings(.configUnreadable, args)
        case .notUTF8: return strings(.configNotUTF8, args)
        case .keyTooLong:
            args["limit"] = String(ConfigurationLimits.keyLength)
            return strings(.configKeyTooLong, args)
        case .tooDeep:
            args["limit"] = String(ConfigurationLimits.depth)
            return strings(.configTooDeep, args)
        case .tooNested:
            args["limit"] = String(ConfigurationLimits.nestingPerLine)
            return strings(.configTooNested, args)
        case .tooManyKeys:
            args["limit"] = String(ConfigurationLimits.keys)
            return strings(.configTooManyKeys, args)
        case .moreUnknownKeys(let count):
            return strings(.configMoreUnknownKeys, count: count, args)
        }
    }
}
