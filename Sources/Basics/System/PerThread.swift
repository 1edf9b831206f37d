import Foundation

/// One object per thread, kept for the thread's life in its thread dictionary: scratch memory or
/// coders that cost more to set up than the work one call does (a frame decoded, a page compressed).
package enum PerThread {
    /// The calling thread's object under `key`, made by `make` on the thread's first call.
    package static func object<T: AnyObject>(_ key: String, make: () -> T) -> T {
        let dictionary = Thread.current.threadDictionary
        if let object = dictionary[key] as? T { return object }
        let object = make()
        dictionary[key] = object
        return object
    }
}
