/// Every hostile-value case, module by module: the table `flipbook-hostile` runs and the test
/// checks for traps and for a case over every public type.
public enum HostileCases {
    /// All cases, names unique.
    public static let all: [HostileCase] = basics + raster + frameGen + codecs + animated + atlas + compose + text + pipeline + preview + functions
}
