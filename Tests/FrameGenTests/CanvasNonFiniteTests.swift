import Basics
import FrameGen
import Raster
import Testing

/// What the canvas does with geometry that is not finite (documented on `Canvas.fill(_:color:rule:)`
/// and `Canvas.stroke(_:color:style:)`): it draws nothing of it, as Core Graphics ignores it — a
/// fill leaves out the subpath that holds a NaN or infinite point, a stroke the segments that touch
/// one, a NaN width strokes nothing — and the `limits:` variants do the same without throwing (a
/// non-finite value is no limit; callers with untrusted geometry refuse it when they read it, as
/// `Path(svg:)`, scenes and the generators' `settingError` do).
@Suite struct CanvasNonFiniteTests {
    static let square = Path(elements: [.move(Point(1, 1)), .line(Point(5, 1)), .line(Point(5, 5)), .line(Point(1, 5)), .close])
    static let broken = Path(elements: [.move(Point(6, 6)), .line(Point(.nan, 7)), .line(Point(7, .infinity)), .close])

    static func drawn(_ draw: (inout Canvas) throws -> Void) rethrows -> Bitmap {
        var canvas = Canvas(trustedWidth: 8, height: 8)
        try draw(&canvas)
        return canvas.makeBitmap()
    }

    @Test func aFillLeavesOutTheSubpathWithANonFinitePoint() throws {
        var both = Self.square
        both.append(Self.broken)
        let square = Self.drawn { $0.fill(Self.square, color: .black) }
        #expect(square[2, 2].a == 255)
        #expect(Self.drawn { $0.fill(both, color: .black) } == square)
        #expect(try Self.drawn { try $0.fill(both, color: .black, limits: .default) } == square)
        #expect(Self.drawn { $0.fill(Self.broken, color: .black) } == Self.drawn { _ in })
    }

    @Test func aStrokeLeavesOutTheSegmentsThatTouchANonFinitePoint() throws {
        let open = Path(elements: [.move(Point(1, 1)), .line(Point(6, 1)), .line(Point(.nan, 6)), .line(Point(1, .infinity))])
        let finite = Path(elements: [.move(Point(1, 1)), .line(Point(6, 1))])
        let style = StrokeStyle(width: 2)
        #expect(Self.drawn { $0.stroke(open, color: .black, style: style) } == Self.drawn { $0.stroke(finite, color: .black, style: style) })
        #expect(try Self.drawn { try $0.stroke(open, color: .black, style: style, limits: .default) }
            == Self.drawn { $0.stroke(finite, color: .black, style: style) })
    }

    @Test func aNaNWidthStrokesNothing() throws {
        let empty = Self.drawn { _ in }
        #expect(Self.drawn { $0.stroke(Self.square, color: .black, style: StrokeStyle(width: .nan)) } == empty)
        #expect(try Self.drawn { try $0.stroke(Self.square, color: .black, style: StrokeStyle(width: .nan), limits: .default) } == empty)
    }
}
