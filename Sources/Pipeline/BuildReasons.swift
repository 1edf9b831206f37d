import Basics

/// Why a target must be built, as a build's report says it: what changed since the target's last
/// build recorded (`BuildState.TargetRecord`).
enum BuildReasons {
    /// How many changed inputs, and how many missing or changed outputs, are named one by one; the
    /// rest are counted (a target of 241 frames whose folder was emptied said "is missing" 241 times).
    static let named = 3

    /// The reasons: empty when `record` still holds for the target's `key`, `tool`, `settings` and
    /// `inputs`, and `outputs` (a path's file now, `nil` when missing) are as written. An input no
    /// longer read that `exists` is said as such (the target reads another file now), not as removed;
    /// one read since its settings changed, as read now, not as added. Outputs missing or changed
    /// in a folder whose commit was `interrupted` (asked only then: a build killed while it renamed
    /// them) are said as that, not one by one as the user's doing.
    static func of(record: BuildState.TargetRecord?, key: String, tool: String, settings: String,
                   inputs: [String: BuildState.FileRecord], outputs: (String) -> BuildState.FileRecord?, exists: (String) -> Bool,
                   interrupted: (_ folders: Set<String>) -> Bool) -> [String] {
        guard let record else { return ["never built"] }
        var reasons: [String] = []
        // Byte for byte: a prefix respelt from composed to decomposed (`café`) names other files,
        // a change of settings, though the two are one text to `String ==`.
        let settingsChanged = !record.settings.utf8.elementsEqual(settings.utf8)
        if record.tool != tool { reasons.append("the tool changed") }
        if settingsChanged { reasons.append("its settings changed") }
        var changes: [String] = []
        for path in Set(record.inputs.keys).union(inputs.keys).sorted() {
            switch (record.inputs[path], inputs[path]) {
            case (nil, _?): changes.append(settingsChanged ? "reads \(path) now" : "\(path) added")
            case (_?, nil): changes.append(exists(path) ? "no longer reads \(path)" : "\(path) removed")
            case (let old?, let new?) where old.sha256 != new.sha256: changes.append("\(path) changed")
            default: break
            }
        }
        reasons += changes.prefix(named)
        if changes.count > named { reasons.append(more(changes.count - named, "input", "changed", "changed")) }
        var missing: [String] = [], edited: [String] = []
        for path in record.outputs.keys.sorted() {
            guard let now = outputs(path) else { missing.append(path); continue }
            if now.sha256 != record.outputs[path]!.sha256 { edited.append(path) }
        }
        if !(missing + edited).isEmpty, interrupted(Set((missing + edited).map(FileIO.parentDirectory(of:)))) {
            missing = []
            edited = []
            reasons.append("its last build was interrupted while it replaced its outputs")
        }
        reasons += missing.prefix(named).map { "\($0) is missing" }
        if missing.count > named { reasons.append(more(missing.count - named, "output", "is missing", "are missing")) }
        reasons += edited.prefix(named).map { "\($0) was changed since it was built" }
        if edited.count > named { reasons.append(more(edited.count - named, "output", "was changed since it was built", "were changed since they were built")) }
        if reasons.isEmpty, record.key != key { reasons.append("its inputs changed") }
        return reasons
    }

    /// `1 more output is missing`, `5 more outputs are missing`.
    private static func more(_ count: Int, _ noun: String, _ one: String, _ many: String) -> String {
        count == 1 ? "1 more \(noun) \(one)" : "\(count) more \(noun)s \(many)"
    }
}
