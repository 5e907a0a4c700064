-- Neovim (a third-party LSP client) drives `bufferlens serve`: open a file,
-- read back the published diagnostics and a hover, run the "Show path"
-- code action through editors/neovim's command, write them as JSON.
-- Environment: BUFFERLENS, INPUT (the .mlir file), OUTPUT (JSON to write),
-- HOVER_LINE / HOVER_CHAR (0-based position of the hover), PATH_LINE /
-- PATH_CHAR (0-based start of a finding with a path), PLUGIN_DIR
-- (editors/neovim, put on the runtimepath).
local function run()
  local bufferlens = os.getenv('BUFFERLENS')
  vim.opt.runtimepath:append(os.getenv('PLUGIN_DIR'))
  require('bufferlens').setup()
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

  -- The code actions at the finding's start, and the quickfix list that
  -- running "Show path" as Neovim runs a command fills.
  local at = { line = tonumber(os.getenv('PATH_LINE')),
               character = tonumber(os.getenv('PATH_CHAR')) }
  local action_responses = vim.lsp.buf_request_sync(bufnr,
    'textDocument/codeAction', {
      textDocument = vim.lsp.util.make_text_document_params(bufnr),
      range = { start = at, ['end'] = at },
      context = { diagnostics = {} },
    }, bound)
  local actions = action_responses and action_responses[client_id] and
                  action_responses[client_id].result or {}
  local titles = {}
  for _, action in ipairs(actions) do
    table.insert(titles, action.title)
    if action.title:match('^Show path') then
      local handler = vim.lsp.commands[action.command.command]
      assert(handler, 'no handler for ' .. action.command.command)
      handler(action.command, { bufnr = bufnr, client_id = client_id })
    end
  end
  local quickfix = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(quickfix, { lnum = item.lnum, col = item.col,
                             text = item.text,
                             file = vim.api.nvim_buf_get_name(item.bufnr) })
  end

  local f = assert(io.open(output, 'w'))
  f:write(vim.fn.json_encode({ diagnostics = diagnostics, hover = hover,
                               encoding = encoding, actions = titles,
                               quickfix = quickfix,
                               quickfix_title = vim.fn.getqflist({ title = 0 }).title }))
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
