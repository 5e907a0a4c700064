-- Neovim (a third-party LSP client) drives `bufferlens serve`: open a file,
-- read back the published diagnostics and a hover, write them as JSON.
-- Environment: BUFFERLENS, INPUT (the .mlir file), OUTPUT (JSON to write),
-- HOVER_LINE / HOVER_CHAR (0-based position of the hover).
local function run()
  local bufferlens = os.getenv('BUFFERLENS')
  local input = os.getenv('INPUT')
  local output = os.getenv('OUTPUT')
  -- Generous bounds against hangs only; the loops end as soon as the
  -- answer is there.
  local bound = 120000

  local client_id = vim.lsp.start_client({
    name = 'bufferlens',
    cmd = { bufferlens, 'serve' },
    root_dir = vim.fn.fnamemodify(input, ':h'),
  })
  assert(client_id, 'the client did not start')

  vim.cmd('edit ' .. vim.fn.fnameescape(input))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'mlir'
  assert(vim.lsp.buf_attach_client(bufnr, client_id), 'attach failed')

  local got = vim.wait(bound, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 20)
  assert(got, 'no diagnostics arrived')

  local diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(diagnostics, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, source = d.source,
      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
    })
  end
  table.sort(diagnostics, function(a, b) return a.lnum < b.lnum end)

  local params = {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    position = { line = tonumber(os.getenv('HOVER_LINE')),
                 character = tonumber(os.getenv('HOVER_CHAR')) },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover',
                                             params, bound)
  local hover = responses and responses[client_id] and responses[client_id].result

  local client = vim.lsp.get_client_by_id(client_id)
  local encoding = client.offset_encoding

  local f = assert(io.open(output, 'w'))
  f:write(vim.fn.json_encode({ diagnostics = diagnostics, hover = hover,
                               encoding = encoding }))
  f:close()

  client.stop()
  vim.wait(bound, function() return client.is_stopped() end, 20)
end

local ok, err = pcall(run)
if not ok then
  io.stderr:write('nvim_e2e: ' .. tostring(err) .. '\n')
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
