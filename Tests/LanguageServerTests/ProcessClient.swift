import Foundation
import XCTest
@testable import KeychainLintLanguageServer
import KeychainLintTestSupport

/// A client that spawns the built `keychain-lint lsp` and speaks the protocol over its pipes, as
/// an editor does: framed messages out, a reader thread collecting framed messages in.
final class ProcessClient {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var received: [JSONObject] = []
    private var nextID = 0

    /// The keychain-lint executable SwiftPM built beside the test bundle; the test is skipped
    /// without one, or fails under CI=true.
    static func executable() throws -> String {
        try BuiltExecutable.required()
    }

    init(arguments: [String] = ["lsp"], directory: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: try Self.executable())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let handle = output.fileHandleForReading
        Thread { [condition] in
            var reader = MessageReader()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                reader.append(data)
                while case .message(let body)? = reader.next() {
                    let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? JSONObject ?? ["unparsable": true]
                    condition.lock()
                    self.received.append(object)
                    condition.broadcast()
                    condition.unlock()
                }
            }
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    func sendRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    func send(_ object: JSONObject) {
        sendRaw(MessageWriter.frame(JSONRPC.encode(object)))
    }

    func notify(_ method: String, _ params: JSONObject = [:]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: JSONObject = [:], timeout: Double = 20) -> JSONObject? {
        nextID += 1
        let id = nextID
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return wait(timeout: timeout) { $0["id"] as? Int == id }
    }

    /// The first message received (and not yet taken) that matches, waiting up to `timeout`.
    func wait(timeout: Double = 20, for predicate: (JSONObject) -> Bool) -> JSONObject? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = received.firstIndex(where: predicate) { return received.remove(at: index) }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    /// The next diagnostics published for `uri`.
    func diagnostics(for uri: String, timeout: Double = 20) -> [JSONObject]? {
        let message = wait(timeout: timeout) {
            $0["method"] as? String == "textDocument/publishDiagnostics" && ($0["params"] as? JSONObject)?["uri"] as? String == uri
        }
        return (message?["params"] as? JSONObject)?["diagnostics"] as? [JSONObject]
    }

    /// Every message received and not taken.
    func pending() -> [JSONObject] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The exit status, or `nil` if the process is still running after `timeout`.
    func exitStatus(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func standardError() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
