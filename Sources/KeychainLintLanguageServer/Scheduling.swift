import Dispatch
import KeychainLintSupport

/// Runs work later, on the server's own queue. The server runs on a `DispatchQueue` in the
/// executable; tests inject `ManualScheduler` and move time by hand, so debouncing is tested
/// without sleeping.
package protocol Scheduling: AnyObject {
    func schedule(after seconds: Double, _ work: @escaping () -> Void)
}

/// `asyncAfter` on a serial queue: the work runs on the queue that handles every message, so
/// the server's state has one owner.
package final class QueueScheduler: Scheduling {
    private let queue: DispatchQueue

    package init(queue: DispatchQueue) { self.queue = queue }

    package func schedule(after seconds: Double, _ work: @escaping () -> Void) {
        // The work touches the server's state, which only this queue touches.
        nonisolated(unsafe) let work = work
        queue.asyncAfter(deadline: .now() + seconds) { work() }
    }
}

/// Time moved by hand, for tests: `advance(by:)` runs the work that falls due, in order.
package final class ManualScheduler: Scheduling {
    private var now = 0.0
    private var pending: [(due: Double, order: Int, work: () -> Void)] = []
    private var order = 0

    package init() {}

    package func schedule(after seconds: Double, _ work: @escaping () -> Void) {
        order += 1
        pending.append((now + seconds, order, work))
    }

    /// Work scheduled and not yet run.
    package var pendingCount: Int { pending.count }

    package func advance(by seconds: Double) {
        now += seconds
        while let next = pending.filter({ $0.due <= now }).min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            pending.removeAll { $0.order == next.order }
            next.work()
        }
    }
}

/// Request ids the client cancelled. The reader thread records a `$/cancelRequest` as soon as
/// it is read, so a request still waiting behind a lint on the server's queue is answered with
/// `RequestCancelled` instead of being worked on.
package final class CancelledRequests: @unchecked Sendable {
    private var ids: Set<JSONRPC.ID> = []
    private var lock = pthread_mutex_t()
    /// Cancels of requests already answered are never taken; past this many the set is cleared.
    private static let limit = 1_000

    package init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    package func insert(_ id: JSONRPC.ID) {
        pthread_mutex_lock(&lock)
        if ids.count >= Self.limit { ids.removeAll() }
        ids.insert(id)
        pthread_mutex_unlock(&lock)
    }

    /// Whether `id` was cancelled; forgets it either way, as each id is answered once.
    package func take(_ id: JSONRPC.ID) -> Bool {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return ids.remove(id) != nil
    }

    /// The id a `$/cancelRequest` message names, read without the server's queue.
    package static func cancelledID(in message: JSONRPC.Incoming) -> JSONRPC.ID? {
        guard case .notification("$/cancelRequest", let params) = message,
              let object = params as? JSONObject else { return nil }
        return JSONRPC.ID(object["id"])
    }
}
