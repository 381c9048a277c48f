import ArgumentParser
import TimelineKit

/// A flag setting one field of `Limits`: its name, the field, and where the flag keeps its value.
struct LimitField<Flags> {
    let flag: String
    let limit: WritableKeyPath<Limits, Int>
    let value: KeyPath<Flags, WholeNumber>
    /// Writes the flag's value without reading it first, as a key path would: a flag made
    /// without parsing has no value to read (swift-argument-parser stops the program).
    let set: (inout Flags, WholeNumber) -> Void

    init(
        _ flag: String, _ limit: WritableKeyPath<Limits, Int>, _ value: KeyPath<Flags, WholeNumber>,
        set: @escaping (inout Flags, WholeNumber) -> Void
    ) {
        (self.flag, self.limit, self.value, self.set) = (flag, limit, value, set)
    }
}

/// Flags that each set a field of `Limits`, listed once in `fields`: what they apply, the values
/// they refuse and their defaults all read that one list (`LimitFlags`).
protocol LimitFlagSet {
    /// Each flag, with the field of `Limits` it sets.
    static var fields: [LimitField<Self>] { get }
}

extension LimitFlagSet {
    /// `limits` with these flags' values.
    func applied(to limits: Limits) -> Limits {
        var limits = limits
        for field in Self.fields { limits[keyPath: field.limit] = self[keyPath: field.value].value }
        return limits
    }

    /// Refuses a limit under 1, naming its flag.
    func validateLimits() throws {
        for field in Self.fields where self[keyPath: field.value].value < 1 {
            throw ValidationError("\(field.flag) must be at least 1")
        }
    }

    /// Each flag at its default, `Limits()`' value: for a command made without parsing.
    mutating func setLimitsToDefaults() {
        let limits = Limits()
        for field in Self.fields { field.set(&self, WholeNumber(limits[keyPath: field.limit])) }
    }
}
