// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The French (or English) sentences about loading the catalogue from the API: failures, retries,
/// long waits and the offline copy. Built only from typed values, never from a response body or
/// a URL, so nothing a server sends can reach the speech engine through them.
public struct CatalogueFetchMessages: Sendable {
    public let strings: Strings
    public let timeZone: TimeZone

    public init(strings: Strings, timeZone: TimeZone) {
        self.strings = strings
        self.timeZone = timeZone
    }

    /// Story 2.1's message for an error.
    public func message(for error: CatalogueFetchError) -> String {
        switch error {
        case .invalidURL: return strings(.networkErrorInvalidURL)
        case .network: return strings(.networkErrorNetwork)
        case .localNoAnswer: return strings(.networkErrorLocalNoAnswer)
        case .timeout: return strings(.networkErrorTimeout)
        case .badRequest: return strings(.networkErrorBadRequest)
        case .unauthorized: return strings(.networkErrorUnauthorized)
        case .forbidden: return strings(.networkErrorForbidden)
        case .notFound: return strings(.networkErrorNotFound)
        case .clientError(let status): return strings(.networkErrorClientError, ["code": String(status)])
        case .server(let status): return strings(.networkErrorServer, ["code": String(status)])
        case .unexpectedStatus(let status): return strings(.networkErrorUnexpectedStatus, ["code": String(status)])
        case .noData: return strings(.networkErrorNoData)
        case .decoding(let reason): return decodingMessage(reason)
        case .tooLarge(let limit): return strings(.networkErrorTooLarge, ["limit": size(limit)])
        case .badResponse: return strings(.faultNetworkBadResponse)
        case .tlsCertificate: return strings(.faultNetworkTlsCertificate)
        }
    }

    /// Why no catalogue could be read, from the API or from a file.
    public func message(for fault: CatalogueFault) -> String {
        switch fault {
        case .fetch(let error): message(for: error)
        case .file(let error): CatalogueMessages(strings: strings).message(for: error)
        }
    }

    private func decodingMessage(_ reason: CatalogueLoadError) -> String {
        switch reason {
        case .notAList: return strings(.catalogueNotAList)
        case .malformedJSON(.lineColumn(let line, let column)?):
            let detail = strings(.catalogueWhereLineColumn, ["line": String(line), "column": String(column)])
            return strings(.catalogueDecodingAt, ["detail": detail])
        case .malformedJSON(.endOfText?):
            return strings(.catalogueDecodingAt, ["detail": strings(.catalogueWhereEnd)])
        case .malformedJSON(nil), .unreadable:
            return strings(.catalogueDecoding)
        case .tooLarge:
            return CatalogueMessages(strings: strings).message(for: reason)
        }
    }

    /// "Échec du chargement (erreur serveur, code 500). Nouvel essai dans 2 secondes, tentative 3 sur 4."
    public func retryNotice(after error: CatalogueFetchError, delay: TimeInterval,
                            nextAttempt: Int, totalAttempts: Int) -> String {
        strings(.networkRetryScheduled, ["cause": cause(error), "delay": duration(delay),
                                         "next": String(nextAttempt), "total": String(totalAttempts)])
    }

    /// A short cause for the retry notice; only transient errors are retried, the others fall
    /// back to their full message.
    public func cause(_ error: CatalogueFetchError) -> String {
        switch error {
        case .network, .localNoAnswer: return strings(.networkCauseNetwork)
        case .timeout: return strings(.networkCauseTimeout)
        case .server(let status): return strings(.networkCauseServer, ["code": String(status)])
        default: return message(for: error)
        }
    }

    /// "Chargement des formations… toujours en cours après 10 secondes."
    public func stillLoading(elapsed: TimeInterval) -> String {
        strings(.networkStillLoading, ["elapsed": duration(elapsed.rounded())])
    }

    /// "Formations hors ligne : copie du 3 mars 2026, il y a 5 heures. Tapez « réessayer » pour recharger."
    public func offlineNotice(fetchedAt: Date, now: Date) -> String {
        strings(.networkOfflineNotice, ["date": DisplayFormat(strings: strings, timeZone: timeZone).date(fetchedAt),
                                        "age": age(from: fetchedAt, to: now)])
    }

    /// "il y a 5 heures": whole units, rounded down, the largest unit that is at least 1.
    /// A copy from the future (clock moved back) counts as fresh.
    public func age(from then: Date, to now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(then))
        let minutes = Int(saturating: seconds / 60), hours = Int(saturating: seconds / 3600), days = Int(saturating: seconds / 86_400)
        if days >= 1 { return days == 1 ? strings(.networkAgeDayOne) : strings(.networkAgeDayMany, ["count": String(days)]) }
        if hours >= 1 { return hours == 1 ? strings(.networkAgeHourOne) : strings(.networkAgeHourMany, ["count": String(hours)]) }
        if minutes >= 1 { return minutes == 1 ? strings(.networkAgeMinuteOne) : strings(.networkAgeMinuteMany, ["count": String(minutes)]) }
        return strings(.networkAgeJustNow)
    }

    /// "1 seconde", "0,5 seconde", "4 secondes", "2 minutes" (minutes only when whole).
    /// French takes the singular below 2 ("1,5 seconde").
    public func duration(_ seconds: TimeInterval) -> String {
        let value = max(0, seconds)
        if value >= 60, value.truncatingRemainder(dividingBy: 60) == 0 {
            let minutes = Int(saturating: value / 60)
            return minutes == 1 ? strings(.networkDurationMinuteOne) : strings(.networkDurationMinuteMany, ["count": String(minutes)])
        }
        let text = number(value)
        return value < 2 ? strings(.networkDurationSecondOne, ["count": text])
                         : strings(.networkDurationSecondMany, ["count": text])
    }

    /// "10 Mo", "512 Ko", "900 octets": binary units, as a file manager shows them.
    public func size(_ bytes: Int) -> String {
        let kib = 1024.0, mib = kib * 1024
        let value = Double(bytes)
        if value >= mib { return strings(.networkSizeMegabytes, ["count": number(value / mib)]) }
        if value >= kib { return strings(.networkSizeKilobytes, ["count": number(value / kib)]) }
        return strings(.networkSizeBytes, ["count": String(bytes)])
    }

    /// Up to one decimal, with the locale's separator: "2", "0,5".
    private func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(saturating: tenths / 10)) }
        let whole = Int(saturating: tenths / 10), fraction = Int(saturating: tenths) % 10
        return "\(whole)\(strings(.numberDecimalSeparator))\(fraction)"
    }
}
