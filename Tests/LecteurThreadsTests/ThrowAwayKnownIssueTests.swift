import Testing

@Suite struct ThrowAwayKnownIssueTests {
    @Test func aKnownIssue() { withKnownIssue { Issue.record("throw-away") } }
    @Test func aWarning() { Issue.record("throw-away warning", severity: .warning) }
}
