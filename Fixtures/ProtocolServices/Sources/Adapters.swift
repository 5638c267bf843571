import Foundation

enum StoreFailure: Error {
    case status(OSStatus)
}

final class NoteAdapter {
    private let service: VaultServicing
    private let provider: NoteQueryProviding

    init(service: VaultServicing = VaultService(), provider: NoteQueryProviding = NoteQueryProvider()) {
        self.service = service
        self.provider = provider
    }

    // Right: the notes provider names the service.
    func save(name: String, text: Data) -> Result<Void, StoreFailure> {
        do {
            var result: CFTypeRef?
            let query = provider.query(
                for: .store(
                    name: name,
                    text: text
                )
            )
            let status = service.add(query, &result)
            if status == errSecSuccess || status == errSecDuplicateItem { return .success(()) }
            return .failure(.status(status))
        }
    }
}

final class BackupAdapter {
    private let service: VaultServicing
    private let provider: BackupQueryProviding

    init(service: VaultServicing = VaultService(), provider: BackupQueryProviding = BackupQueryProvider()) {
        self.service = service
        self.provider = provider
    }

    // Wrong: the backup provider's add names no service. (The note adapter's add through the
    // same service is right, so this call is reported, not the service's SecItemAdd.)
    func save(name: String, blob: Data) -> Result<Void, StoreFailure> {
        do {
            var result: CFTypeRef?
            let query = provider.query(for: .store(name: name, blob: blob))
            let status = service.add(query, &result)  // expect: generic-password-missing-primary-key@34
            if status == errSecSuccess || status == errSecDuplicateItem { return .success(()) }
            return .failure(.status(status))
        }
    }
}
