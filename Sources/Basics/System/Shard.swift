/// One of `count` parts of a piece of work, numbered from 1 (`2/3`: the second of three), as a CI
/// matrix runs it: N jobs, each given `--shard K/N`, together check or build everything exactly once.
///
/// Work is split into units that must stay together (a sequence's folder, the targets that depend
/// on each other) and each unit is given to a part by ``partition(_:into:)``: by cost, never by the
/// order files were listed in or the machine, so every job computes the same split.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// The most parts work can be split into: more than any CI system runs at once (GitHub Actions
    /// runs 256 jobs per matrix, GitLab 200).
    public static let maxCount = 1024

    /// The part, from 1 to ``count``.
    public let index: Int
    /// How many parts the work is split into, from 1 to ``maxCount``.
    public let count: Int

    /// What is wrong with a shard as given.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The text is not two whole numbers with a slash between (`a/b`, `3`, `1/2/3`).
        case malformed(String)
        /// `count` is under 1 or over ``Shard/maxCount``.
        case countOutOfRange(index: Int, count: Int)
        /// `index` is under 1 or over `count` (`0/3`, `4/3`).
        case indexOutOfRange(index: Int, count: Int)
        /// A part or a count written with more digits than any whole number holds
        /// (`1/99999999999999999999`), said as written.
        case numberTooLong(String)

        /// What is wrong, and what is allowed.
        public var description: String {
            switch self {
            case .malformed(let text):
                "shard \"\(text)\" is not K/N: give the part and the number of parts, such as 2/3 (the second of three)"
            case .countOutOfRange(let index, let count):
                "shard \(index)/\(count): the number of parts is 1 to \(Shard.maxCount)"
            case .indexOutOfRange(let index, let count):
                "shard \(index)/\(count): parts are numbered from 1 to the number of parts (1/\(max(count, 1)) … \(max(count, 1))/\(max(count, 1)))"
            case .numberTooLong(let text):
                text.split(separator: "/").last.flatMap { Int($0) } == nil
                    ? "shard \"\(text)\": the number of parts is 1 to \(Shard.maxCount)"
                    : "shard \"\(text)\": parts are numbered from 1 to the number of parts"
            }
        }
    }

    /// Part `index` of `count`; refused unless `1 ≤ index ≤ count ≤` ``maxCount``.
    public init(_ index: Int, of count: Int) throws(Shard.Error) {
        guard (1...Self.maxCount).contains(count) else { throw .countOutOfRange(index: index, count: count) }
        guard (1...count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        self.index = index
        self.count = count
    }

    /// A shard written `K/N` (`2/3`), as `--shard` takes it: digits, a slash, digits.
    public init(parsing text: String) throws(Shard.Error) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }) else {
            throw .malformed(text)
        }
        // Digits only: a number too long for Int is out of range, not malformed, and said as written.
        guard let index = Int(parts[0]), let count = Int(parts[1]) else { throw .numberTooLong(text) }
        try self.init(index, of: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// A unit of work to place: a `key` naming it the same on every machine (a folder, a target's
    /// name) and its `cost` (bytes to read, say); a cost under 0 counts as 0.
    public struct Unit: Sendable, Hashable {
        /// Names the unit the same way on every machine; breaks ties between equal costs.
        public var key: String
        /// How much work the unit is, in any unit the caller likes, the same for every unit.
        public var cost: Int

        /// A unit named `key` costing `cost`.
        public init(key: String, cost: Int) {
            self.key = key
            self.cost = cost
        }
    }

    /// The part (1…`count`) each of `units` goes to, in the order given: greedy longest-first —
    /// the costliest unit first (equal costs in the byte order of their keys), each to the part with
    /// the least cost so far (equal parts: the lowest number). The result depends only on the units'
    /// keys and costs, not on their order in `units`: every job of a matrix computes the same split,
    /// and no part ends up with more than the lightest part plus the costliest unit.
    /// A `count` out of range is taken as the nearest allowed (1 or ``maxCount``).
    public static func partition(_ units: [Unit], into count: Int) -> [Int] {
        let parts = min(max(count, 1), maxCount)
        let order = units.indices.sorted { a, b in
            let costA = max(units[a].cost, 0), costB = max(units[b].cost, 0)
            if costA != costB { return costA > costB }
            if !units[a].key.utf8.elementsEqual(units[b].key.utf8) {
                return units[a].key.utf8.lexicographicallyPrecedes(units[b].key.utf8)
            }
            return a < b
        }
        var loads = [Int](repeating: 0, count: parts)
        var result = [Int](repeating: 1, count: units.count)
        for unit in order {
            var lightest = 0
            for part in 1..<parts where loads[part] < loads[lightest] { lightest = part }
            let (sum, overflow) = loads[lightest].addingReportingOverflow(max(units[unit].cost, 0))
            loads[lightest] = overflow ? Int.max : sum
            result[unit] = lightest + 1
        }
        return result
    }

    /// Which of `units` this part takes (``partition(_:into:)`` with ``count`` parts), in the order given.
    public func keeps(_ units: [Unit]) -> [Bool] {
        Self.partition(units, into: count).map { $0 == index }
    }
}
