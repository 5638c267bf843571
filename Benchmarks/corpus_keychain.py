"""Keychain code for Benchmarks/gen_corpus.py: the planted cases and the decoys.

Each case is one method of a keychain store type: a mistake of one default rule, with the line its
finding points at, or correct code that must produce nothing. Decoys are Security names inside
strings and comments only. Every case spells its item with names unique to the instance, so no two
cases describe the same item (which would let one case's query meet another's add).
"""
from corpus_code import NOUNS, REMARKS

HOSTS = ["forum.example.net", "shop.example.org", "mail.example.com", "accounts.example.io", "news.example.dev"]
TEAM_ID = "QWERT12345"

# A case is (rule or None, signature, lines). "@@" ends the line the finding points at (stripped);
# "{svc}" and "{acct}" are made unique per instance, so no two cases describe the same item.
MARK = "@@"
PROTECTED = "kSecUseDataProtectionKeychain as String: true,"
CASES = {
    "web-login-service": ("generic-password-web-login", "(account: String, secret: Data) -> OSStatus", [
        "var item: [String: Any] = [kSecClass as String: kSecClassGenericPassword]",
        "item[kSecAttrService as String] = \"https://{host}/signin\"@@",
        "item[kSecAttrAccount as String] = account",
        "item[kSecValueData as String] = secret",
        "item[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemAdd(item as CFDictionary, nil)"]),
    "identity-literal": ("identity-add", "(identity: SecIdentity) -> OSStatus", [
        "let attributes: [String: Any] = [",
        "    kSecClass as String: kSecClassIdentity,@@",
        "    kSecValueRef as String: identity,",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(attributes as CFDictionary, nil)"]),
    "group-without-team": ("access-group-team-id", "() -> OSStatus", [
        "let query: [String: Any] = [",
        "    kSecClass as String: kSecClassGenericPassword,",
        "    kSecAttrService as String: \"{svc}\",",
        "    kSecAttrAccessGroup as String: \"com.example.{noun}.shared\",@@",
        "    kSecReturnData as String: true,",
        "    " + PROTECTED,
        "]",
        "var result: CFTypeRef?",
        "return SecItemCopyMatching(query as CFDictionary, &result)"]),
    "synced-device-only": ("sync-this-device-only", "(payload: Data) -> OSStatus", [
        "var attrs = [String: Any]()",
        "attrs[kSecClass as String] = kSecClassGenericPassword",
        "attrs[kSecAttrService as String] = \"{svc}\"",
        "attrs[kSecAttrAccount as String] = \"{acct}\"",
        "attrs[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
        "attrs[kSecAttrSynchronizable as String] = kCFBooleanTrue@@",
        "attrs[kSecValueData as String] = payload",
        "attrs[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemAdd(attrs as CFDictionary, nil)"]),
    "certificate-tag": ("certificate-application-tag", "(certificate: SecCertificate) -> OSStatus", [
        "let addCertificate: [String: Any] = [",
        "    kSecClass as String: kSecClassCertificate,",
        "    kSecValueRef as String: certificate,",
        "    kSecAttrApplicationTag as String: Data(\"{svc}\".utf8),@@",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(addCertificate as CFDictionary, nil)"]),
    "legacy-keychain-read": ("missing-data-protection-keychain", "() -> Data?", [
        "var lookup = [String: Any]()",
        "lookup[kSecClass as String] = kSecClassGenericPassword",
        "lookup[kSecAttrService as String] = \"{svc}\"",
        "lookup[kSecReturnData as String] = true",
        "var found: CFTypeRef?",
        "guard SecItemCopyMatching(lookup as CFDictionary, &found) == errSecSuccess else { return nil }@@",
        "return found as? Data"]),
    "internet-with-service": ("internet-password-invalid-attribute", "(account: String, secret: Data) -> OSStatus", [
        "let entry: [String: Any] = [",
        "    kSecClass as String: kSecClassInternetPassword,",
        "    kSecAttrServer as String: \"{host}\",",
        "    kSecAttrAccount as String: account,",
        "    kSecAttrService as String: \"{svc}\",@@",
        "    kSecValueData as String: secret,",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(entry as CFDictionary, nil)"]),
    "always-accessible": ("deprecated-accessibility", "(payload: Data) -> OSStatus", [
        "var q = [String: Any]()",
        "q[kSecClass as String] = kSecClassGenericPassword",
        "q[kSecAttrService as String] = \"{svc}\"",
        "q[kSecAttrAccount as String] = \"{acct}\"",
        "q[kSecAttrAccessible as String] = kSecAttrAccessibleAlways@@",
        "q[kSecValueData as String] = payload",
        "q[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemAdd(q as CFDictionary, nil)"]),
    "move-to-group": ("access-group-update", "() -> OSStatus", [
        "let match: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: \"{svc}\", " + PROTECTED[:-1] + "]",
        "let changes: [String: Any] = [",
        "    kSecAttrAccessGroup as String: \"" + TEAM_ID + ".com.example.{noun}\",@@",
        "]",
        "return SecItemUpdate(match as CFDictionary, changes as CFDictionary)"]),
    "label-from-text": ("application-label-string", "(key: SecKey) -> OSStatus", [
        "let stored: [String: Any] = [",
        "    kSecClass as String: kSecClassKey,",
        "    kSecValueRef as String: key,",
        "    kSecAttrApplicationLabel as String: \"{svc}\",@@",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(stored as CFDictionary, nil)"]),
    "key-without-type": ("key-query-missing-key-type", "(tag: Data) -> SecKey?", [
        "let keyQuery: [String: Any] = [",
        "    kSecClass as String: kSecClassKey,",
        "    kSecAttrApplicationTag as String: tag,",
        "    kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,",
        "    kSecReturnRef as String: true,",
        "    " + PROTECTED,
        "]",
        "var ref: CFTypeRef?",
        "guard SecItemCopyMatching(keyQuery as CFDictionary, &ref) == errSecSuccess else { return nil }@@",
        "return (ref as! SecKey)"]),
    "key-without-size": ("key-generation-missing-attribute", "() -> SecKey?", [
        "let parameters: [String: Any] = [",
        "    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,",
        "    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: false],",
        "]",
        "var failure: Unmanaged<CFError>?",
        "return SecKeyCreateRandomKey(parameters as CFDictionary, &failure)@@"]),
    "password-without-account": ("generic-password-missing-primary-key", "(payload: Data) -> OSStatus", [
        "let blob: [String: Any] = [",
        "    kSecClass as String: kSecClassGenericPassword,",
        "    kSecValueData as String: payload,",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(blob as CFDictionary, nil)@@"]),
    "raw-key-bytes": ("raw-key-data-add", "(tag: Data, keyBytes: Data) -> OSStatus", [
        "var keyItem = [String: Any]()",
        "keyItem[kSecClass as String] = kSecClassKey",
        "keyItem[kSecAttrKeyType as String] = kSecAttrKeyTypeECSECPrimeRandom",
        "keyItem[kSecAttrApplicationTag as String] = tag",
        "keyItem[kSecValueData as String] = keyBytes@@",
        "keyItem[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemAdd(keyItem as CFDictionary, nil)"]),
    "good-internet": (None, "(account: String, secret: Data) -> OSStatus", [
        "let entry: [String: Any] = [",
        "    kSecClass as String: kSecClassInternetPassword,",
        "    kSecAttrServer as String: \"{host}\",",
        "    kSecAttrProtocol as String: kSecAttrProtocolHTTPS,",
        "    kSecAttrAccount as String: account,",
        "    kSecValueData as String: secret,",
        "    " + PROTECTED,
        "]",
        "return SecItemAdd(entry as CFDictionary, nil)"]),
    "good-shared-read": (None, "() -> Data?", [
        "let query: [CFString: Any] = [",
        "    kSecClass: kSecClassGenericPassword,",
        "    kSecAttrService: \"{svc}\",",
        "    kSecAttrAccessGroup: \"" + TEAM_ID + ".com.example.{noun}\",",
        "    kSecReturnData: true,",
        "    kSecUseDataProtectionKeychain: true,",
        "]",
        "var out: CFTypeRef?",
        "return SecItemCopyMatching(query as CFDictionary, &out) == errSecSuccess ? out as? Data : nil"]),
    "good-narrow-delete": (None, "() -> OSStatus", [
        "var doomed = [String: Any]()",
        "doomed[kSecClass as String] = kSecClassGenericPassword",
        "doomed[kSecAttrService as String] = \"{svc}\"",
        "doomed[kSecAttrAccount as String] = \"{acct}\"",
        "doomed[kSecUseDataProtectionKeychain as String] = true",
        "return SecItemDelete(doomed as CFDictionary)"]),
}
DECOYS = [
    '// Old builds stored tokens with kSecAttrAccessibleAlways; the migration removed it.',
    '/* SecItemAdd([kSecClass: kSecClassIdentity, kSecValueRef: identity] as CFDictionary, nil) */',
    'let keychainNote = "kSecAttrSynchronizable with kSecAttrAccessibleWhenUnlockedThisDeviceOnly fails"',
    'let example = #"q[kSecAttrAccessGroup as String] = "com.example.shared""#',
    'let sample = """\n    let query = [kSecClass: kSecClassCertificate, kSecAttrApplicationTag: tag]\n    """',
]


def keychain_store(f, path, serial, planted):
    """A keychain store type with two to five cases; appends their manifest entries."""
    r = f.rng
    f.add(f"struct {f.type_name()}KeychainStore {{")
    f.add()
    for index, case in enumerate(r.sample(sorted(CASES), r.randrange(2, 6))):
        rule, signature, lines = CASES[case]
        unique = f"{serial}x{index}"
        fill = {"svc": f"com.example.{r.choice(NOUNS)}.{unique}", "acct": f"{r.choice(NOUNS)}-{unique}",
                "host": r.choice(HOSTS), "noun": r.choice(NOUNS)}
        f.add(f"    /// {r.choice(REMARKS)}.")
        f.add(f"    func {case.replace('-', '_')}{unique}{signature} {{")
        first, marked = f.next_line, None
        for line in lines:
            for key, value in fill.items():
                line = line.replace("{" + key + "}", value)
            if line.endswith(MARK):
                line, marked = line[:-len(MARK)], f.next_line
            f.add("        " + line)
        entry = {"file": path, "span": [first, f.next_line - 1], "case": case}
        entry.update({"rule": rule, "line": marked} if rule else {"expect": "no finding"})
        planted.append(entry)
        f.add("    }")
        f.add()
    f.add("}")
    f.add()
