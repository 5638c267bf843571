import XCTest
@testable import KeychainLintLanguageServer

/// `Content-Length` framing: bodies split across reads, several in one read, headers with other
/// fields, and headers that cannot be read, after which the stream goes on.
final class FramingTests: XCTestCase {
    private func frames(_ chunks: [String]) -> [MessageReader.Frame] {
        var reader = MessageReader()
        var out: [MessageReader.Frame] = []
        for chunk in chunks {
            reader.append(Array(chunk.utf8))
            while let frame = reader.next() { out.append(frame) }
        }
        return out
    }

    private func body(_ text: String) -> MessageReader.Frame { .message(Array(text.utf8)) }

    func testOneMessage() {
        XCTAssertEqual(frames(["Content-Length: 2\r\n\r\n{}"]), [body("{}")])
    }

    func testMessageSplitAtEveryByte() {
        let text = "Content-Length: 17\r\n\r\n{\"a\":\"é€😀\"}"
        XCTAssertEqual(Array(text.utf8).count, 22 + 17)
        var reader = MessageReader()
        var out: [MessageReader.Frame] = []
        for byte in Array(text.utf8) {
            reader.append([byte])
            while let frame = reader.next() { out.append(frame) }
        }
        XCTAssertEqual(out, [body("{\"a\":\"é€😀\"}")])
    }

    func testTwoMessagesInOneReadAndContentType() {
        let two = "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}content-length:3\r\n\r\n[1]"
        XCTAssertEqual(frames([two]), [body("{}"), body("[1]")])
    }

    func testBodyLengthCountsBytesNotCharacters() {
        // "é" is two bytes: a reader counting characters would take a byte of the next header.
        XCTAssertEqual(frames(["Content-Length: 4\r\n\r\n\"é\"Content-Length: 2\r\n\r\n{}"]), [body("\"é\""), body("{}")])
    }

    func testIncompleteBodyWaits() {
        XCTAssertEqual(frames(["Content-Length: 11\r\n\r\n{\"a\":"]), [])
        XCTAssertEqual(frames(["Content-Length: 11\r\n\r\n{\"a\":", "12345}"]), [body("{\"a\":12345}")])
    }

    func testHeaderWithoutLengthIsReportedAndTheStreamGoesOn() {
        let out = frames(["Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        XCTAssertEqual(out.count, 2)
        guard case .invalidHeader(let problem) = out[0] else { return XCTFail("\(out)") }
        XCTAssertTrue(problem.contains("Content-Length"), problem)
        XCTAssertEqual(out[1], body("{}"))
    }

    func testLengthThatIsNotANumber() {
        let out = frames(["Content-Length: ten\r\n\r\n"])
        guard case .invalidHeader(let problem)? = out.first else { return XCTFail("\(out)") }
        XCTAssertTrue(problem.contains("ten"), problem)
    }

    func testHeaderLineWithoutColon() {
        let out = frames(["garbage\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        XCTAssertEqual(out.count, 2)
        XCTAssertEqual(out[1], body("{}"))
    }

    func testEndlessHeaderIsDroppedNotBuffered() {
        let out = frames([String(repeating: "x", count: MessageReader.maxHeaderBytes + 10)])
        guard case .invalidHeader? = out.first else { return XCTFail("\(out)") }
        XCTAssertEqual(frames([String(repeating: "x", count: MessageReader.maxHeaderBytes + 10), "\r\n\r\nContent-Length: 2\r\n\r\n{}"]).last,
                       body("{}"))
    }

    func testOversizedBodyIsSkipped() {
        let length = MessageReader.maxBodyBytes + 1
        var reader = MessageReader()
        reader.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        guard case .invalidHeader(let problem)? = reader.next() else { return XCTFail() }
        XCTAssertTrue(problem.contains("over the limit"), problem)
        reader.append([UInt8](repeating: 0x20, count: length))
        reader.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        XCTAssertEqual(reader.next(), body("{}"))
    }

    func testWriterFramesBytes() {
        XCTAssertEqual(String(decoding: MessageWriter.frame(Array("\"é\"".utf8)), as: UTF8.self), "Content-Length: 4\r\n\r\n\"é\"")
    }

    func testJSONRPCClassification() {
        func parse(_ text: String) -> JSONRPC.Incoming { JSONRPC.parse(Array(text.utf8)) }
        guard case .request(.number(1), "initialize", _) = parse(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#) else { return XCTFail() }
        guard case .request(.string("a"), "x", nil) = parse(#"{"jsonrpc":"2.0","id":"a","method":"x"}"#) else { return XCTFail() }
        guard case .notification("initialized", _) = parse(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#) else { return XCTFail() }
        guard case .response = parse(#"{"jsonrpc":"2.0","id":3,"result":null}"#) else { return XCTFail() }
        guard case .invalid(nil, JSONRPC.ErrorCode.parseError, _) = parse("{not json") else { return XCTFail() }
        guard case .invalid(nil, JSONRPC.ErrorCode.invalidRequest, _) = parse("[1,2]") else { return XCTFail() }
        guard case .invalid(.number(4), JSONRPC.ErrorCode.invalidRequest, _) = parse(#"{"id":4,"method":"x"}"#) else { return XCTFail() }
        guard case .invalid(nil, JSONRPC.ErrorCode.invalidRequest, _) = parse(#"{"jsonrpc":"2.0","id":true,"method":"x"}"#) else { return XCTFail() }
        guard case .invalid(.number(5), JSONRPC.ErrorCode.invalidRequest, _) = parse(#"{"jsonrpc":"2.0","id":5,"method":7}"#) else { return XCTFail() }
        guard case .invalid(.number(6), JSONRPC.ErrorCode.invalidRequest, _) = parse(#"{"jsonrpc":"2.0","id":6,"method":"x","params":3}"#) else { return XCTFail() }
    }
}
