// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore

/// Issue 14 in the pure core: prices as the seed formats them, French names for setting values,
/// commands and system errors.
@Suite struct FrenchWordingTests {
    let display = DisplayFormat(strings: Fixture.fr, timeZone: Fixture.paris)
    let spoken = SpokenFormat(strings: Fixture.fr)

    /// The seed's NumberFormatter: currency EUR, maximumFractionDigits 0, default rounding half-even.
    @Test(arguments: [("2250.5", "2\u{202F}250\u{00A0}€"), ("2251.5", "2\u{202F}252\u{00A0}€"), ("99.99", "100\u{00A0}€"),
                      ("0.5", "0\u{00A0}€"), ("1.5", "2\u{00A0}€"), ("1490", "1\u{202F}490\u{00A0}€")])
    func cardPricesRoundHalfToEven(amount: String, shown: String) throws {
        #expect(display.price(try #require(Decimal(string: amount))) == shown)
    }

    @Test(arguments: [("2250.5", "2\u{202F}250,50\u{00A0}€", "2250 euros 50"), ("1490", "1\u{202F}490\u{00A0}€", "1490 euros"),
                      ("0.5", "0,50\u{00A0}€", "50 centimes"), ("1.05", "1,05\u{00A0}€", "1 euro 5"),
                      ("0", "0\u{00A0}€", "0 euro"), ("99.999", "100\u{00A0}€", "100 euros")])
    func detailPricesAreExact(amount: String, shown: String, said: String) throws {
        let value = try #require(Decimal(string: amount))
        #expect(display.exactPrice(value) == shown)
        #expect(spoken.exactPrice(value) == said)
    }

    @Test func detailScreenShowsTheExactPrice() throws {
        let formation = Fixture.formation(1, "Prix exact", category: nil, price: try #require(Decimal(string: "2250.5")))
        let screens = ScreenBuilder(strings: Fixture.fr, timeZone: Fixture.paris)
        let price = try #require(screens.detailScreen(formation).elements.first { $0.id == "detail.price" })
        #expect(price.label == "Prix : 2\u{202F}250,50\u{00A0}€")
        #expect(price.spokenLabel == "Prix : 2250 euros 50")
        #expect(screens.card(formation).label.hasSuffix("2\u{202F}250\u{00A0}€"))
    }

    @Test func verbosityValuesInBothLanguages() {
        for word in ["complète", "COMPLETE", "complet", "full"] { #expect(Verbosity(userValue: word) == .full) }
        for word in ["brève", "breve", "bref", "courte", "brief", "short"] { #expect(Verbosity(userValue: word) == .brief) }
        #expect(Verbosity(userValue: "moyenne") == nil)
        #expect(Verbosity.brief.name(Fixture.fr) == "brève")
        #expect(Verbosity.full.name(Fixture.en) == "full")
    }

    @Test func helpNamesFollowTheLanguage() {
        let names = ["next", "suivant", "n", "s"]
        // « n » is next's letter, « s » suivant's: a French user is not shown the English one.
        #expect(CommandLanguage.helpNames(names, localeCode: "fr") == ["suivant", "s"])
        #expect(CommandLanguage.helpNames(names, localeCode: "en") == ["next", "n"])
        #expect(CommandLanguage.helpNames(["morse"], localeCode: "fr") == ["morse"])
        // Every command has a name a French user can read in the help (French or shared), but the
        // four English speech shortcuts, whose French forms are the « plus vite »… commands.
        let englishOnly = CommandTable.specs.filter { spec in !spec.names.contains { CommandLanguage.language(of: $0) != "en" && $0.count > 1 } }
        #expect(englishOnly.map(\.name) == ["faster", "slower", "louder", "softer"])
        #expect(CommandTable.specs.contains { $0.names == ["plus"] } && CommandTable.specs.contains { $0.names == ["moins"] })
    }

    @Test func systemErrorsAreSummarisedNotReadInEnglish() {
        #expect(SystemErrorText.summary("connect: No such file or directory", Fixture.fr) == "service absent")
        #expect(SystemErrorText.summary("Connection refused", Fixture.fr) == "connexion refusée")
        #expect(SystemErrorText.summary("attempt to write a readonly database", Fixture.fr) == "erreur système")
        #expect(SystemErrorText.summary("Permission denied", Fixture.en) == "permission denied")
    }

    @Test func catalogueFieldsHaveFrenchNames() {
        let messages = CatalogueMessages(strings: Fixture.fr)
        #expect(messages.fieldName("price") == "prix")
        #expect(messages.fieldName("next_session") == "prochaine session")
        #expect(messages.fieldName("colour") == "colour")
    }
}
