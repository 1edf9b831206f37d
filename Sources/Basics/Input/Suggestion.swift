/// The "did you mean" of an input error: the known name nearest to one that is not known.
///
/// Names are compared by Damerau–Levenshtein distance (the optimal-string-alignment variant: an
/// insertion, deletion, substitution or swap of two neighbours costs 1), ignoring case. A name is
/// suggested only when it is close: within 1 edit for names of up to 5 characters, 2 up to 8, and 3
/// beyond — so `sevreity` finds `severity`, `colour` finds `color`, and `fps` never finds `name`.
public enum Suggestion {
    /// The Damerau–Levenshtein (optimal string alignment) distance between `a` and `b`, ignoring
    /// case; two names that differ only in case are 1 apart.
    public static func distance(_ a: String, _ b: String) -> Int {
        guard a != b else { return 0 }
        let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
        if x == y { return 1 }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        // Three rows suffice: the swap looks two rows back.
        var before = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { best = min(best, before[j - 2] + 1) }
                current[j] = best
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[y.count]
    }

    /// The most edits a suggestion for `name` may be away from it.
    public static func threshold(for name: String) -> Int {
        switch name.count {
        case ...5: 1
        case ...8: 2
        default: 3
        }
    }

    /// The candidate nearest to `name`, or `nil` when none is close enough. A candidate spelt the
    /// same but for case wins (`easeineaseout` → `easeInEaseOut`); then one a single edit away
    /// (`durations` → `duration`); then one that holds all of
    /// `name`'s letters in order, case aside, and at most twice as many (`easeinout` →
    /// `easeInEaseOut`, not `easeOut`), the shortest first; then the one nearest within
    /// ``threshold(for:)`` (of the longer of the two). Ties go to a name in `preferring` (say, the
    /// known keys an object lacks), then to the earlier candidate.
    public static func nearest(to name: String, among candidates: some Sequence<String>, preferring: Set<String> = []) -> String? {
        let candidates = Array(candidates)
        let lowered = Array(name.lowercased().unicodeScalars)
        if let same = candidates.first(where: { $0 != name && Array($0.lowercased().unicodeScalars) == lowered }) { return same }
        // One edit away (`durations` → `duration`, not `frameDurations`, which holds its letters too).
        let oneEdit = candidates.filter { $0 != name && distance(name, $0) == 1 }
        if let near = oneEdit.first(where: preferring.contains) ?? oneEdit.first { return near }
        if lowered.count >= 4 {
            var best: (name: String, length: Int, preferred: Bool)?
            for candidate in candidates where candidate != name {
                let letters = Array(candidate.lowercased().unicodeScalars)
                guard letters.count > lowered.count, letters.count <= 2 * lowered.count, Self.holdsInOrder(lowered, letters) else { continue }
                let preferred = preferring.contains(candidate)
                if let current = best, (current.length, current.preferred ? 0 : 1) <= (letters.count, preferred ? 0 : 1) { continue }
                best = (candidate, letters.count, preferred)
            }
            if let best { return best.name }
        }
        var best: (name: String, distance: Int, preferred: Bool)?
        for candidate in candidates where candidate != name {
            let limit = threshold(for: name.count >= candidate.count ? name : candidate)
            // The distance is at least the difference in length: a long hostile key costs nothing.
            guard abs(name.unicodeScalars.count - candidate.unicodeScalars.count) <= limit else { continue }
            let d = distance(name, candidate)
            guard d <= limit else { continue }
            let preferred = preferring.contains(candidate)
            if let current = best, (current.distance, current.preferred ? 0 : 1) <= (d, preferred ? 0 : 1) { continue }
            best = (candidate, d, preferred)
        }
        return best?.name
    }

    /// Whether `letters` holds every one of `part`, in order (other letters between them).
    private static func holdsInOrder(_ part: [Unicode.Scalar], _ letters: [Unicode.Scalar]) -> Bool {
        var next = part.startIndex
        for letter in letters where next < part.endIndex && letter == part[next] { next += 1 }
        return next == part.endIndex
    }
}
