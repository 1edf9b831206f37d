import Basics

/// The note a list of files given one by one deserves.
extension Discovery {
    /// What a list of files plays that its user may not expect (see ``listedFrames(_:)``), in one
    /// line for a note: a file listed twice, an order of its own, names without numbers among
    /// numbered frames. `nil` when the list plays as its names say (or is no list).
    public static func listNote(_ sources: [String]) -> String? {
        // (A GIF source is no list: `try?`. A list that cannot be read failed in the load before.)
        guard let listed = (try? listedFrames(sameFolderSpelling(sources))) ?? nil, listed.count > 1 else { return nil }
        let paths = listed.map(\.path)
        let unnumbered = listed.filter { $0.numberText.isEmpty }.map(\.fileName)
        var said: [String] = []
        if Set(paths).count < paths.count { said.append("a file listed twice is shown twice") }
        let given = sameFolderSpelling(withoutSettings(sources))
        if paths == given && paths != paths.sorted(by: NaturalOrder.areInIncreasingOrder) {
            said.append("the files play in the order listed, not by name")
        }
        // `fx/*.png` over a folder of two sequences: played one after the other, which the folder given would refuse.
        var sequences: [String] = []
        for file in listed where !file.numberText.isEmpty {
            let name = file.directory == "." ? file.prefix : file.directory + "/" + file.prefix
            if !sequences.contains(name) { sequences.append(name) }
        }
        if sequences.count > 1 {
            said.append("the files are frames of \(sequences.count) sequences (\(shortList(sequences))), played one after the other as listed")
        }
        if !unnumbered.isEmpty && unnumbered.count < listed.count && Set(given).count == given.count && isInNameOrder(given) {
            said.append("\(unnumbered.prefix(3).joined(separator: ", "))\(unnumbered.count > 3 ? " and \(unnumbered.count - 3) more" : "") "
                        + "\(unnumbered.count == 1 ? "has" : "have") no frame number: played where listed, the numbered frames by number")
        }
        return said.isEmpty ? nil : said.joined(separator: "; ")
    }
}
