import Basics
import Foundation

/// Why SVG path data could not be read: the offset (in UTF-8 bytes) and what was expected there.
public struct SVGPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the data, in UTF-8 bytes.
    public var offset: Int
    /// What was expected there.
    public var message: String
    /// The resource limit the data went over, when that is the reason.
    public var limit: LimitError?

    /// An error at `offset`.
    public init(offset: Int, message: String, limit: LimitError? = nil) {
        self.offset = offset
        self.message = message
        self.limit = limit
    }

    /// `SVG path data, byte 12: expected a number`.
    public var description: String { "SVG path data, byte \(offset): \(message)" }
}

extension Path {
    /// Parses SVG 1.1 path data: `M L H V Q T C S A Z` in absolute and relative form, implicit
    /// repeated commands (extra pairs after `M` are line-tos), and the SVG number grammar
    /// (`M10-5.5.5` is three numbers: 10, −5.5, .5; exponents allowed; arc flags may be written
    /// without separators, `a1 1 0 01 1 1`).
    ///
    /// Data of more than `limits.maxPathSegments` segments is refused (an arc counts as the up to
    /// four cubics it becomes).
    public init(svg data: String, limits: ResourceLimits = .default) throws(SVGPathError) {
        var parser = SVGPathParser(Array(data.utf8), maxSegments: limits.maxPathSegments)
        self = try parser.parse()
    }

    /// The path as SVG path data in absolute commands (`M L Q C Z`), numbers in their shortest
    /// exact form. Arcs come out as the cubic Béziers the path stores.
    public var svgData: String {
        var parts: [String] = []
        func number(_ value: Double) -> String {
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            return "\(value)"
        }
        func point(_ p: Point) -> String { number(p.x) + " " + number(p.y) }
        for element in elements {
            switch element {
            case .move(let p): parts.append("M" + point(p))
            case .line(let p): parts.append("L" + point(p))
            case .quad(let p, let c): parts.append("Q" + point(c) + " " + point(p))
            case .cubic(let p, let c1, let c2): parts.append("C" + point(c1) + " " + point(c2) + " " + point(p))
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}

/// A recursive-descent reader of SVG path data over UTF-8 bytes.
struct SVGPathParser {
    let bytes: [UInt8]
    let maxSegments: Int
    var index = 0

    init(_ bytes: [UInt8], maxSegments: Int = ResourceLimits.default.maxPathSegments) {
        self.bytes = bytes
        self.maxSegments = maxSegments
    }

    mutating func parse() throws(SVGPathError) -> Path {
        var path = Path()
        var command: UInt8 = 0
        // The reflected control point for S/T, valid only right after C/S resp. Q/T.
        var lastCubicControl: Point?
        var lastQuadControl: Point?
        skipSeparators()
        guard index < bytes.count else { return path }
        while true {
            skipSeparators()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            let commandStart = index
            let elementsBefore = path.elements.count
            if Self.isCommand(byte) {
                if path.isEmpty, byte | 0x20 != UInt8(ascii: "m") { throw error("path data must start with M or m") }
                command = byte
                index += 1
            } else if command == 0 {
                throw error("expected a command (M, L, H, V, Q, T, C, S, A or Z)")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw error("expected a command after Z")
            }
            let active = command
            // `M` followed by more pairs repeats as `L` (`m` as `l`).
            let relative = command >= UInt8(ascii: "a")
            let origin = relative ? (path.currentPoint ?? .zero) : .zero
            func abs(_ p: Point) -> Point { relative ? origin + p : p }
            var cubicControl: Point?
            var quadControl: Point?
            switch command | 0x20 {
            case UInt8(ascii: "m"):
                path.move(to: abs(try pair()))
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "l"):
                path.line(to: abs(try pair()))
            case UInt8(ascii: "h"):
                let x = try number()
                let current = path.currentPoint ?? .zero
                path.line(to: Point(relative ? current.x + x : x, current.y))
            case UInt8(ascii: "v"):
                let y = try number()
                path.line(to: Point((path.currentPoint ?? .zero).x, relative ? origin.y + y : y))
            case UInt8(ascii: "q"):
                let c = abs(try pair()), p = abs(try pair())
                path.quad(to: p, control: c)
                quadControl = c
            case UInt8(ascii: "t"):
                let current = path.currentPoint ?? .zero
                let c = lastQuadControl.map { current + (current - $0) } ?? current
                let p = abs(try pair())
                path.quad(to: p, control: c)
                quadControl = c
            case UInt8(ascii: "c"):
                let c1 = abs(try pair()), c2 = abs(try pair()), p = abs(try pair())
                path.curve(to: p, control1: c1, control2: c2)
                cubicControl = c2
            case UInt8(ascii: "s"):
                let current = path.currentPoint ?? .zero
                let c1 = lastCubicControl.map { current + (current - $0) } ?? current
                let c2 = abs(try pair()), p = abs(try pair())
                path.curve(to: p, control1: c1, control2: c2)
                cubicControl = c2
            case UInt8(ascii: "a"):
                let rx = try number(), ry = try number(), rotation = try number()
                let large = try flag(), sweep = try flag()
                let p = abs(try pair())
                path.arc(to: p, radii: Point(rx, ry), rotation: rotation, largeArc: large, sweep: sweep)
            case UInt8(ascii: "z"):
                path.close()
            default:
                throw error("unknown command")
            }
            // Numbers are finite, but what a command computes from them may not be: relative
            // steps summing past ±1.8e308, S/T mirroring a huge control point, an arc's cubics.
            if path.elements[elementsBefore...].contains(where: { !$0.isFinite }) {
                throw SVGPathError(offset: commandStart, message: "the \(Character(Unicode.Scalar(active))) command here computes a point beyond ±1.8e308 "
                                   + "(relative steps or a mirrored control point add up past the largest number)")
            }
            lastCubicControl = cubicControl
            lastQuadControl = quadControl
            if path.elements.count > maxSegments {
                let limit = LimitError(limit: .pathSegments, subject: "path data", amount: nil,
                                       maximum: maxSegments)
                throw SVGPathError(offset: index, message: limit.description, limit: limit)
            }
        }
        return path
    }

    static func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "q"),
             UInt8(ascii: "t"), UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    func error(_ message: String) -> SVGPathError { SVGPathError(offset: index, message: message) }

    mutating func skipSeparators() {
        var comma = false
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: index += 1
            case UInt8(ascii: ","):
                if comma { return }
                comma = true
                index += 1
            default: return
            }
        }
    }

    mutating func pair() throws(SVGPathError) -> Point {
        let x = try number()
        let y = try number()
        return Point(x, y)
    }

    mutating func flag() throws(SVGPathError) -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw error("expected an arc flag, 0 or 1")
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// `sign? (digits ('.' digits?)? | '.' digits) (('e'|'E') sign? digits)?`
    mutating func number() throws(SVGPathError) -> Double {
        skipSeparators()
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = start
            throw error("expected a number")
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { index = mark }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            throw error("number out of range")
        }
        return value
    }
}
