package com.badlogic.gdx.graphics.g2d;

import com.badlogic.gdx.graphics.Texture;

/** Stub for the engine-check harness: the vertex layout constants Sprite uses (same values as libGDX's Batch) and the
 * one draw call Sprite makes. */
public interface Batch {
	int X1 = 0, Y1 = 1, C1 = 2, U1 = 3, V1 = 4;
	int X2 = 5, Y2 = 6, C2 = 7, U2 = 8, V2 = 9;
	int X3 = 10, Y3 = 11, C3 = 12, U3 = 13, V3 = 14;
	int X4 = 15, Y4 = 16, C4 = 17, U4 = 18, V4 = 19;

	void draw (Texture texture, float[] spriteVertices, int offset, int count);
}
