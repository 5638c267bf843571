import Foundation

/// A JSON object as `JSONSerialization` reads and writes it.
package typealias JSONObject = [String: Any]

/// JSON-RPC 2.0 as LSP uses it: requests (with an id) get exactly one response, notifications
/// (without) get none, and anything that is not a well-formed message gets an error response
/// with a `null` id.
package enum JSONRPC {
    /// The error codes JSON-RPC and LSP define that this server sends.
    package enum ErrorCode {
        package static let parseError = -32700
        package static let invalidRequest = -32600
        package static let methodNotFound = -32601
        package static let invalidParams = -32602
        package static let internalError = -32603
        /// LSP: a request other than `initialize` before `initialize`.
        package static let serverNotInitialized = -32002
        /// LSP: the client cancelled the request (`$/cancelRequest`).
        package static let requestCancelled = -32800
    }

    /// A request id: JSON-RPC allows a number or a string, echoed back as it came.
    package enum ID: Hashable, CustomStringConvertible {
        case number(Int)
        case string(String)

        init?(_ value: Any?) {
            if let s = value as? String { self = .string(s); return }
            // `true` is an NSNumber too on some platforms; an id must be a number, not a Boolean.
            if let n = value as? NSNumber, !Self.isBoolean(n), let i = Int(exactly: n.doubleValue) { self = .number(i); return }
            return nil
        }

        var json: Any {
            switch self {
            case .number(let n): return n
            case .string(let s): return s
            }
        }

        package var description: String {
            switch self {
            case .number(let n): return String(n)
            case .string(let s): return "\"\(s)\""
            }
        }

        /// JSON `true`/`false` come back as NSNumbers of type `c` (char) on Linux and Darwin alike.
        private static func isBoolean(_ n: NSNumber) -> Bool {
            String(cString: n.objCType) == "c"
        }
    }

    /// One message from the client, classified.
    package enum Incoming {
        case request(id: ID, method: String, params: Any?)
        case notification(method: String, params: Any?)
        /// A response to a request the server sent; the server sends none that need an answer.
        case response
        /// Not a message this server can act on: answered with this error (id `null` when the
        /// message had no usable id).
        case invalid(id: ID?, code: Int, message: String)
    }

    /// Parses and classifies one message body.
    package static func parse(_ body: [UInt8]) -> Incoming {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            return .invalid(id: nil, code: ErrorCode.parseError, message: "Parse error: the message is not JSON")
        }
        guard let object = value as? JSONObject else {
            // Batches are JSON-RPC 2.0 but not LSP; a bare value is no message at all.
            return .invalid(id: nil, code: ErrorCode.invalidRequest, message: "Invalid Request: expected a JSON object")
        }
        let id = object["id"].flatMap { $0 is NSNull ? nil : $0 }
        let parsedID = ID(id)
        guard object["jsonrpc"] as? String == "2.0" else {
            return .invalid(id: parsedID, code: ErrorCode.invalidRequest, message: "Invalid Request: \"jsonrpc\" must be \"2.0\"")
        }
        guard let methodValue = object["method"] else {
            if object["result"] != nil || object["error"] != nil { return .response }
            return .invalid(id: parsedID, code: ErrorCode.invalidRequest, message: "Invalid Request: no \"method\"")
        }
        guard let method = methodValue as? String else {
            return .invalid(id: parsedID, code: ErrorCode.invalidRequest, message: "Invalid Request: \"method\" must be a string")
        }
        let params = object["params"].flatMap { $0 is NSNull ? nil : $0 }
        if let params, !(params is JSONObject || params is [Any]) {
            return .invalid(id: parsedID, code: ErrorCode.invalidRequest, message: "Invalid Request: \"params\" must be an object or an array")
        }
        guard id != nil else { return .notification(method: method, params: params) }
        guard let parsedID else {
            return .invalid(id: nil, code: ErrorCode.invalidRequest, message: "Invalid Request: \"id\" must be a number or a string")
        }
        return .request(id: parsedID, method: method, params: params)
    }

    package static func response(id: ID, result: Any) -> [UInt8] {
        encode(["jsonrpc": "2.0", "id": id.json, "result": result])
    }

    package static func error(id: ID?, code: Int, message: String) -> [UInt8] {
        encode(["jsonrpc": "2.0", "id": id?.json ?? NSNull(), "error": ["code": code, "message": message] as JSONObject])
    }

    package static func notification(method: String, params: Any) -> [UInt8] {
        encode(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// The objects built here hold only JSON types, so serialisation cannot fail; were it to,
    /// an internal error is sent rather than nothing, so the client is not left waiting.
    static func encode(_ object: JSONObject) -> [UInt8] {
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]) {
            return Array(data)
        }
        return Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error: response not encodable"}}"#.utf8)
    }
}
