import Basics
import Foundation

/// How a validation run is split into shards (`Validator.shard`): the units that stay together,
/// their costs, and which slots of the whole run this part keeps.
///
/// A unit is a folder of sequences within a validated folder (a folder's sequences share its
/// `sequence.json` and a highlighted sequence, so they are checked together), a lone animation, or
/// a validated folder that could not be read. Its cost is the bytes of its files plus
/// ``perFileCost`` for each (reading a header costs something however small the file); the units
/// are split by `Shard.partition`. Every part computes the same units from the same listing, so the
/// split does not depend on the machine or the order a folder lists its files in.
struct ShardPlan {
    /// What reading one more file costs beside its bytes: a few system calls and a header.
    static let perFileCost = 4096

    let shard: Shard
    /// Slot → whether this part validates it.
    private var kept: [Bool] = []
    /// Files of the kept slots (for progress).
    private(set) var fileCount = 0
    /// A digest of every unit's key and cost: parts of one split have the same.
    private(set) var digest = ""

    init(_ roots: [DistinctFiles.Root], shard: Shard) {
        self.shard = shard
        var units: [Shard.Unit] = []
        var unitSlots: [[Int]] = []
        var unitFiles: [Int] = []
        var slot = 0
        for root in roots {
            if root.error != nil {
                units.append(Shard.Unit(key: "unreadable:\(slot)", cost: 0))
                unitSlots.append([slot])
                unitFiles.append(0)
                slot += 1
                continue
            }
            // One unit per folder, in the order its first sequence comes.
            var byFolder: [String: Int] = [:]
            for sequence in FrameSequence.group(root.frames) {
                let cost = sequence.files.reduce(0) { $0 + (FileIO.regularFileSize($1.path) ?? 0) + Self.perFileCost }
                if let unit = byFolder[sequence.directory] {
                    units[unit].cost += cost
                    unitSlots[unit].append(slot)
                    unitFiles[unit] += sequence.files.count
                } else {
                    byFolder[sequence.directory] = units.count
                    units.append(Shard.Unit(key: sequence.directory, cost: cost))
                    unitSlots.append([slot])
                    unitFiles.append(sequence.files.count)
                }
                slot += 1
            }
            for path in root.animations {
                units.append(Shard.Unit(key: path, cost: (FileIO.regularFileSize(path) ?? 0) + Self.perFileCost))
                unitSlots.append([slot])
                unitFiles.append(1)
                slot += 1
            }
            // A file not read (a link out, a number too long) and a folder link not followed: a
            // finding of its own each, read by no part.
            for path in root.fileProblems.map(\.path) + root.leavingLinks.map(\.link) + root.nestedSettings {
                units.append(Shard.Unit(key: "unread:" + path, cost: Self.perFileCost))
                unitSlots.append([slot])
                unitFiles.append(0)
                slot += 1
            }
            if root.allIgnored > 0 {   // `config.ignores-all`: a finding of its own, read by no part
                units.append(Shard.Unit(key: "ignored:\(slot)", cost: Self.perFileCost))
                unitSlots.append([slot])
                unitFiles.append(0)
                slot += 1
            }
        }
        kept = [Bool](repeating: false, count: slot)
        for (index, part) in Shard.partition(units, into: shard.count).enumerated() where part == shard.index {
            for slot in unitSlots[index] { kept[slot] = true }
            fileCount += unitFiles[index]
        }
        var hash = StableHash()
        hash.add("\(shard.count)")
        for unit in units { hash.add(unit.key); hash.add("\(unit.cost)") }
        for slots in unitSlots { hash.add(slots.map(String.init).joined(separator: ",")) }
        digest = hash.hex
    }

    /// Whether this part validates `slot`.
    func keeps(_ slot: Int) -> Bool { slot >= 0 && slot < kept.count && kept[slot] }
}

/// What a shard's report carries beside its findings: which part, the split's digest, and the
/// settings the part ran with (merged parts must agree on all of them).
struct ShardContext: Sendable {
    var shard: Shard
    var plan: String
    var settings: [String: String]
}

/// FNV-1a, 64 bits, over length-prefixed strings: the same digest on every machine and run
/// (Swift's `Hasher` is seeded per process). It tells splits apart; it is no security.
struct StableHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in Array("\(text.utf8.count):".utf8) + Array(text.utf8) {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01B3
        }
    }

    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Validator {
    /// The settings a shard's report names, each as text, for ``MergedReport`` to compare: the
    /// folders as given, `deep`, `uikit`, the pixel limit, and each folder's settings (its
    /// `.flipbook.json`, with `uikit`) as sorted JSON.
    func shardSettings(_ folders: [(folder: String, config: ValidationConfig)]) -> [String: String] {
        var settings = ["folders": folders.map(\.folder).joined(separator: "\n"), "deep": "\(deep)", "maxPixels": "\(decoder.maxPixels)",
                        "uikit": "\(config.uikit)"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (index, folder) in folders.enumerated() {
            let text = (try? encoder.encode(folder.config)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
            settings["config of \(folder.folder)" + (folders.prefix(index).contains { $0.folder == folder.folder } ? " (\(index + 1))" : "")] = text
        }
        return settings
    }
}
