/// Two `NSString` path helpers on plain strings: `NSString` is not in FoundationEssentials.
/// Same results as corelibs Foundation's, including the edge cases.
public enum PathName {
    /// `NSString.pathExtension`: the text after the last dot of the last component, trailing
    /// slashes ignored; "" when there is no dot, for dot files (`.hidden`) and for `..`.
    public static func fileExtension(of path: String) -> String {
        var name = path[...]
        while name.hasSuffix("/") { name.removeLast() }
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name != ".." else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `NSString.appendingPathComponent`: joined with one `/` (none added after a trailing one);
    /// either side empty gives the other.
    public static func appending(_ component: String, to path: String) -> String {
        if component.isEmpty { return path }
        if path.isEmpty { return component }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }
}
