import Foundation

// A method declared with the name of another file's stored reference to SecItemAdd
// (InjectableKeyStore.store): its declaration is not a call.
final class NonceStorage {
    private var nonce: String?

    func store(_ nonce: String) {
        self.nonce = nonce
    }
}
