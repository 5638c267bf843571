import KeychainLintCLI
import KeychainLintSupport

#if canImport(Glibc)
/// Each file's token tables are sized for the worst case and freed when the file is done. With
/// glibc's defaults those blocks are mapped and unmapped, or trimmed off the heap, file after file,
/// and their pages are faulted in again for the next (the page faults and CPU time it costs:
/// docs/PERFORMANCE.md, "Allocator settings"). Freed memory is kept for the next file instead;
/// the peak is about the same, it is only not handed back to the system between files. It stays
/// in the executable: it changes the whole process, which a library must not do to its host. `mallopt` is looked up at run time because the Glibc module
/// does not import `malloc.h`; the option numbers are glibc's (`M_TRIM_THRESHOLD`, `M_MMAP_THRESHOLD`).
private func keepFreedMemoryForTheNextFile() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    _ = mallopt(-3, 32 << 20)   // M_MMAP_THRESHOLD: blocks up to 32 MiB come from the heap
    _ = mallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD: the heap's free top is kept up to 256 MiB
}
keepFreedMemoryForTheNextFile()
#endif

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
