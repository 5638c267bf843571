/// Elements filed under interned name ids (`CodeView.nameIDs`), each name's kept in the order
/// they were added.
///
/// The per-file declaration tables are asked about the name at a token, thousands of times per
/// file: an array indexed by its id answers without making the spelling a `String` and hashing
/// it, and freeing the tables frees four arrays instead of a dictionary of arrays of strings.
package struct NameLists<Element> {
    /// Per name id: its first and last element (indices into `elements`), -1 for none.
    private var first: [Int32]
    private var last: [Int32]
    /// Per element: the next one filed under the same name, -1 after the last.
    private var next: [Int32] = []
    /// Every element, in the order added.
    package private(set) var elements: [Element] = []
    /// The ids that have an element, in the order their first one was added.
    package private(set) var names: [Int32] = []

    /// `nameCount`: ids run from 0 to `nameCount - 1` (the file's `names.count`).
    package init(nameCount: Int) {
        first = [Int32](repeating: -1, count: nameCount)
        last = [Int32](repeating: -1, count: nameCount)
    }

    /// Room for `count` elements under as many names, so appending does not regrow the arrays.
    package mutating func reserveCapacity(_ count: Int) {
        elements.reserveCapacity(count)
        next.reserveCapacity(count)
        names.reserveCapacity(count)
    }

    package mutating func append(_ element: Element, to name: Int32) {
        let k = Int32(elements.count)
        elements.append(element)
        next.append(-1)
        let n = Int(name)
        if first[n] < 0 {
            first[n] = k
            names.append(name)
        } else {
            next[Int(last[n])] = k
        }
        last[n] = k
    }

    /// Whether `name` has an element; false for -1 (a token that is no identifier).
    @inline(__always) package func contains(_ name: Int32) -> Bool {
        name >= 0 && Int(name) < first.count && first[Int(name)] >= 0
    }

    /// Calls `body` on each element filed under `name`, in the order added, without collecting them.
    @inline(__always) package func forEach(in name: Int32, _ body: (Element) throws -> Void) rethrows {
        guard contains(name) else { return }
        var k = first[Int(name)]
        while k >= 0 {
            try body(elements[Int(k)])
            k = next[Int(k)]
        }
    }

    /// Whether an element filed under `name` satisfies `predicate` (false for -1).
    @inline(__always) package func contains(in name: Int32, where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try first(in: name, where: predicate) != nil
    }

    /// The first element filed under `name` that satisfies `predicate` (nil for -1).
    @inline(__always) package func first(in name: Int32, where predicate: (Element) throws -> Bool) rethrows -> Element? {
        guard contains(name) else { return nil }
        var k = first[Int(name)]
        while k >= 0 {
            if try predicate(elements[Int(k)]) { return elements[Int(k)] }
            k = next[Int(k)]
        }
        return nil
    }

    /// The elements filed under `name`, in the order added (empty for -1). Inlined: a call on a
    /// table stored in a class would otherwise copy (retain and release) all five arrays.
    @inline(__always) package subscript(name: Int32) -> [Element] {
        guard contains(name) else { return [] }
        var out: [Element] = []
        var k = first[Int(name)]
        while k >= 0 {
            out.append(elements[Int(k)])
            k = next[Int(k)]
        }
        return out
    }
}
