import Raster
import Testing
@testable import FrameGen

/// Point checks in the style of the WPT canvas tests: exact values inside, outside and on edges.
@Suite("Rasterizer and canvas")
struct RasterizerTests {
    func pixel(_ canvas: Canvas, _ x: Int, _ y: Int) -> Color { canvas.makeBitmap()[x, y] }

    @Test("a pixel-aligned rectangle covers exactly its pixels")
    func alignedRectangle() {
        var canvas = Canvas(trustedWidth: 10, height: 10)
        canvas.fill(rect: 2, 3, 4, 5, color: Color(r: 255, g: 0, b: 0))
        let bitmap = canvas.makeBitmap()
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect(bitmap[x, y].a == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test("half-pixel edges give half coverage", arguments: [0.25, 0.5, 0.75])
    func fractionalEdge(_ fraction: Double) {
        var canvas = Canvas(trustedWidth: 4, height: 4)
        canvas.fill(rect: 1 + fraction, 0, 2, 4, color: .black)
        let bitmap = canvas.makeBitmap()
        #expect(Int(bitmap[1, 2].a) == Int(((1 - fraction) * 255).rounded()))
        #expect(bitmap[2, 2].a == 255)
        #expect(Int(bitmap[3, 2].a) == Int((fraction * 255).rounded()))
        #expect(bitmap[0, 2].a == 0)
    }

    @Test("abutting shapes leave no seam: their coverages sum to full, and as one path the edge vanishes")
    func noSeams() {
        let upper = Path(elements: [.move(Point(0.3, 0.1)), .line(Point(19.7, 0.4)), .line(Point(0.6, 19.8)), .close])
        let lower = Path(elements: [.move(Point(19.7, 0.4)), .line(Point(19.9, 19.6)), .line(Point(0.6, 19.8)), .close])
        var first = Canvas(trustedWidth: 20, height: 20), second = Canvas(trustedWidth: 20, height: 20)
        first.fill(upper, color: .black)
        second.fill(lower, color: .black)
        var both = Canvas(trustedWidth: 20, height: 20)
        var union = upper
        union.append(lower)
        both.fill(union, color: .black)
        for i in 1..<19 {
            let (x, y) = (i, 19 - i)
            let sum = Int(first.makeBitmap()[x, y].a) + Int(second.makeBitmap()[x, y].a)
            #expect(abs(sum - 255) <= 1, "diagonal pixel \(i): \(sum)")
            #expect(both.makeBitmap()[x, y].a == 255, "diagonal pixel \(i) of the single path")
        }
    }

    @Test("nonzero keeps overlapping same-direction contours, even-odd makes a hole")
    func fillRules() throws {
        let path = try Path(svg: "M0 0 H10 V10 H0 Z M2 2 H8 V8 H2 Z")
        var nonzero = Canvas(trustedWidth: 10, height: 10)
        nonzero.fill(path, color: .black, rule: .nonzero)
        var evenodd = Canvas(trustedWidth: 10, height: 10)
        evenodd.fill(path, color: .black, rule: .evenodd)
        #expect(pixel(nonzero, 5, 5).a == 255)
        #expect(pixel(evenodd, 5, 5).a == 0)
        #expect(pixel(evenodd, 1, 1).a == 255)
        // Opposite directions cancel under nonzero too.
        let opposite = try Path(svg: "M0 0 H10 V10 H0 Z M2 2 V8 H8 V2 Z")
        var canvas = Canvas(trustedWidth: 10, height: 10)
        canvas.fill(opposite, color: .black)
        #expect(pixel(canvas, 5, 5).a == 0)
    }

    @Test("shapes partly or wholly outside the canvas, and non-finite points, are clipped safely")
    func outside() throws {
        var canvas = Canvas(trustedWidth: 8, height: 8)
        canvas.fill(rect: -100, -100, 104, 1000, color: .black)
        canvas.fill(rect: 50, 50, 10, 10, color: .white)
        canvas.fill(Path(elements: [.move(Point(0, 0)), .line(Point(.infinity, 3)), .line(Point(3, .nan)), .close]), color: .white)
        let bitmap = canvas.makeBitmap()
        #expect(bitmap[3, 7].a == 255 && bitmap[4, 0].a == 0)
    }

    @Test("a 1-unit line centred on a pixel row is one solid row; on a boundary, two half rows")
    func thinLines() throws {
        var centred = Canvas(trustedWidth: 10, height: 10)
        centred.stroke(try Path(svg: "M0 4.5 H10"), color: .black)
        #expect(pixel(centred, 5, 4).a == 255 && pixel(centred, 5, 3).a == 0 && pixel(centred, 5, 5).a == 0)
        var boundary = Canvas(trustedWidth: 10, height: 10)
        boundary.stroke(try Path(svg: "M0 5 H10"), color: .black)
        #expect(pixel(boundary, 5, 4).a == 128 && pixel(boundary, 5, 5).a == 128)
    }

    @Test("caps: butt ends at the point, square and round reach half the width beyond")
    func caps() throws {
        for cap in LineCap.allCases {
            var canvas = Canvas(trustedWidth: 30, height: 10)
            canvas.stroke(try Path(svg: "M10 5 H20"), color: .black, style: StrokeStyle(width: 6, cap: cap))
            let beyond = pixel(canvas, 21, 5).a, corner = pixel(canvas, 22, 7).a
            switch cap {
            case .butt: #expect(beyond == 0)
            case .square: #expect(beyond == 255 && corner == 255)
            case .round: #expect(beyond == 255 && corner < 255)
            }
        }
    }

    @Test("zero-length subpaths: a dot with round caps, an axis-aligned square with square caps (SVG 2), nothing with butt")
    func degenerate() throws {
        for cap in LineCap.allCases {
            var canvas = Canvas(trustedWidth: 20, height: 20)
            canvas.stroke(try Path(svg: "M10 10 L10 10"), color: .black, style: StrokeStyle(width: 8, cap: cap))
            #expect(pixel(canvas, 10, 10).a == (cap == .butt ? 0 : 255))
            #expect(pixel(canvas, 6, 6).a == (cap == .square ? 255 : 0), "\(cap)")
        }
    }

    @Test("miter limit: a sharp corner is mitred under the limit, bevelled over it")
    func miterLimit() throws {
        // A 60° corner: miter ratio 1/sin(30°) = 2.
        let path = try Path(svg: "M0 40 L20 5.359 L40 40")
        var mitred = Canvas(trustedWidth: 40, height: 45)
        mitred.stroke(path, color: .black, style: StrokeStyle(width: 4, miterLimit: 2.01))
        var bevelled = Canvas(trustedWidth: 40, height: 45)
        bevelled.stroke(path, color: .black, style: StrokeStyle(width: 4, miterLimit: 1.99))
        // The miter tip reaches 4 units above the vertex; the bevel stops about 1 above it.
        #expect(pixel(mitred, 20, 2).a > 128)
        #expect(pixel(bevelled, 20, 2).a == 0)
    }

    @Test("a translucent self-overlapping stroke is painted once, not twice where it crosses")
    func strokeUnion() throws {
        var canvas = Canvas(trustedWidth: 40, height: 40)
        canvas.stroke(try Path(svg: "M5 20 H35 M20 5 V35"), color: Color(r: 0, g: 0, b: 0, a: 128), style: StrokeStyle(width: 6))
        #expect(pixel(canvas, 20, 20).a == pixel(canvas, 10, 20).a)
    }

    @Test("clip, save/restore and transforms")
    func stateAndClip() throws {
        var canvas = Canvas(trustedWidth: 20, height: 20)
        canvas.saveState()
        canvas.clip(to: Path(rect: 0, 0, 10, 20))
        canvas.fill(rect: 0, 0, 20, 20, color: .black)
        canvas.restoreState()
        #expect(pixel(canvas, 5, 5).a == 255 && pixel(canvas, 15, 5).a == 0)
        canvas.translateBy(x: 10, y: 10)
        canvas.scaleBy(x: 2, y: 2)
        canvas.fill(rect: 0, 0, 2, 2, color: .white)
        #expect(pixel(canvas, 13, 13) == .white && pixel(canvas, 14, 14).a == 0)
        // A quarter turn (clockwise on screen) takes +x to +y.
        var turned = Canvas(trustedWidth: 20, height: 20)
        turned.translateBy(x: 10, y: 10)
        turned.rotate(by: Double.pi / 2)
        turned.fill(rect: 0, 0, 5, 2, color: .black)
        #expect(pixel(turned, 9, 12).a == 255 && pixel(turned, 12, 9).a == 0 && pixel(turned, 11, 12).a == 0)
    }

    @Test("@2x canvases draw points as two pixels; bitmaps keep their point size")
    func scale() throws {
        var canvas = Canvas(trustedWidth: 10, height: 10, scale: 2)
        #expect(canvas.pixelWidth == 20)
        canvas.fill(rect: 1, 1, 1, 1, color: .black)
        #expect(pixel(canvas, 2, 2).a == 255 && pixel(canvas, 3, 3).a == 255 && pixel(canvas, 4, 4).a == 0)
        var image = Bitmap(clearWidth: 4, height: 4, scale: 2)  // 2×2 points
        for y in 0..<4 { for x in 0..<4 { image[x, y] = .white } }
        canvas.draw(image, at: Point(5, 5))
        #expect(pixel(canvas, 10, 10) == .white && pixel(canvas, 13, 13) == .white && pixel(canvas, 14, 14).a == 0)
        // The same @2x image on a 1x canvas covers 2×2 pixels.
        var small = Canvas(trustedWidth: 10, height: 10)
        small.draw(image, at: Point(1, 1))
        #expect(pixel(small, 2, 2) == .white && pixel(small, 3, 3).a == 0)
    }

    @Test("coverage sums to the exact area of the flattened shape; shapes are within the flattening tolerance of their analytic area",
          arguments: [0.0, 0.3, 1.7])
    func shapeAreas(_ offset: Double) {
        func rasterArea(_ path: Path) -> Double {
            var canvas = Canvas(trustedWidth: 100, height: 100)
            canvas.fill(path, color: .black)
            let bitmap = canvas.makeBitmap()
            return stride(from: 3, to: bitmap.pixels.count, by: 4).reduce(0.0) { $0 + Double(bitmap.pixels[$1]) / 255 }
        }
        func polygonArea(_ path: Path) -> Double {
            var twice = 0.0
            for line in Flattener.polylines(path, tolerance: Flattener.tolerance) {
                let p = line.points
                for i in 0..<p.count { twice += p[i].cross(p[(i + 1) % p.count]) }
            }
            return abs(twice) / 2
        }
        let r = 30.0, w = 70.0, h = 50.0, corner = 12.0
        let shapes: [(Path, area: Double, perimeter: Double)] = [
            (Path(circleAt: Point(50 + offset, 50 - offset), radius: r), Double.pi * r * r, 2 * Double.pi * r),
            (Path(ellipseIn: 10 + offset, 20, w, h), Double.pi * w * h / 4, Double.pi * (w + h) / 2),
            (Path(roundedRect: 10 + offset, 20, w, h, radius: corner), w * h - (4 - Double.pi) * corner * corner, 2 * (w + h)),
            // A square rotated about its centre keeps its area.
            (Path(rect: -20, -20, 40, 40).applying(AffineTransform(translationX: 50 + offset, y: 50).rotated(by: 0.4)), 1600, 160),
        ]
        for (path, area, perimeter) in shapes {
            let raster = rasterArea(path)
            // Exact area coverage: only 8-bit rounding of the edge pixels is left.
            #expect(abs(raster - polygonArea(path)) < 1, "raster \(raster) vs polygon \(polygonArea(path))")
            // Chords lie inside the curve by at most the tolerance.
            #expect(raster <= area + 1 && raster >= area - perimeter * Flattener.tolerance, "raster \(raster) vs analytic \(area)")
        }
    }
}
