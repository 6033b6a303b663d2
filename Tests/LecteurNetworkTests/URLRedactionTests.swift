// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
@testable import LecteurNetwork

@Suite struct URLRedactionTests {
    @Test func credentialsInTheAuthorityAreMasked() {
        #expect(URLRedaction.redact("https://alice:s3cr3t@api.example.org/api/v1/formations")
                == "https://***@api.example.org/api/v1/formations")
        #expect(URLRedaction.redact("http://token123@127.0.0.1:8080/x") == "http://***@127.0.0.1:8080/x")
        // The last "@" ends the user part: a password may contain "@".
        #expect(URLRedaction.redact("https://a:p@ss@host/") == "https://***@host/")
    }

    @Test func secretQueryValuesAreMaskedOthersKept() {
        #expect(URLRedaction.redact("https://h/api?token=abc&page=2") == "https://h/api?token=***&page=2")
        #expect(URLRedaction.redact("https://h/api?page=2&access_token=abc&X-Api-Key=k&apiKey=z&client_secret=s&sig=q")
                == "https://h/api?page=2&access_token=***&X-Api-Key=***&apiKey=***&client_secret=***&sig=***")
        #expect(URLRedaction.redact("https://h/api?abc123") == "https://h/api?***")
        #expect(URLRedaction.redact("https://h/api?password=%20x") == "https://h/api?password=***")
    }

    @Test func fragmentIsDroppedAndPlainURLsUnchanged() {
        #expect(URLRedaction.redact("https://h/cb#access_token=abc") == "https://h/cb")
        #expect(URLRedaction.redact("https://api.madinia.fr/api/v1/formations") == "https://api.madinia.fr/api/v1/formations")
        #expect(URLRedaction.redact("not a url?token=x") == "not a url?token=***")
    }

    @Test func urlsInsideFreeTextAreRedacted() {
        let text = "Could not connect to http://bob:hunter2@10.0.0.1/api?token=zzz (code -1004)."
        let redacted = URLRedaction.redactURLs(in: text)
        #expect(redacted == "Could not connect to http://***@10.0.0.1/api?token=*** (code -1004).")
        #expect(!redacted.contains("hunter2") && !redacted.contains("zzz"))
    }

    @Test func endpointIsBuiltFromTheBaseAndShownRedacted() throws {
        let plain = try CatalogueEndpoint(base: "https://api.madinia.fr/api/v1")
        #expect(plain.formationsURL.absoluteString == "https://api.madinia.fr/api/v1/formations")
        #expect(try CatalogueEndpoint(base: "https://api.madinia.fr/api/v1/").formationsURL.absoluteString
                == "https://api.madinia.fr/api/v1/formations")
        #expect(try CatalogueEndpoint(base: "HTTP://127.0.0.1:8080").formationsURL.absoluteString
                == "http://127.0.0.1:8080/formations")
        let secret = try CatalogueEndpoint(base: "https://u:pw@h.example/api/v1?token=T0K3N")
        #expect(secret.formationsURL.absoluteString == "https://u:pw@h.example/api/v1/formations?token=T0K3N")
        #expect(secret.displayString == "https://***@h.example/api/v1/formations?token=***")
        for bad in ["", "catalogue.json", "/tmp/x.json", "ftp://h/x", "http://", "https:///path", "file:///etc/passwd"] {
            #expect(throws: CatalogueFetchError.invalidURL, "\(bad)") { try CatalogueEndpoint(base: bad) }
        }
        #expect(CatalogueEndpoint.isRemote("https://x") && CatalogueEndpoint.isRemote("HTTP://x"))
        #expect(!CatalogueEndpoint.isRemote("./formations.json"))
    }
}
