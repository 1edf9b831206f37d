import java.io.File;

import com.badlogic.gdx.files.FileHandle;
import com.badlogic.gdx.graphics.g2d.TextureAtlas;
import com.badlogic.gdx.graphics.g2d.TextureAtlas.AtlasRegion;
import com.badlogic.gdx.graphics.g2d.TextureAtlas.AtlasSprite;
import com.badlogic.gdx.graphics.g2d.TextureAtlas.TextureAtlasData;
import com.badlogic.gdx.graphics.g2d.TextureAtlas.TextureAtlasData.Page;

/** Engine-check harness: reads each .atlas given on the command line with libGDX's own TextureAtlasData parser and
 * TextureAtlas region setup, makes the AtlasSprite a game would draw for every region (placed at logical position 0,0)
 * and prints one JSON object per atlas on its own line: pages, regions and the sprite's 4 vertices (x, y, u, v — y up,
 * v down, exactly what SpriteBatch would receive). A parse error is reported as {"atlas":…, "error":…}. */
public class DumpAtlas {
	public static void main (String[] args) {
		for (String path : args) {
			StringBuilder out = new StringBuilder();
			try {
				FileHandle pack = new FileHandle(new File(path).getAbsoluteFile());
				TextureAtlasData data = new TextureAtlasData(pack, pack.parent(), false);
				TextureAtlas atlas = new TextureAtlas(data);
				out.append("{\"atlas\":").append(q(path)).append(",\"pages\":[");
				boolean first = true;
				for (Page page : data.getPages()) {
					if (!first) out.append(',');
					first = false;
					out.append("{\"file\":").append(q(page.textureFile.name())).append(",\"width\":").append(page.width)
						.append(",\"height\":").append(page.height).append(",\"textureWidth\":").append(page.texture.getWidth())
						.append(",\"textureHeight\":").append(page.texture.getHeight()).append(",\"format\":")
						.append(q(String.valueOf(page.format))).append(",\"minFilter\":").append(q(String.valueOf(page.minFilter)))
						.append(",\"magFilter\":").append(q(String.valueOf(page.magFilter))).append(",\"pma\":").append(page.pma)
						.append('}');
				}
				out.append("],\"regions\":[");
				first = true;
				for (AtlasRegion r : atlas.getRegions()) {
					if (!first) out.append(',');
					first = false;
					AtlasSprite sprite = new AtlasSprite(r);
					sprite.setPosition(0, 0);
					float[] v = sprite.getVertices();
					out.append("{\"name\":").append(q(r.name)).append(",\"index\":").append(r.index).append(",\"page\":")
						.append(q(((com.badlogic.gdx.graphics.Texture)r.getTexture()).file.name())).append(",\"rotate\":")
						.append(r.rotate).append(",\"degrees\":").append(r.degrees).append(",\"regionX\":").append(r.getRegionX())
						.append(",\"regionY\":").append(r.getRegionY()).append(",\"regionWidth\":").append(r.getRegionWidth())
						.append(",\"regionHeight\":").append(r.getRegionHeight()).append(",\"packedWidth\":").append(r.packedWidth)
						.append(",\"packedHeight\":").append(r.packedHeight).append(",\"offsetX\":").append(r.offsetX)
						.append(",\"offsetY\":").append(r.offsetY).append(",\"originalWidth\":").append(r.originalWidth)
						.append(",\"originalHeight\":").append(r.originalHeight).append(",\"spriteX\":").append(sprite.getX())
						.append(",\"spriteY\":").append(sprite.getY()).append(",\"spriteWidth\":").append(sprite.getWidth())
						.append(",\"spriteHeight\":").append(sprite.getHeight()).append(",\"vertices\":[");
					for (int i = 0; i < 4; i++) {
						if (i > 0) out.append(',');
						int o = i * 5;
						out.append('[').append(v[o]).append(',').append(v[o + 1]).append(',').append(v[o + 3]).append(',')
							.append(v[o + 4]).append(']');
					}
					out.append("]}");
				}
				out.append("]}");
			} catch (Throwable t) {
				out.setLength(0);
				out.append("{\"atlas\":").append(q(path)).append(",\"error\":").append(q(t.toString())).append('}');
			}
			System.out.println(out);
		}
	}

	static String q (String s) {
		StringBuilder b = new StringBuilder("\"");
		for (char c : s.toCharArray()) {
			if (c == '"' || c == '\\') b.append('\\').append(c);
			else if (c < 0x20) b.append(String.format("\\u%04x", (int)c));
			else b.append(c);
		}
		return b.append('"').toString();
	}
}
