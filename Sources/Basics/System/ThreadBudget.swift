import Foundation

/// How many threads Flipbook's parallel work may use, for work started on the current thread.
///
/// By default every library call spreads its loops over all cores (`ProcessInfo.activeProcessorCount`).
/// A server encoding several requests at once, or a build step sharing the machine, bounds a call
/// with ``withLimit(_:_:)``: within it, each parallel loop runs at most that many threads at once
/// and their nested loops run on the thread they are in. The jobs (`AssembleJob`, `SheetJob`,
/// `Validator`) take a `threads` setting that does this for their `async` forms, which run on
/// threads of their own. Results never depend on the limit: each loop's pieces are fixed by the
/// work, not by the threads.
public enum ThreadBudget {
    /// The limit in force on the current thread, or `nil` for all cores.
    public static var current: Int? {
        Thread.current.threadDictionary[key] as? Int
    }

    /// Runs `body` with at most `threads` threads in each of Flipbook's parallel loops; `nil`
    /// leaves the limit as it is.
    ///
    /// A limit below 1 (`0`, a negative count, `Int.min`) is taken as 1, not refused: fewer
    /// threads than one cannot run anything, and the call has no error of its own for a value
    /// that still has an honest meaning (every loop runs on the calling thread). The jobs check
    /// their `threads` setting first and refuse such a value with a `SettingError` naming it
    /// (`AssembleJob`, `SheetJob`, `Validator`), because there it comes from a user.
    public static func withLimit<T, Failure: Error>(_ threads: Int?, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard let threads else { return try body() }
        let dictionary = Thread.current.threadDictionary
        let earlier = dictionary[key]
        dictionary[key] = max(1, threads)
        defer { dictionary[key] = earlier }
        return try body()
    }

    private static let key = "flipbook.threadBudget"
}
