#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// XCTest's own `XCTFail`, found by its symbol, for failures under XCTest on Linux: there,
/// IssueReporting cannot tell an XCTest frame from a host application's (it demangles class
/// names through the Objective-C runtime) and appends its 7-line "host application" note to every
/// failure. The library still links no test framework: the symbol is looked up in the running
/// process, where the test runner has loaded XCTest.
enum XCTestFailure {
    typealias Fail = @convention(thin) (String, StaticString, UInt) -> Void

    /// `XCTest.XCTFail(_:file:line:)`'s mangled name.
    static let symbol = "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"

    /// XCTFail of the running process, or nil when XCTest is not loaded.
    static func function() -> Fail? {
        guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, symbol) else { return nil }
        return unsafeBitCast(address, to: Fail.self)
    }
}
#endif
