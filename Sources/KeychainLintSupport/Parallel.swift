import Dispatch

/// The one way work is spread over the cores: a map whose results keep their order, so what a
/// run prints never depends on which thread finished first.
package enum Parallel {
    /// `body(0..<count)` in order, on all cores when `parallel`. `body` runs concurrently with
    /// itself: it may read shared state, never write it.
    package static func map<T: Sendable>(_ count: Int, parallel: Bool, _ body: (Int) -> T) -> [T] {
        guard parallel, count > 1 else { return (0..<count).map(body) }
        // Each result is written in place into the array's own storage: a buffer copied into an
        // array afterwards was a second array of a large tree's results at the run's peak.
        return [T](unsafeUninitializedCapacity: count) { slots, initialized in
            nonisolated(unsafe) let shared = slots
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let work = body
                DispatchQueue.concurrentPerform(iterations: count) { i in
                    (shared.baseAddress! + i).initialize(to: work(i))
                }
            }
            initialized = count
        }
    }
}
