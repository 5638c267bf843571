import Foundation

// Other types' methods named like InjectableKeyStore's stored references (`store`, `remove`):
// neither their declarations nor their calls are SecItemAdd or SecItemDelete.
final class TransactionCache {
    private var pending: [String] = []

    func store(_ transaction: String) {
        pending.append(transaction)
    }

    func remove(_ transaction: String) {
        pending.removeAll { $0 == transaction }
    }
}

struct SessionCoordinator {
    let cache: TransactionCache
    let credentials: CredentialsShelf

    func begin(_ transaction: String) throws {
        cache.store(transaction)
        try credentials.store(credentials: transaction)
        cache.remove(transaction)
    }
}

struct CredentialsShelf {
    func store(credentials: String) throws {}
}
