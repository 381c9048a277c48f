#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `String(format: "%.<places>f", value)` without full Foundation, where `String(format:)` lives:
/// the C library's own `%f`, so the rounding and every edge case stay printf's.
package func decimalText(_ value: Double, places: Int) -> String {
    let format = "%.\(places)f"
    let length = Int(withVaList([value]) { vsnprintf(nil, 0, format, $0) })
    var buffer = [CChar](repeating: 0, count: length + 1)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
