/// An exclusive lock between processes on one folder (`flock` on the folder itself), held until
/// ``release()``: two runs of one job on one folder (two `flipbook build`s of one project, a
/// `--watch` and a build by hand) take turns instead of writing the same state at once.
package final class FolderLock: @unchecked Sendable {
    private var descriptor: Int32?

    private init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock on `folder` (which must exist), waiting while another process holds it;
    /// `waiting` is called once, before the wait, when it does. `nil` when the folder cannot be
    /// opened (then nothing is locked).
    package static func acquire(_ folder: String, waiting: () -> Void) -> FolderLock? {
        let first = System.tryLock(directory: folder)
        if let descriptor = first.descriptor { return FolderLock(descriptor) }
        guard first.busy else { return nil }
        waiting()
        return System.lock(directory: folder, quiet: true).map(FolderLock.init)
    }

    /// Lets the lock go (once; again does nothing).
    package func release() {
        if let descriptor { System.unlock(descriptor) }
        descriptor = nil
    }

    deinit { release() }
}
