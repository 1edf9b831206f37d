import Basics

extension ProjectReader {
    /// A sheet target's `scales`: each 1, 2 or 3, each once (`[1, 2, 2]` is a typo for something,
    /// 1, 2, 3?, not [1, 2]), in the order given.
    static func scales(_ value: InputValue) throws(SchemaError) -> [Int] {
        var seen: [Int] = []
        for item in try value.array() {
            let scale = try item.integer()
            guard ImageFileName.scaleRange.contains(scale) else { throw item.outOfRange("a scale is 1, 2 or 3") }
            guard !seen.contains(scale) else { throw item.outOfRange("each scale once: \(scale) is listed twice") }
            seen.append(scale)
        }
        return seen
    }
}
