import ArgumentParser

/// Numbers on the command line are plain decimal: `12`, `-1`, `0.5`, `.5`, `2.5e3`. Swift's
/// `Double(_:)` also reads `0x10` (hexadecimal, 16), `0x1p3`, `inf`, `infinity` and `nan`, which
/// no user means as a sigma or a frame rate: every floating option goes through ``parse(_:)``
/// (an option's `transform`, or the list and size forms `--insets 1,2,3,4` and `--size 20x10`), so
/// each is refused with the same sentence. Whole-number options are read by `Int(_:)`, which takes
/// decimal digits only.
enum DecimalNumber {
    /// `text` as a finite number when it is plain decimal (an optional sign, digits with at most
    /// one decimal point, an optional decimal exponent); `nil` otherwise.
    static func parse(_ text: some StringProtocol) -> Double? {
        var characters = Substring(text).unicodeScalars[...]
        func digits() -> Int {
            var count = 0
            while let first = characters.first, ("0"..."9").contains(first) { characters.removeFirst(); count += 1 }
            return count
        }
        if characters.first == "+" || characters.first == "-" { characters.removeFirst() }
        var mantissa = digits()
        if characters.first == "." {
            characters.removeFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if characters.first == "e" || characters.first == "E" {
            characters.removeFirst()
            if characters.first == "+" || characters.first == "-" { characters.removeFirst() }
            guard digits() > 0 else { return nil }
        }
        guard characters.isEmpty, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// The `transform` of a floating option: ``parse(_:)``, or a usage error naming what is wrong
    /// (ArgumentParser adds the option: `The value '0x10' is invalid for '--sigma <sigma>': …`).
    static func option(_ text: String) throws -> Double {
        guard let value = parse(text) else { throw ValidationError(refusal(text)) }
        return value
    }

    /// Why `text` is no number here.
    static func refusal(_ text: String) -> String {
        "'\(text)' is not a finite plain decimal number (such as 12, 0.5 or 2.5e3; hexadecimal, inf and nan are not taken)"
    }
}
