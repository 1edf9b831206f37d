import Foundation

/// Folders of real frames whose numbers collide or are bare, copied into a temporary folder: the
/// cases the frame-number rules are tested on, in the library and through the CLI alike.
public enum FrameNumberFolders {
    /// `Sequences/kenney-robot-walk`: robot_walk0.png … robot_walk7.png.
    public static let robot = Fixtures.repository + "/Sequences/kenney-robot-walk"
    /// 14 frames of pixel art, frame-000.png … frame-013.png.
    public static let fire = Fixtures.path("sequences/ansimuz-fire-bomb-pixel")

    /// The PNG names in `folder` (an absolute path), in name order.
    public static func pngs(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// `PARENT/walk`: the robot's 8 frames, and `extra` (a copy of `robot_walk<copying>.png`)
    /// whose number collides with one of them. Throws when the fixture does not hold 8 frames.
    public static func colliding(in parent: String, extra: String = "robot_walk02.png", copying: Int = 3) throws -> String {
        let folder = parent + "/walk"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = try pngs(in: robot)
        guard names.count == 8 else { throw Missing(folder: robot, found: names.count, expected: 8) }
        for name in names { try FileManager.default.copyItem(atPath: "\(robot)/\(name)", toPath: "\(folder)/\(name)") }
        try FileManager.default.copyItem(atPath: "\(robot)/robot_walk\(copying).png", toPath: "\(folder)/\(extra)")
        return folder
    }

    /// `PARENT/fire`: the fire's 14 frames renamed `1.png` … `14.png`, as ffmpeg names frames.
    public static func bare(in parent: String) throws -> String {
        let folder = parent + "/fire"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = try pngs(in: fire)
        guard names.count == 14 else { throw Missing(folder: fire, found: names.count, expected: 14) }
        for (index, name) in names.enumerated() {
            try FileManager.default.copyItem(atPath: "\(fire)/\(name)", toPath: "\(folder)/\(index + 1).png")
        }
        return folder
    }

    /// A fixture folder that does not hold the frames a helper copies.
    public struct Missing: Error, CustomStringConvertible {
        public var folder: String
        public var found: Int
        public var expected: Int
        public var description: String { "\(folder): \(found) PNGs, \(expected) expected" }
    }
}
