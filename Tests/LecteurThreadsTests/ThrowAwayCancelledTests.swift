import Testing

@Suite struct ThrowAwayCancelledTests {
    @Test(arguments: [1, 2]) func aCaseCancelled(n: Int) throws { if n == 2 { try Test.cancel("throw-away") } }
}
