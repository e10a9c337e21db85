import Testing

@testable import HapticsHidraw

@Suite struct CRC32Tests {
    @Test func theStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }
}
