/// Orders strings as people number files: digit runs compare by value, so `load_2` comes before
/// `load_10`, and `frame007` before `frame10`. Ties in value (`a1`, `a01`) fall back to the shorter run.
public enum NaturalOrder {
    /// `true` when `lhs` sorts before `rhs`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Negative, zero or positive as `lhs` sorts before, with, or after `rhs`.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.unicodeScalars), b = Array(rhs.unicodeScalars)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                let startA = i, startB = j
                while i < a.count && isDigit(a[i]) { i += 1 }
                while j < b.count && isDigit(b[j]) { j += 1 }
                let result = compareDigitRuns(a[startA..<i], b[startB..<j])
                if result != 0 { return result }
            } else {
                if a[i] != b[j] { return a[i].value < b[j].value ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return (a.count - i) - (b.count - j)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

    /// Compares by numeric value without overflow (any length), then by length.
    private static func compareDigitRuns(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Int {
        let trimmedA = a.drop { $0 == "0" }, trimmedB = b.drop { $0 == "0" }
        if trimmedA.count != trimmedB.count { return trimmedA.count - trimmedB.count }
        for (x, y) in zip(trimmedA, trimmedB) where x != y { return x.value < y.value ? -1 : 1 }
        return a.count - b.count
    }
}
