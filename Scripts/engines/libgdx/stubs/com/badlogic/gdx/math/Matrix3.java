package com.badlogic.gdx.math;

/** Stub for the engine-check harness: Vector2.mul(Matrix3) compiles against it; the check never calls it. */
public class Matrix3 {
	public float[] val = new float[9];
}
