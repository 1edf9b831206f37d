import Basics
import Foundation

/// The bits of Apple's XML property lists that SpriteKit's and Cocos2d's atlases share: the
/// document frame, escaped strings, and the `"{x,y}"` / `"{{x,y},{w,h}}"` geometry strings.
enum PlistText {
    /// The lines before the root dictionary's keys.
    static let header = [
        #"<?xml version="1.0" encoding="UTF-8"?>"#,
        #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
        #"<plist version="1.0">"#, "<dict>",
    ]
    /// The lines after them.
    static let footer = ["</dict>", "</plist>"]

    /// `text` safe inside `<string>` or `<key>`.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A value given doubled (to stay in integers), written as a whole number or with one decimal.
    static func half(_ doubled: Int) -> String {
        doubled % 2 == 0 ? String(doubled / 2) : String(format: "%.1f", Double(doubled) / 2)
    }

    /// The numbers in "{1,2}" or "{{1,2},{3,4}}", when there are exactly `count` (and each is a
    /// finite number of magnitude under 10⁹, so converting it to `Int` cannot trap).
    static func numbers(_ value: Any?, count: Int) -> [Double]? {
        guard let text = value as? String else { return nil }
        let parts = text.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
        return parts.count == count && parts.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) ? parts : nil
    }

    /// The centre of a trimmed region relative to the centre of its source, y up, doubled:
    /// what SpriteKit and Cocos2d call `spriteOffset` (written with ``half(_:)``).
    static func doubledOffset(_ sprite: SpriteSheet.Sprite) -> (x: Int, y: Int) {
        let s = sprite.spriteSourceSize
        return (2 * s.x + s.width - sprite.sourceWidth, sprite.sourceHeight - (2 * s.y + s.height))
    }

    /// The trimmed rectangle's top-left inside its source, from a `spriteOffset` (y up, from the
    /// centre) and the sizes: the inverse of ``doubledOffset(_:)``.
    static func trimOrigin(offset: [Double], size: (Double, Double), source: (Double, Double)) -> (x: Int, y: Int) {
        (Int(((source.0 - size.0) / 2 + offset[0]).rounded()), Int(((source.1 - size.1) / 2 - offset[1]).rounded()))
    }

    /// The numbers of a geometry string at `value` (`shape` is its form, `{w,h}` or
    /// `{{x,y},{w,h}}`), or an error naming the key.
    static func geometry(_ value: InputValue, count: Int, shape: String) throws(SchemaError) -> [Double] {
        let text = try value.string()
        guard let numbers = numbers(text, count: count) else {
            throw SchemaError(file: value.file, path: value.path, problem: .invalid(reason: "expected \"\(shape)\" (numbers under 10⁹)"),
                              found: InputPath.quote(text))
        }
        return numbers
    }

    /// Refuses sizes under a pixel and negative places in `numbers` (read from `value`): `sizes`
    /// are the indices holding widths and heights.
    static func requireGeometry(_ numbers: [Double], sizes: [Int], at value: InputValue) throws(SchemaError) {
        for (index, number) in numbers.enumerated() where sizes.contains(index) ? number < 1 : number < 0 {
            throw SchemaError(file: value.file, path: value.path,
                              problem: .outOfRange(requirement: "places must not be negative and sizes must be at least 1 pixel"),
                              found: value.value as? String)
        }
    }

    /// The root of a property list, as a dictionary (read as `InputValue.propertyList` reads it,
    /// so a binary list goes through Flipbook's bounded reader, never Foundation's).
    static func dictionary(_ bytes: [UInt8]) -> [String: Any]? {
        (try? InputValue.propertyList(bytes, file: "sheet.plist"))?.value as? [String: Any]
    }
}
