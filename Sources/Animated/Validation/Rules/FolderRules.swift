/// `folder.unreadable`: a folder given that could not be validated — missing, no folder, not
/// readable, or holding nothing to check (``Validator/Error/nothingToCheck(folder:)``). The other
/// folders are still validated and the report written; the finding names the folder and why, and
/// `flipbook validate` exits 3 after writing the report. The folder walk finds it, not a check of a
/// sequence, so ``check(_:config:)`` finds nothing.
public enum FolderUnreadableRule: ValidationRule {
    public static let id = RuleID.folderUnreadable
    public static let title = "Folder given that could not be validated"
    public static let explanation = "A folder given to validate is missing, no folder, not readable, or holds no "
        + "numbered PNG frame and no GIF, APNG or WebP. Fix the path, or give the folder that holds the frames."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] { [] }
}

/// `folder.link-outside`: a symbolic link in a validated folder that leads to a folder outside it
/// (`Assets/usr -> /usr`), or to nothing (`Assets/chars -> ../gone`: moved, or not checked out).
/// The walk does not follow it — validation never reads, nor fails on, files outside the folders
/// it was given — and says so, naming the link and where it leads. Links that stay inside the
/// folder are followed (each folder once, so loops end).
public enum FolderLinkOutsideRule: ValidationRule {
    public static let id = RuleID.folderLinkOutside
    public static let title = "Folder link leading out, not followed"
    public static let explanation = "A symbolic link inside the validated folder points to a folder outside it, or to nothing. "
        + "Its files were not checked: replace the link with the frames themselves, or validate the folder it leads to."
    public static let defaultSeverity = Severity.warning

    /// The finding's words for `link`.
    static func message(_ link: (link: String, target: String)) -> String {
        "\(link.link) is a link to \(link.target), outside the folder validated: not followed"
    }

    /// The finding's words for a link to nothing (`chars -> ../gone`, a target moved or not checked out).
    static func message(_ link: (link: String, target: String, dangling: Bool)) -> String {
        guard link.dangling else { return message((link.link, link.target)) }
        return "\(link.link) is a link to \(link.target), which does not exist: nothing there was checked "
            + "(a moved folder, or one not checked out?)"
    }

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.linksOutside.map { link in
            Problem(message(link), file: link.link)
        }
    }
}

/// `config.not-applied`: a `.flipbook.json` in a folder below the one validated
/// (`Assets/Characters/.flipbook.json` when `Assets` is given). Settings come from each folder
/// given (or `--config`), as `.gitignore` files do not: the files below are checked under the
/// folder given's settings, and this file's keys — right or misspelt — are not read. Said so a CI
/// run is not green under rules the team did not mean; validate that folder too (its files are
/// then checked under its own settings) or move the settings up. The folder walk finds it, not a
/// check of a sequence, so ``check(_:config:)`` finds nothing.
public enum ConfigNotAppliedRule: ValidationRule {
    public static let id = RuleID.configNotApplied
    public static let title = "Settings file below the folder validated, not applied"
    public static let explanation = "A .flipbook.json lies in a folder below the one validated. Settings are read only from "
        + "the folders given, or from a config file given to the run: its files were checked under those settings. Validate that folder too "
        + "(without a config file), or move its settings up."
    public static let defaultSeverity = Severity.warning

    /// The finding's words for the settings file `file` below the folder given `root`.
    static func message(_ file: String, root: String) -> String {
        let folder = FrameFile.directory(of: file)
        return "\(file) is not applied: settings are read from the folders given (\(root)) or from the run's config file, "
            + "never from folders below them; validate \(folder) as well, with no config file for the run, to check its files under it"
    }

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] { [] }
}

/// `config.ignores-all`: a folder given whose every frame and animation the settings' `ignore`
/// globs leave out (`"ignore": ["*"]`, or a glob meant for `*.tmp`): nothing there was checked. A
/// choice, so not an error (a folder of nothing is `folder.unreadable`), but said, so a CI run
/// that checked nothing does not read as a pass of those files. The folder walk finds it, not a
/// check of a sequence, so ``check(_:config:)`` finds nothing.
public enum ConfigIgnoresAllRule: ValidationRule {
    public static let id = RuleID.configIgnoresAll
    public static let title = "Every file of a folder ignored by the settings"
    public static let explanation = "The settings' ignore globs leave out every frame and animation of a folder given: nothing there "
        + "was checked. Narrow the globs, or leave the folder out of the run."
    public static let defaultSeverity = Severity.warning

    /// The finding's words for the folder given `root`, whose `files` files `globs` left out.
    static func message(root: String, files: Int, globs: [String]) -> String {
        "\(root): nothing validated: \(files == 1 ? "its one frame or animation is" : "all \(files) of its frames and animations are") "
            + "ignored by the settings' ignore globs (\(globs.map { "\"\($0)\"" }.joined(separator: ", "))); narrow the globs, "
            + "or leave the folder out of the run"
    }

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] { [] }
}

/// `frame.link-outside`: a frame file (or a GIF, APNG or WebP) in a validated folder that is a
/// symbolic link to a file outside it (`walk/walk3.png -> ../../elsewhere/walk3.png`). It is not read — validation never
/// reads files outside the folders it was given — and every other reader refuses the folder, so
/// it is an error on that file; the rest of the tree is still checked (it made the whole tree one
/// `folder.unreadable`, hiding every other finding). The folder walk finds it, not a check of a
/// sequence, so ``check(_:config:)`` finds nothing.
public enum FrameLinkOutsideRule: ValidationRule {
    public static let id = RuleID.frameLinkOutside
    public static let title = "Frame that links out of the folder"
    public static let explanation = "A frame file is a symbolic link to a file outside the validated folder: it was not read, "
        + "and assemble and sheet refuse the folder. Copy the file into the folder in place of the link."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] { [] }
}

/// `frame.number-too-long`: a PNG whose frame number has more than 18 digits
/// (`cap_1732867200000000000.png`, a nanosecond timestamp), which no reader can order: every other
/// reader refuses its folder, so it is an error on that file, and the rest of the tree is still
/// checked (it made the whole tree one `folder.unreadable`). An `ignore` glob leaves it out. The
/// folder walk finds it, not a check of a sequence, so ``check(_:config:)`` finds nothing.
public enum FrameNumberTooLongRule: ValidationRule {
    public static let id = RuleID.frameNumberTooLong
    public static let title = "Frame number of more than 18 digits"
    public static let explanation = "A frame's number is longer than a frame number may be (a timestamp?): it was not read, "
        + "and assemble and sheet refuse its folder. Number the frames 1, 2, 3… or with fewer digits."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] { [] }
}
