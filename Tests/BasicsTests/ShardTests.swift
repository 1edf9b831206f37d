import Basics
import Testing

/// `K/N` as `--shard` takes it, and the split of units into parts: by cost, the costliest first,
/// the same whatever order the units come in.
@Suite("Shards: K/N and the split by cost")
struct ShardTests {
    @Test(arguments: [("0/3", Shard.Error.indexOutOfRange(index: 0, count: 3)), ("4/3", .indexOutOfRange(index: 4, count: 3)),
                      ("1/0", .countOutOfRange(index: 1, count: 0)), ("a/b", .malformed("a/b")), ("3", .malformed("3")),
                      ("1/2/3", .malformed("1/2/3")), ("", .malformed("")), ("-1/3", .malformed("-1/3")), (" 1/3", .malformed(" 1/3")),
                      ("1/1025", .countOutOfRange(index: 1, count: 1025)),
                      ("1/99999999999999999999999", .numberTooLong("1/99999999999999999999999")),
                      ("99999999999999999999999/3", .numberTooLong("99999999999999999999999/3"))])
    func refusesWhatIsNoPartOfN(text: String, expected: Shard.Error) {
        #expect(throws: expected) { try Shard(parsing: text) }
    }

    @Test func readsKOfN() throws {
        let shard = try Shard(parsing: "2/3")
        #expect(shard.index == 2 && shard.count == 3 && shard.description == "2/3")
        #expect(try Shard(parsing: "1/1") == Shard(1, of: 1))
        #expect(Shard.Error.indexOutOfRange(index: 0, count: 3).description.contains("1/3 … 3/3"))
        #expect(Shard.Error.malformed("a/b").description.contains("such as 2/3"))
        #expect(Shard.Error.numberTooLong("1/99999999999999999999").description
            == "shard \"1/99999999999999999999\": the number of parts is 1 to 1024")
        #expect(Shard.Error.numberTooLong("99999999999999999999/3").description.hasSuffix("parts are numbered from 1 to the number of parts"))
    }

    /// Longest first into the lightest part: 9 → 1, 7 → 2, 5 → 3, 4 → 3 (5 is the lightest), 3 → 2, 3 → 1 …
    @Test func placesTheCostliestFirstIntoTheLightestPart() {
        let units = [("a", 3), ("b", 9), ("c", 5), ("d", 7), ("e", 4), ("f", 3)].map { Shard.Unit(key: $0.0, cost: $0.1) }
        let parts = Shard.partition(units, into: 3)
        // b(9)→1, d(7)→2, c(5)→3, e(4)→3 (9), a(3)→2 (10), f(3)→1 (12): equal costs in key order.
        #expect(parts == [2, 1, 3, 2, 3, 1])
        var loads = [0, 0, 0]
        for (unit, part) in zip(units, parts) { loads[part - 1] += unit.cost }
        #expect(loads.max()! - loads.min()! <= units.map(\.cost).max()!)
    }

    /// The split names units by key and cost only: listed in another order, each unit goes to the same part.
    @Test(arguments: [1, 3, 7])
    func doesNotDependOnTheOrderUnitsAreListedIn(count: Int) {
        let units = (0..<40).map { Shard.Unit(key: "folder\($0)", cost: ($0 * 7919) % 1000 + ($0 % 3 == 0 ? 500 : 0)) }
        let parts = Shard.partition(units, into: count)
        var generator = SeededGenerator(seed: UInt64(count))
        let shuffled = units.shuffled(using: &generator)
        let again = Shard.partition(shuffled, into: count)
        for (unit, part) in zip(shuffled, again) { #expect(parts[units.firstIndex(of: unit)!] == part) }
        #expect(Set(parts) == Set(1...count), "every part gets work when there are more units than parts")
        var loads = [Int](repeating: 0, count: count)
        for (unit, part) in zip(units, parts) { loads[part - 1] += unit.cost }
        #expect(loads.max()! - loads.min()! <= units.map(\.cost).max()!)
    }

    @Test func keepsIsThisPartsShareOfThePartition() throws {
        let units = (0..<10).map { Shard.Unit(key: "\($0)", cost: $0) }
        let all = Shard.partition(units, into: 3)
        for index in 1...3 {
            #expect(try Shard(index, of: 3).keeps(units) == all.map { $0 == index })
        }
        #expect(Shard.partition([], into: 5).isEmpty)
        #expect(Shard.partition(units, into: 0) == [Int](repeating: 1, count: 10), "0 parts is taken as 1")
    }
}

/// SplitMix64: a shuffle the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
