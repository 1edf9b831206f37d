extension Project {
    /// Why targets the last build left without a record have none (`its last build failed`,
    /// `fx/a.png changed during its last build`), by target name, from the build's state: what a
    /// preview says of an output that is not there.
    package var unfinishedTargets: [String: String] { BuildState.load(for: self).unfinished ?? [:] }
}
