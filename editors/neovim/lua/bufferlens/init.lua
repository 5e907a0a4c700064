-- BufferLens in Neovim's built-in LSP client (Neovim 0.7 and later).
--
-- The server's "Show path (N steps)" code action carries the command
-- `bufferlens.showPath` with `{uri, position}` (the finding's start) and no
-- edit: the command is the client's to run. VS Code draws the path in a
-- graph panel; here the path's steps become the quickfix list, so
-- `:cnext` / `:cprevious` walk them as the extension's next/previous step
-- commands do, each entry's text the step's numbered message.
--
--   require('bufferlens').setup()
local M = {}

-- The steps of a finding's path, in path order: its related information
-- whose message the server numbered ("1. %a is allocated here"). Other
-- related locations ("first freed here") are not steps.
function M.path_steps(related)
  local steps = {}
  for _, info in ipairs(related or {}) do
    local number = info.message and info.message:match('^(%d+)%. ')
    if number then
      table.insert(steps, { number = tonumber(number), info = info })
    end
  end
  table.sort(steps, function(a, b) return a.number < b.number end)
  local ordered = {}
  for _, step in ipairs(steps) do table.insert(ordered, step.info) end
  return ordered
end

-- The byte column of an LSP position on a line of a buffer.
local function byte_column(bufnr, position, encoding)
  local line = vim.api.nvim_buf_get_lines(bufnr, position.line,
                                          position.line + 1, false)[1] or ''
  if encoding == 'utf-8' then return position.character end
  local ok, col = pcall(vim.str_byteindex, line, position.character,
                        encoding == 'utf-16')
  return ok and col or position.character
end

-- The BufferLens diagnostic with a path that starts at an LSP position.
local function finding_at(bufnr, position, encoding)
  local col = byte_column(bufnr, position, encoding)
  for _, d in ipairs(vim.diagnostic.get(bufnr, { lnum = position.line })) do
    local lsp = d.user_data and d.user_data.lsp or {}
    if d.source == 'bufferlens' and d.col == col and
        #M.path_steps(lsp.relatedInformation) > 0 then
      return d, lsp
    end
  end
end

-- `bufferlens.showPath`: the finding's steps as the quickfix list, opened
-- at the first step.
function M.show_path(command, ctx)
  local target = command.arguments and command.arguments[1]
  if type(target) ~= 'table' or not target.uri or not target.position then
    vim.notify('bufferlens.showPath: expected {uri, position}',
               vim.log.levels.ERROR)
    return
  end
  local client = ctx and ctx.client_id and vim.lsp.get_client_by_id(ctx.client_id)
  local encoding = client and client.offset_encoding or 'utf-16'
  local bufnr = vim.uri_to_bufnr(target.uri)
  local diagnostic, lsp = finding_at(bufnr, target.position, encoding)
  if not diagnostic then
    vim.notify('BufferLens: no finding with a path starts there (edited since?)',
               vim.log.levels.WARN)
    return
  end
  local items = {}
  for _, step in ipairs(M.path_steps(lsp.relatedInformation)) do
    local item = vim.lsp.util.locations_to_items({ step.location }, encoding)[1]
    item.text = step.message
    table.insert(items, item)
  end
  local code = diagnostic.code or lsp.code
  vim.fn.setqflist({}, ' ', {
    title = (code and (code .. ': ') or '') .. diagnostic.message,
    items = items,
  })
  vim.cmd('copen')
  vim.cmd('cfirst')
end

function M.setup()
  vim.lsp.commands['bufferlens.showPath'] = M.show_path
end

return M
