/// How hard an animation encoder (APNG, WebP) works for smaller files.
public enum EncodingEffort: String, Sendable, CaseIterable {
    /// Quickest: one cheap pass.
    case fast
    /// The default: the smallest files that cost no more than a few times `fast`'s time.
    case standard
    /// The smallest files the encoder can make, at tens of times `standard`'s time.
    case max
}
