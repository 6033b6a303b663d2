// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The French (or English) sentences for what went wrong with a catalogue.
public struct CatalogueMessages: Sendable {
    public let strings: Strings

    public init(strings: Strings) { self.strings = strings }

    public func message(for error: CatalogueLoadError) -> String {
        switch error {
        case .malformedJSON(nil):
            return strings(.catalogueDecoding)
        case .malformedJSON(let location?):
            let detail: String = switch location {
            case .lineColumn(let line, let column):
                strings(.catalogueWhereLineColumn, ["line": String(line), "column": String(column)])
            case .endOfText:
                strings(.catalogueWhereEnd)
            }
            return strings(.catalogueDecodingAt, ["detail": detail])
        case .notAList:
            return strings(.catalogueNotAList)
        case .unreadable(let path):
            return strings(.catalogueUnreadable, ["path": URLRedaction.forDisplay(path)])
        case .tooLarge(let limit):
            return strings(.catalogueTooLarge, ["limit": CatalogueFetchMessages(strings: strings, timeZone: .current).size(limit)])
        }
    }

    /// "999 998" with the locale's thousands separator (a narrow no-break space in French).
    private func grouped(_ value: Decimal) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: strings.localeCode == "fr" ? "fr_FR" : "en_US")
        formatter.maximumFractionDigits = 0
        return formatter.string(from: value as NSDecimalNumber) ?? "\(value)"
    }

    public func message(for warning: CatalogueWarning) -> String {
        switch warning {
        case .recordNotObject(let position):
            strings(.catalogueRecordNotObject, ["position": String(position)])
        case .missingField(let position, let field):
            strings(.catalogueRecordMissingField, ["position": String(position), "field": fieldName(field)])
        case .invalidField(let position, let field):
            strings(.catalogueRecordInvalidField, ["position": String(position), "field": fieldName(field)])
        case .unreadableDate(let position):
            strings(.catalogueBadDate, ["position": String(position)])
        case .duplicateId(let position, let id):
            strings(.catalogueDuplicateId, ["position": String(position), "id": String(id)])
        case .priceOutOfRange(let position, let price):
            strings(.cataloguePriceOutOfRange, ["position": String(position), "price": TextSanitizer.clean(price),
                                                "max": grouped(CatalogueDecoder.maximumPrice)])
        case .named(let title, let warning):
            // « Formation « Excel », enregistrement n° 6 du fichier ignoré : … »
            strings(.catalogueNamedRecord, ["title": title, "warning": message(for: warning).prefix(1).lowercased()
                                                                      + message(for: warning).dropFirst()])
        case .moreRecordsSkipped(let count):
            strings(.catalogueMoreSkipped, ["count": grouped(Decimal(count))])
        case .moreUnreadableDates(let count):
            strings(.catalogueMoreBadDates, ["count": grouped(Decimal(count))])
        case .fieldTruncated(let position, let field, let length):
            strings(.faultFieldTruncated, ["position": String(position), "field": fieldName(field),
                                               "length": String(length), "limit": String(TextSanitizer.fieldLimit)])
        }
    }

    /// The API's field name in the user's language (« prix » for `price`); a field the reader
    /// does not know keeps its JSON name.
    public func fieldName(_ field: String) -> String {
        let key: L10n? = switch field {
        case "id": .catalogueFieldId
        case "title": .catalogueFieldTitle
        case "description": .catalogueFieldDescription
        case "duration": .catalogueFieldDuration
        case "level": .catalogueFieldLevel
        case "price": .catalogueFieldPrice
        case "next_session": .catalogueFieldNextSession
        case "category": .catalogueFieldCategory
        default: nil
        }
        return key.map { strings($0) } ?? field
    }
}
