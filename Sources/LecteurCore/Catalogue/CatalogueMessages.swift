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
        }
    }

    public func message(for warning: CatalogueWarning) -> String {
        switch warning {
        case .recordNotObject(let position):
            strings(.catalogueRecordNotObject, ["position": String(position)])
        case .missingField(let position, let field):
            strings(.catalogueRecordMissingField, ["position": String(position), "field": field])
        case .invalidField(let position, let field):
            strings(.catalogueRecordInvalidField, ["position": String(position), "field": field])
        case .unreadableDate(let position):
            strings(.catalogueBadDate, ["position": String(position)])
        case .duplicateId(let position, let id):
            strings(.catalogueDuplicateId, ["position": String(position), "id": String(id)])
        case .fieldTruncated(let position, let field, let length):
            strings(.hardeningFieldTruncated, ["position": String(position), "field": field,
                                               "length": String(length), "limit": String(TextSanitizer.fieldLimit)])
        }
    }
}
