package com.badlogic.gdx.graphics;

/** Stub for the engine-check harness: only the Format enum TextureAtlas parses ("format:" field). */
public class Pixmap {
	public enum Format {
		Alpha, Intensity, LuminanceAlpha, RGB565, RGBA4444, RGB888, RGBA8888;
	}
}
