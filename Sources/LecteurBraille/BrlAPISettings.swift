import Foundation

/// Where BrlAPI is and how to authenticate: the usual `BRLAPI_HOST` / `BRLAPI_AUTH` environment
/// variables unless an option overrides them. nil leaves BrlAPI's own default (`:0`, the key file).
public struct BrlAPISettings: Hashable, Sendable {
    public var host: String?
    public var auth: String?

    public init(host: String? = nil, auth: String? = nil) {
        self.host = host
        self.auth = auth
    }

    /// The environment's settings, each overridden by a non-empty option.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       host: String? = nil, auth: String? = nil) -> BrlAPISettings {
        func pick(_ option: String?, _ variable: String) -> String? {
            if let option, !option.isEmpty { return option }
            if let value = environment[variable], !value.isEmpty { return value }
            return nil
        }
        return BrlAPISettings(host: pick(host, "BRLAPI_HOST"), auth: pick(auth, "BRLAPI_AUTH"))
    }

    /// The host as messages name it.
    public var hostDescription: String { host ?? ":0" }
}
