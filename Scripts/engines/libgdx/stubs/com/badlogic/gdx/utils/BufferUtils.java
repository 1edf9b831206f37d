package com.badlogic.gdx.utils;

import java.nio.ByteBuffer;

/** Stub for the engine-check harness: libGDX's BufferUtils is native; StreamUtils only needs this copy. */
public final class BufferUtils {
	public static void copy (byte[] src, int srcOffset, ByteBuffer dst, int numElements) {
		int position = dst.position();
		dst.put(src, srcOffset, numElements);
		dst.position(position);
	}
}
