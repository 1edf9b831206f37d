package com.badlogic.gdx.graphics.g2d;

/** Stub for the engine-check harness: TextureAtlas.createPatch compiles against it; the check never calls it. */
public class NinePatch {
	public NinePatch (TextureRegion region, int left, int right, int top, int bottom) {
		throw new UnsupportedOperationException("NinePatch is not part of the engine check");
	}

	public void setPadding (float left, float right, float top, float bottom) {
	}
}
