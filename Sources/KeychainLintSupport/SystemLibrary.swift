// The C library, imported once for every module: Glibc on Linux, Darwin on Apple platforms, Musl
// for static Linux builds. A module that needs `stat`, `memchr`, `getcwd` or `write` imports
// KeychainLintSupport instead of repeating this block.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#elseif canImport(Musl)
@_exported import Musl
#endif

/// `read(2)` and `write(2)` under one name on every C library: a type with its own `read` or
/// `write` method cannot call the C function unqualified, and the module that qualifies it
/// differs by platform.
package enum SystemCall {
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #else
        return Musl.read(fd, buffer, count)
        #endif
    }

    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.write(fd, buffer, count)
        #else
        return Musl.write(fd, buffer, count)
        #endif
    }
}
