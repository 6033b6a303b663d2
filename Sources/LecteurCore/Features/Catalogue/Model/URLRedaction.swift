// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Makes an address safe to print or speak: `https://user:pass@host/api?token=abc&page=2` becomes
/// `https://***@host/api?token=***&page=2`. Hand-parsed rather than through URLComponents, which
/// refuses some malformed strings, and a malformed string is exactly what may need showing.
public enum URLRedaction {
    public static let mask = "***"

    /// Query parameter names whose value is a secret; matched case-insensitively, as substrings
    /// ("access_token", "X-Api-Key", "client_secret", "apiKey"). Masking too much is harmless.
    static let sensitiveFragments = ["token", "secret", "pass", "pwd", "auth", "key", "sig", "session",
                                     "credential", "jwt", "bearer", "code", "cookie"]

    public static func isSensitive(parameter name: String) -> Bool {
        let lowered = (name.removingPercentEncoding ?? name).lowercased()
        return sensitiveFragments.contains { lowered.contains($0) }
    }

    public static func redact(_ url: URL) -> String { redact(url.absoluteString) }

    /// What a user typed where a file or an address may be (`--catalog`, `--output`), made safe
    /// for any message of any subcommand: an address ("scheme://…") is redacted, a file path is
    /// kept as typed; both are cleaned of control characters. Every message quoting such an
    /// argument goes through here.
    public static func forDisplay(_ argument: String) -> String {
        let clean = TextSanitizer.clean(argument)
        return argument.contains("://") ? redact(clean) : clean
    }

    public static func redact(_ text: String) -> String {
        var rest = Substring(text)
        var out = ""
        if let schemeEnd = rest.range(of: "://") {
            out += rest[..<schemeEnd.upperBound]
            rest = rest[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") {
                out += mask + "@" + authority[authority.index(after: at)...]
            } else {
                out += authority
            }
            rest = rest[authorityEnd...]
        }
        // A fragment never goes to the server but OAuth puts tokens there: drop it whole.
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard let question = rest.firstIndex(of: "?") else { return out + maskPathParameters(rest) }
        out += maskPathParameters(rest[..<question]) + "?"
        let query = rest[rest.index(after: question)...]
        out += query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else {
                // A bare value ("?abc123") may itself be a key.
                return pair.isEmpty ? "" : mask
            }
            let name = pair[..<equals]
            return isSensitive(parameter: String(name)) ? name + "=" + mask : String(pair)
        }.joined(separator: "&")
        return out
    }

    /// Path parameters (`/app;jsessionid=ABC/page`) are session secrets as often as query ones:
    /// each `;name=value` whose name is sensitive has its value masked up to the next `/` or `;`.
    static func maskPathParameters(_ path: Substring) -> String {
        guard path.contains(";") else { return String(path) }
        var out = ""
        var rest = path
        while let semicolon = rest.firstIndex(of: ";") {
            out += rest[...semicolon]
            rest = rest[rest.index(after: semicolon)...]
            let end = rest.firstIndex { $0 == "/" || $0 == ";" } ?? rest.endIndex
            let parameter = rest[..<end]
            if let equals = parameter.firstIndex(of: "="), isSensitive(parameter: String(parameter[..<equals])) {
                out += parameter[...equals] + mask
            } else {
                out += parameter
            }
            rest = rest[end...]
        }
        return out + rest
    }

    /// Redacts every absolute URL inside a free text (an error description from a library, say).
    public static func redactURLs(in text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: #"[A-Za-z][A-Za-z0-9+.\-]*://[^\s"'<>«»]+"#) else { return text }
        let ns = text as NSString
        var out = ""
        var last = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            out += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            out += redact(ns.substring(with: match.range))
            last = match.range.location + match.range.length
        }
        return out + ns.substring(from: last)
    }
}
