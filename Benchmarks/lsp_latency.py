#!/usr/bin/env python3
"""Language server latency: didChange → publishDiagnostics on a 5,000-line buffer.

Starts `keychain-lint lsp` in a scratch SwiftPM package (the buffer's file plus a few small files,
so the workspace pass is a real one), opens a 5,000-line Swift file that is keychain code through
and through (a query or an add every dozen lines, a few deprecated accessibilities among them), and
times, over N runs, from writing an incremental didChange (one constant swapped back and forth, so
every lint publishes a different list) to reading the publishDiagnostics of that version. The
debounce is 0 (KEYCHAIN_LINT_LSP_DEBOUNCE_MS=0), so the figure is the re-lint and the protocol;
`--debounce-ms 50` measures what an editor sees with the default pause added. `--full` sends the
whole text with each change instead (what a client without incremental sync does). `--workspace DIR`
lints a real project instead of the scratch package: the buffer is an unsaved file in DIR (nothing
is written there), and every lint reads DIR's files as an editor's server would.

Usage (from the repository root):
  python3 Benchmarks/lsp_latency.py                 # release build, 31 runs
  python3 Benchmarks/lsp_latency.py --runs 101 --bin .build/debug/keychain-lint --full
  python3 Benchmarks/lsp_latency.py --workspace ../real/amplify-swift

Prints the median, 90th percentile, minimum and maximum in milliseconds; exits 1 when the median is
over --max-ms (default 50).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import build  # noqa: E402
LINES = 5000


def block(i):
    """Twenty-five lines: a keychain add with a step-built dictionary, a query literal, plain code."""
    accessible = "kSecAttrAccessibleAlways" if i % 10 == 0 else "kSecAttrAccessibleAfterFirstUnlock"
    return [
        f"struct TokenStore{i} {{",
        f"    let service = \"com.example.service{i}\"",
        f"    func save(_ data: Data, account: String) -> OSStatus {{",
        f"        var item = [String: Any]()",
        f"        item[kSecClass as String] = kSecClassGenericPassword",
        f"        item[kSecAttrService as String] = service",
        f"        item[kSecAttrAccount as String] = account",
        f"        item[kSecAttrAccessible as String] = {accessible}",
        f"        item[kSecValueData as String] = data",
        f"        item[kSecUseDataProtectionKeychain as String] = true",
        f"        return SecItemAdd(item as CFDictionary, nil)",
        f"    }}",
        f"    func read(account: String) -> Data? {{",
        f"        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,",
        f"                                    kSecAttrService as String: service, kSecAttrAccount as String: account,",
        f"                                    kSecReturnData as String: true, kSecUseDataProtectionKeychain as String: true]",
        f"        var result: CFTypeRef?",
        f"        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess else {{ return nil }}",
        f"        return result as? Data",
        f"    }}",
        f"    func describe(_ values: [Int]) -> String {{",
        f"        let total = values.reduce(0, +) * {i}",
        f"        return values.map {{ String($0 + total) }}.joined(separator: \", \")",
        f"    }}",
        f"}}",
    ]


def big_text():
    lines = ["import Foundation", "import Security", ""]
    i = 0
    while len(lines) < LINES:
        lines += block(i)
        i += 1
    return "\n".join(lines[:LINES]) + "\n"


def make_project(folder):
    os.makedirs(os.path.join(folder, "Sources", "App"))
    with open(os.path.join(folder, "Package.swift"), "w") as f:
        f.write('// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "App", targets: [.target(name: "App")])\n')
    for n in range(20):
        with open(os.path.join(folder, "Sources", "App", f"Small{n}.swift"), "w") as f:
            f.write("\n".join(block(1000 + n)) + "\n")
    text = big_text()
    path = os.path.join(folder, "Sources", "App", "Big.swift")
    with open(path, "w") as f:
        f.write(text)
    return path, text


class Server:
    def __init__(self, binary, folder, debounce_ms):
        env = dict(os.environ, KEYCHAIN_LINT_LSP_DEBOUNCE_MS=str(debounce_ms))
        self.process = subprocess.Popen([binary, "lsp"], cwd=folder, env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                return message

    def diagnostics(self, uri, version):
        while True:
            message = self.receive()
            params = message.get("params") or {}
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri \
                    and params.get("version") == version:
                return params["diagnostics"]


def measure(binary, runs, debounce_ms, full, workspace=None):
    with tempfile.TemporaryDirectory() as scratch:
        if workspace:
            folder = os.path.abspath(workspace)
            path, text = os.path.join(folder, "KeychainLintLatencyBuffer.swift"), big_text()
            if os.path.exists(path):
                raise RuntimeError(f"{path} exists; the buffer must be a file that is not on disk")
        else:
            folder = os.path.realpath(scratch)
            path, text = make_project(folder)
        uri = "file://" + path
        server = Server(binary, folder, debounce_ms)
        server.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + folder, "capabilities": {}})
        server.send({"method": "initialized", "params": {}})
        server.send({"method": "textDocument/didOpen",
                     "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}}})
        first = server.diagnostics(uri, 1)
        # Block 0's accessibility is Always: swapped for AfterFirstUnlock and back, one finding
        # comes and goes with each change, so each version's list is told apart.
        lines = text.split("\n")
        row = next(n for n, line in enumerate(lines) if "kSecAttrAccessibleAlways" in line)
        col = lines[row].index("kSecAttrAccessibleAlways") + len("kSecAttrAccessible")
        variants = ["AfterFirstUnlock", "Always"]
        timings = []
        counts = set()
        for run in range(runs):
            version = run + 2
            new, old = variants[run % 2], variants[(run + 1) % 2]
            lines[row] = lines[row][:col] + new + lines[row][col + len(old):]
            if full:
                change = {"text": "\n".join(lines)}
            else:
                change = {"range": {"start": {"line": row, "character": col},
                                    "end": {"line": row, "character": col + len(old)}}, "text": new}
            start = time.perf_counter()
            server.send({"method": "textDocument/didChange",
                         "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
            diagnostics = server.diagnostics(uri, version)
            timings.append((time.perf_counter() - start) * 1000)
            counts.add(len(diagnostics))
        server.request("shutdown", None)
        server.send({"method": "exit"})
        status = server.process.wait(timeout=10)
        if status != 0:
            raise RuntimeError(f"the server exited with status {status}")
        if len(counts) != 2 or len(first) not in counts:
            raise RuntimeError(f"expected the finding count to alternate, got {sorted(counts)} (first {len(first)})")
        return timings, len(first), len(text.encode())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", help="keychain-lint executable (default: build the release one)")
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("--debounce-ms", type=float, default=0)
    parser.add_argument("--full", action="store_true", help="send the whole text with each change")
    parser.add_argument("--max-ms", type=float, default=50, help="fail when the median is over this")
    parser.add_argument("--workspace", help="a project folder to lint around the buffer (read only)")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin) if args.bin else build()
    timings, findings, size = measure(binary, args.runs, args.debounce_ms, args.full, args.workspace)
    timings.sort()
    median = statistics.median(timings)
    p90 = timings[min(len(timings) - 1, int(round(0.9 * (len(timings) - 1))))]
    kind = "full" if args.full else "incremental"
    where = f" in {args.workspace}" if args.workspace else ""
    print(f"{LINES}-line buffer{where} ({size / 1000:.0f} kB, {findings} findings), {kind} didChange → publishDiagnostics, "
          f"debounce {args.debounce_ms:g} ms, {args.runs} runs: median {median:.1f} ms, p90 {p90:.1f} ms, "
          f"min {timings[0]:.1f} ms, max {timings[-1]:.1f} ms")
    if median > args.max_ms:
        print(f"median over {args.max_ms:g} ms", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
