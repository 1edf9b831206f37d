import Basics
import Testing

@Suite("Image file names")
struct ImageFileNameTests {
    @Test(arguments: [
        ("explosion12.png", "explosion12", nil, nil, "png"),
        ("Sequences/hero/explosion12@2x.png", "explosion12", 2, nil, "png"),
        ("icon@3x~ipad.PNG", "icon", 3, "ipad", "png"),
        ("icon~iphone.png", "icon", nil, "iphone", "png"),
        ("mail@home.png", "mail@home", nil, nil, "png"),
        ("@2x.png", "@2x", nil, nil, "png"),
        ("frame@2x", "frame", 2, nil, ""),
        ("v1.2/walk_003@1x.png", "walk_003", 1, nil, "png"),
    ] as [(String, String, Int?, String?, String)])
    func parses(path: String, stem: String, scale: Int?, device: String?, pathExtension: String) {
        let name = ImageFileName(path: path)
        #expect(name.stem == stem)
        #expect(name.scale == scale)
        #expect(name.device == device)
        #expect(name.pathExtension == pathExtension)
    }
}
