extension String {
    /// Replaces scalars one by one, so a replacement is never replaced again. Scalars, not
    /// Characters: `"\r\n"` is one Character and would slip past both `"\r"` and `"\n"`.
    func replacingAll(_ table: [Unicode.Scalar: String]) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let r = table[scalar] { out += r } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
