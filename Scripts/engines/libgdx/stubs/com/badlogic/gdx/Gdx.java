package com.badlogic.gdx;

/** Stub for the engine-check harness: no application, no natives. Only absolute FileHandles are used. */
public class Gdx {
	public static Files files = null;
}
