package com.badlogic.gdx.graphics.g2d;

/** Stub for the engine-check harness: Sprite imports SpriteBatch's static members (the Batch vertex constants and
 * SPRITE_SIZE). */
public abstract class SpriteBatch implements Batch {
	public static final int VERTEX_SIZE = 2 + 1 + 2;
	public static final int SPRITE_SIZE = 4 * VERTEX_SIZE;
}
