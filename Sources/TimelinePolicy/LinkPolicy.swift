/// The one link policy: every URL that any field can carry (`link:`, links inside `description`,
/// and any field added later) becomes a link of an image only through `normalized(_:)`.
/// `LinkNode`, the only way a link reaches a renderer, cannot be made without it.
///
/// The link is read scalar by scalar, never by `Character`: a prepend mark such as U+0600 joins
/// the `)` after it into one `Character`, which once let a description link run past its end.
/// Only http, https and mailto are allowed, and everything outside a safe ASCII set is
/// percent-encoded, so no output's string syntax (`(`, `)`, `\`, `'`, `"`, `<`, non-ASCII) can
/// be reached from a link: cairo copies a PDF link into its `/URI (…)` string as it is.
public enum LinkPolicy {
    /// Why a link is refused.
    public enum Problem: Error, Equatable, Sendable {
        /// Not http, https or mailto, or nothing after the scheme.
        case scheme
        /// A C0 or C1 control character or DEL.
        case controlCharacter
    }

    /// The schemes a link may use, lowercased.
    public static let schemes = ["http://", "https://", "mailto:"]

    /// The link ready for SVG and PDF, or why it is refused.
    public static func normalized(_ link: String) -> Result<String, Problem> {
        let scalars = Array(link.unicodeScalars)
        guard hasAllowedScheme(scalars) else { return .failure(.scheme) }
        var out: [UInt8] = []
        out.reserveCapacity(link.utf8.count)
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value < 0x20 || (0x7F...0x9F).contains(value) { return .failure(.controlCharacter) }
            if value == 0x25, index + 2 < scalars.count, isHex(scalars[index + 1]), isHex(scalars[index + 2]) {
                out.append(0x25) // an escape already written
            } else if value < 0x80, kept[Int(value)] {
                out.append(UInt8(value))
            } else {
                for byte in String(scalars[index]).utf8 {
                    out += [0x25, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                }
            }
            index += 1
        }
        return .success(String(decoding: out, as: UTF8.self))
    }

    /// Whether `url` is already what the policy makes of it (what every `LinkNode` holds).
    public static func isNormalized(_ url: String) -> Bool {
        normalized(url) == .success(url)
    }

    /// Whether `text` starts with an allowed scheme followed by at least one more scalar; what
    /// markup asks before it takes `[text](…)` for a link.
    public static func hasAllowedScheme(_ text: String) -> Bool {
        hasAllowedScheme(Array(text.unicodeScalars))
    }

    private static func hasAllowedScheme(_ scalars: [Unicode.Scalar]) -> Bool {
        schemes.contains { scheme in
            let prefix = Array(scheme.unicodeScalars)
            guard scalars.count > prefix.count else { return false }
            return zip(scalars, prefix).allSatisfy { lowercasedASCII($0.0) == $0.1 }
        }
    }

    private static func lowercasedASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }

    /// Unreserved characters and the delimiters a URL's structure needs, but not `(`, `)`, `'`.
    private static let kept: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for byte in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&*+,;=".utf8 {
            table[Int(byte)] = true
        }
        return table
    }()

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
}
