/// A value an item's dictionary sets, as the code gives it.
///
/// The inventory never guesses: a value the code computes (a parameter, a property, an
/// interpolation of one) is shown as the expression it comes from, so a reviewer sees
/// `account` rather than a made-up name, and two items that differ only by such a value are
/// one item (the code cannot tell them apart statically either).
public enum InventoryValue: Hashable, Sendable, Comparable {
    /// A constant (`kSecClassGenericPassword`), a string literal, `true`/`false` or a number.
    case literal(String)
    /// A value the code computes: the expression it comes from (`account`, `"\(base).token"`).
    case computed(expression: String)

    /// The literal, or the expression in backquotes, for text output.
    public var text: String {
        switch self {
        case .literal(let text): return text
        case .computed(let expression): return "`\(expression)`"
        }
    }

    /// The literal when the value is one.
    public var literal: String? {
        if case .literal(let text) = self { return text }
        return nil
    }
}

/// What an operation does to an item.
public enum InventoryOperationKind: String, Sendable, CaseIterable, Comparable {
    /// `SecItemAdd`, or `SecKeyCreateRandomKey` with a permanent key.
    case add
    /// `SecItemCopyMatching`.
    case read
    /// `SecItemUpdate`.
    case update
    /// `SecItemDelete`.
    case delete
    /// A wrapper library's instance configured for the item (`Keychain(service:)`). Its calls
    /// are operations of the other kinds: `keychain["k"]`/`get` a read, `set`/`keychain["k"] = v`
    /// an add (the library adds or updates), `remove`/`keychain["k"] = nil` a delete.
    case configure

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One place the code touches an item.
public struct InventoryOperation: Hashable, Sendable {
    public var kind: InventoryOperationKind
    /// The path as discovery spells it (as the lint run's findings do).
    public var path: String
    /// 1-based line of the call (for a dictionary that crosses helpers, the call in this file).
    public var line: Int
    /// The project functions the dictionary passes through to reach the Security call, outermost
    /// first (`KeychainStore.save(_:account:)`), as the lint run's messages name them.
    public var route: [String]

    public init(kind: InventoryOperationKind, path: String, line: Int, route: [String] = []) {
        self.kind = kind
        self.path = path
        self.line = line
        self.route = route
    }
}

/// The protection one add gives an item.
public struct InventoryProtection: Hashable, Sendable {
    public var path: String
    public var line: Int
    /// `kSecAttrAccessible`, or the protection passed to `SecAccessControlCreateWithFlags` for
    /// `kSecAttrAccessControl`; `nil` when the add sets neither (the system then uses
    /// `kSecAttrAccessibleWhenUnlocked`).
    public var accessibility: InventoryValue?
    /// Whether the accessibility comes from an access control (`kSecAttrAccessControl`).
    public var accessControl: Bool
    /// `kSecAttrSynchronizable` as set; `nil` when unset (not synchronised).
    public var synchronizable: InventoryValue?
    /// Whether the add goes to the data protection keychain on macOS: `true` when it sets
    /// `kSecUseDataProtectionKeychain` or a true `kSecAttrSynchronizable`, or cannot run on macOS;
    /// `false` when the flag is false or absent in code that may run on macOS (the file-based
    /// keychain); computed when the flag's value is.
    public var dataProtectionKeychain: InventoryValue
    /// The platforms the add's code is built for (its project, narrowed by `#if`).
    public var platforms: [Platform]

    public init(path: String, line: Int, accessibility: InventoryValue?, accessControl: Bool, synchronizable: InventoryValue?,
                dataProtectionKeychain: InventoryValue, platforms: [Platform]) {
        self.path = path
        self.line = line
        self.accessibility = accessibility
        self.accessControl = accessControl
        self.synchronizable = synchronizable
        self.dataProtectionKeychain = dataProtectionKeychain
        self.platforms = platforms
    }
}

/// The attributes that name an item, by class: what `SecItemCopyMatching` tells items apart by.
public struct InventoryIdentity: Hashable, Sendable {
    /// `kSecClass`: a class constant, a computed class (unresolved) or `nil` when the dictionary
    /// sets none the analysis can see.
    public var itemClass: InventoryValue?
    public var service: InventoryValue?
    public var account: InventoryValue?
    public var server: InventoryValue?
    /// `kSecAttrProtocol`.
    public var `protocol`: InventoryValue?
    public var applicationTag: InventoryValue?
    public var label: InventoryValue?
    public var keyType: InventoryValue?
    public var accessGroup: InventoryValue?

    public init(itemClass: InventoryValue? = nil, service: InventoryValue? = nil, account: InventoryValue? = nil,
                server: InventoryValue? = nil, protocol: InventoryValue? = nil, applicationTag: InventoryValue? = nil,
                label: InventoryValue? = nil, keyType: InventoryValue? = nil, accessGroup: InventoryValue? = nil) {
        self.itemClass = itemClass
        self.service = service
        self.account = account
        self.server = server
        self.protocol = `protocol`
        self.applicationTag = applicationTag
        self.label = label
        self.keyType = keyType
        self.accessGroup = accessGroup
    }

    /// Each attribute with the Security key it is read from, in output order.
    public var attributes: [(key: String, value: InventoryValue?)] {
        [("kSecAttrService", service), ("kSecAttrAccount", account), ("kSecAttrServer", server), ("kSecAttrProtocol", `protocol`),
         ("kSecAttrApplicationTag", applicationTag), ("kSecAttrLabel", label), ("kSecAttrKeyType", keyType),
         ("kSecAttrAccessGroup", accessGroup)]
    }
}
