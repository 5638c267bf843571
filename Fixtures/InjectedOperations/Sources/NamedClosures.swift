import Foundation

/// Not keychain calls: parameters named like the operations of `InjectedStore` but given other
/// functions. A name is an operation only where its own file hands a Security function in under it.
final class EventLog {
    private let add: (String, Int) -> Void
    private let remove: (String) -> Void

    init(add: @escaping (String, Int) -> Void = { _, _ in }, remove: @escaping (String) -> Void = { _ in }) {
        self.add = add
        self.remove = remove
    }

    func record(_ name: String) {
        add(name, 1)
        remove(name)
    }
}
