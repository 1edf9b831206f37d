package com.badlogic.gdx.graphics;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

import com.badlogic.gdx.files.FileHandle;
import com.badlogic.gdx.utils.GdxRuntimeException;

/** Stub for the engine-check harness: no GL upload. Width and height come from the PNG's IHDR chunk, so
 * TextureRegion's UV maths (which divides by the texture size) is the real one. Filter and wrap are recorded. */
public class Texture {
	public enum TextureFilter {
		Nearest, Linear, MipMap, MipMapNearestNearest, MipMapLinearNearest, MipMapNearestLinear, MipMapLinearLinear;

		public boolean isMipMap () {
			return this != Nearest && this != Linear;
		}
	}

	public enum TextureWrap {
		MirroredRepeat, ClampToEdge, Repeat
	}

	public final FileHandle file;
	public final Pixmap.Format format;
	public final boolean useMipMaps;
	private final int width, height;
	public TextureFilter minFilter, magFilter;
	public TextureWrap uWrap, vWrap;

	public Texture (FileHandle file, Pixmap.Format format, boolean useMipMaps) {
		this.file = file;
		this.format = format;
		this.useMipMaps = useMipMaps;
		try (InputStream in = file.read(); DataInputStream data = new DataInputStream(in)) {
			byte[] signature = new byte[8];
			data.readFully(signature);
			int length = data.readInt();
			int type = data.readInt();
			if (type != 0x49484452) throw new GdxRuntimeException("not a PNG (no IHDR): " + file);
			width = data.readInt();
			height = data.readInt();
		} catch (IOException ex) {
			throw new GdxRuntimeException("cannot read page " + file, ex);
		}
	}

	public int getWidth () {
		return width;
	}

	public int getHeight () {
		return height;
	}

	public void setFilter (TextureFilter minFilter, TextureFilter magFilter) {
		this.minFilter = minFilter;
		this.magFilter = magFilter;
	}

	public void setWrap (TextureWrap u, TextureWrap v) {
		this.uWrap = u;
		this.vWrap = v;
	}

	public void dispose () {
	}
}
