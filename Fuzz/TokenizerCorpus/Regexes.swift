// Regex literals next to division and operators.
let x = 10 / 2 / 5
let r = /[a-z]+\d*/
let s = #/a/b/#
let t = #/
  multi-line extended regex
  [0-9]+
/#
let u = x / 1
let v = try? Regex("a/b")
let w = [1, 2].map { $0 / 2 }
