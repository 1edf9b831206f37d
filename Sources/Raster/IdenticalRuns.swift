/// Runs of consecutive frames known to be identical without decoding them (a screencast's pauses:
/// the same file bytes), each taken as one frame lasting the run's summed duration before an
/// encoder places delays on its timeline — so short repeats are not merged for timing first and
/// do not move the next picture's start.
package struct IdenticalRuns: Sendable, Equatable {
    /// The input index of each run's first frame.
    package var firsts: [Int]
    /// Each run's summed duration, in seconds.
    package var durations: [Double]
    /// The input's frame count.
    package let inputCount: Int

    /// Runs of `durations`' frames that `identical(i − 1, i)` joins; every frame its own run when
    /// `identical` is `nil`.
    package init(durations: [Double], identical: ((Int, Int) -> Bool)?) {
        inputCount = durations.count
        guard let identical, durations.count > 1 else {
            (firsts, self.durations) = (Array(durations.indices), durations)
            return
        }
        var firsts = [0], sums = [durations[0]]
        for index in 1..<durations.count {
            if identical(index - 1, index) {
                sums[sums.count - 1] += durations[index]
            } else {
                firsts.append(index)
                sums.append(durations[index])
            }
        }
        (self.firsts, self.durations) = (firsts, sums)
    }

    /// How many input frames run `run` stands for.
    package func length(of run: Int) -> Int {
        (run + 1 < firsts.count ? firsts[run + 1] : inputCount) - firsts[run]
    }

    /// Input frames folded into the run before them.
    package var folded: Int { inputCount - firsts.count }
}
