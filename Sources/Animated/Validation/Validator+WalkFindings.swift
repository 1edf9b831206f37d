import Basics

extension Validator {
    /// The findings the folder walk makes for `root`, the folder given `folder` — not checks of a
    /// sequence: files every other reader refuses (a frame linking out, a frame number too long, a
    /// name in a second Unicode normalisation), folder links leading out, settings files below the
    /// folder that are not applied, and a folder whose every file the ignore globs leave out. Each
    /// takes the next report slot, kept or not, so shards number them alike (``ShardPlan``).
    func appendWalkFindings(of root: DistinctFiles.Root, in folder: (folder: String, config: ValidationConfig),
                            to report: inout ValidationReport, slot: inout Int, plan: ShardPlan?) {
        // A file every other reader refuses the folder for (a frame linking out of it, a frame
        // number too long, a name in a second Unicode normalisation), or a folder holding names past
        // the longest path, is not read: said on that file or folder, the rest of the tree checked.
        for problem in root.fileProblems {
            defer { slot += 1 }
            let rule: any ValidationRule.Type = switch problem.error {
            case .frameNumberTooLong: FrameNumberTooLongRule.self
            case .namesDifferInNormalization: NameCaseClashRule.self
            case .unreadableFolder: FolderUnreadableRule.self
            default: FrameLinkOutsideRule.self
            }
            guard plan?.keeps(slot) != false, let severity = folder.config.severity(of: rule) else { continue }
            report.append(Finding(rule: rule.id, severity: severity, message: problem.error.description,
                                  file: problem.path, sequence: FrameFile.directory(of: problem.path)), slot: slot)
        }
        // A folder link leading out, not followed: said on the folder that holds it (it was
        // filed under whichever sequence came first when that folder held none).
        for link in root.leavingLinks {
            defer { slot += 1 }
            guard plan?.keeps(slot) != false, let severity = folder.config.severity(of: FolderLinkOutsideRule.self) else { continue }
            report.append(Finding(rule: .folderLinkOutside, severity: severity, message: FolderLinkOutsideRule.message(link),
                                  file: link.link, sequence: FrameFile.directory(of: link.link)), slot: slot)
        }
        for file in root.nestedSettings {
            defer { slot += 1 }
            guard plan?.keeps(slot) != false, let severity = folder.config.severity(of: ConfigNotAppliedRule.self) else { continue }
            report.append(Finding(rule: .configNotApplied, severity: severity, message: ConfigNotAppliedRule.message(file, root: folder.folder),
                                  file: file, sequence: FrameFile.directory(of: file)), slot: slot)
        }
        if root.allIgnored > 0 {
            if plan?.keeps(slot) != false, let severity = folder.config.severity(of: ConfigIgnoresAllRule.self) {
                let trimmed = Discovery.trimmingSlash(folder.folder)
                report.append(Finding(rule: .configIgnoresAll, severity: severity,
                                      message: ConfigIgnoresAllRule.message(root: trimmed, files: root.allIgnored, globs: folder.config.ignore),
                                      file: trimmed, sequence: trimmed), slot: slot)
            }
            slot += 1
        }
    }
}
