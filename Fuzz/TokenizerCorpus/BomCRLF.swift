let a = "crlf"
// comment
let b = """
  text \(a)
  """
/* block
 */
