/// Names that are one file on macOS and Windows: a case-insensitive file system (and APFS, which
/// also ignores Unicode normalisation) takes `NOTES.png` and `notes.png`, or `café.png` spelled
/// with U+00E9 and with `e` + U+0301, for one name. Linux keeps both, so a check of the exact
/// name alone let an output replace the user's file there without a word (round 65b #4).
extension OutputSet {
    /// The user's file in `path`'s folder that is one file with `path` on macOS or Windows and is
    /// not `path` byte for byte (its case or its normalisation differ), when there is one and
    /// Flipbook did not write it. The folder is listed once a set.
    func twin(of path: String) -> String? {
        let folder = FileIO.parentDirectory(of: path), name = FileIO.lastComponent(of: path)
        let names: [String: [String]] = lock.withLock {
            if let names = foldedNames[folder] { return names }
            let entries = (try? FileIO.entries(of: folder)) ?? []
            // Swift's String hashing and == follow canonical equivalence: one key for both normalisations.
            let names = Dictionary(grouping: entries) { $0.lowercased() }
            foldedNames[folder] = names
            return names
        }
        guard let other = names[name.lowercased()]?.first(where: { !$0.utf8.elementsEqual(name.utf8) }),
              ledger(folder).holder(of: other) == nil else { return nil }
        guard path.contains("/") else { return other }
        return folder.hasSuffix("/") ? folder + other : folder + "/" + other
    }
}
