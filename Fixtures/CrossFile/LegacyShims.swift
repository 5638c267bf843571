import Security

/// Old call sites still say kSecAttrAccessibleAlwaysThisDeviceOnly; this module maps it to a supported value.
let kSecAttrAccessibleAlwaysThisDeviceOnly = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
