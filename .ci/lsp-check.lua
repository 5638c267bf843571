-- Run by .ci/lsp-check: Neovim's built-in LSP client against `keychain-lint lsp`, headless.
-- Environment: KL_BIN (the executable), KL_ROOT (a scratch package), KL_FILE (a file in it with
-- a deprecated-accessibility mistake after é€😀 on line 2, at UTF-16 character 48), KL_QUICKFIX=1 to
-- apply the rule's quick fix (else the "Disable" action). Exits 0 when every check passes.
local bin, root, file = os.getenv("KL_BIN"), os.getenv("KL_ROOT"), os.getenv("KL_FILE")
local want_quickfix = os.getenv("KL_QUICKFIX") == "1"
local failures = 0
local function check(ok, what)
  io.stdout:write((ok and "ok   " or "FAIL ") .. what .. "\n")
  if not ok then failures = failures + 1 end
end
local function finish()
  io.stdout:flush()
  os.exit(failures == 0 and 0 or 1)
end

-- Keep the ranges the server published: in 0.7.2 the line-diagnostic helpers hand back byte
-- columns as `character`, so a code action must be asked with the published range.
local published = {}
local default_handler = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  published[result.uri] = result.diagnostics
  return default_handler(err, result, ctx, config)
end

local exit_code = nil
local client_id = vim.lsp.start_client({
  name = "keychain-lint",
  cmd = { bin, "lsp" },
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = "scratch" } },
  on_exit = function(code) exit_code = code end,
})
check(client_id ~= nil, "the client started keychain-lint lsp")
if not client_id then finish() end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)
local uri = vim.uri_from_bufnr(buf)

-- The rule's diagnostic in the last publication (other rules report the same call too).
local rule = "deprecated-accessibility"
local function rule_diagnostics()
  if not published[uri] then return nil end
  return vim.tbl_filter(function(d) return d.code == rule end, published[uri])
end
local function first_diagnostic()
  local list = rule_diagnostics()
  return list and list[1] or nil
end
check(vim.wait(20000, function() return first_diagnostic() ~= nil end, 20), "a diagnostic arrived")
local d = first_diagnostic()
if not d then finish() end
check(d.source == "keychain-lint", "source is keychain-lint, code the rule id")
check(d.range.start.line == 1 and d.range.start.character == 48 and d.range["end"].character == 72,
      "range is 1:48-1:72 in UTF-16 (" .. vim.inspect(d.range, { newline = " ", indent = "" }) .. ")")
check(d.codeDescription and d.codeDescription.href:match("rules/deprecated%-accessibility%.md$") ~= nil, "codeDescription.href is the rule page")
local shown = vim.tbl_filter(function(x) return x.code == rule end, vim.diagnostic.get(buf))[1]
local line = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
check(shown and shown.col == line:find("kSecAttrAccessibleAlways", 1, true) - 1,
      "Neovim places it at the constant's byte column (" .. tostring(shown and shown.col) .. ")")

local client = vim.lsp.get_client_by_id(client_id)
local params = { textDocument = { uri = uri }, range = d.range, context = { diagnostics = { d } } }
local responses = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 20000) or {}
local actions = {}
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do table.insert(actions, action) end
end
local chosen = nil
for _, action in ipairs(actions) do
  local is_disable = action.title:match("^Disable ") ~= nil
  if want_quickfix and not is_disable then chosen = action; break end
  if not want_quickfix and is_disable then chosen = action; break end
end
check(chosen ~= nil, (want_quickfix and "the rule's quick fix" or "the Disable action") .. " is offered (" ..
      table.concat(vim.tbl_map(function(a) return a.title end, actions), "; ") .. ")")
if not chosen then finish() end
published[uri] = nil
vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
check(vim.wait(20000, function() local list = rule_diagnostics(); return list ~= nil and #list == 0 end, 20),
      "the diagnostic went after '" .. chosen.title .. "'")
local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
if want_quickfix then
  check(text:find("kSecAttrAccessibleAfterFirstUnlock", 1, true) ~= nil and text:find("é€😀", 1, true) ~= nil,
        "the buffer holds the fixed constant, the text before it intact")
else
  check(text:find("// keychain-lint:disable:next deprecated-accessibility", 1, true) ~= nil, "the buffer holds the disable comment")
end

vim.lsp.stop_client(client_id)
check(vim.wait(10000, function() return exit_code ~= nil end, 20) and exit_code == 0,
      "the server exited with status 0 after shutdown (" .. tostring(exit_code) .. ")")
finish()
