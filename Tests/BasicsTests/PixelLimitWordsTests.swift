import Basics
import Testing

/// Round 61 #14: a text's size in points reached the pixel limit's refusal as
/// "98876.953125×1165"; sizes are said to the hundredth (rounded up), and a size at a scale
/// says it is in points, so "659×17524 at @3x" is not read as pixels.
@Suite struct PixelLimitWordsTests {
    @Test(arguments: [
        (98876.953125, 1165.0, 1, "(98876.96×1165)"),
        (659, 17524, 3, "(659×17524 points at @3x)"),
        (0.001, 1e9, 1, "(0.01×1000000000)"),
    ])
    func aSizeIsSaidToTheHundredth(width: Double, height: Double, scale: Int, said: String) {
        #expect(throws: LimitError.self) { try ResourceLimits(maxPixels: 10).checkPixels(width: width, height: height, scale: scale, of: "x") }
        do { try ResourceLimits(maxPixels: 10).checkPixels(width: width, height: height, scale: scale, of: "x") } catch {
            #expect(error.description.contains(said), "\(error.description)")
        }
    }
}
