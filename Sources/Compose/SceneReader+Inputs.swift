import Basics

extension SceneReader {
    /// Records `files` as read for the value at `value` (an image, a sequence's source, a font),
    /// refusing a file whose path is an earlier one's in another Unicode normalisation
    /// (`café/a.png` composed and decomposed): two files on Linux, one on macOS, and one name to
    /// every reader that looks names up as text — refused where they meet, as `assemble` and
    /// `sheet` refuse them. A path read again byte for byte is the same file.
    mutating func read(_ files: [String], for value: InputValue) throws(SceneFileError) {
        for path in files {
            // `./café.png` (an image beside a scene in `.`) and `café.png` (a sequence's frame) are one name.
            let name = InMemoryFile.normalizedName(path)
            if let earlier = spellings[name] {
                guard !earlier.path.utf8.elementsEqual(name.utf8) else {
                    if inputSpellings.insert(NameSpelling.Exact(path)).inserted { inputs.append(path) }
                    continue
                }
                throw .schema(value.invalid(
                    "reads \(path), which \(earlier.key) reads in another Unicode normalisation (\(NameSpelling.spelled(earlier.path)), "
                        + "here \(NameSpelling.spelled(path))): two files on Linux, one on macOS; rename one of them and the name that "
                        + "points to it"))
            }
            spellings[name] = (name, value.path.description)
            inputSpellings.insert(NameSpelling.Exact(path))
            inputs.append(path)
        }
    }
}
