-- The tables' other requests beside their polls and saves: the checks the hand form asks as a hand is typed,
-- and scoreboards opened (bench/capacity.py --server).
--
--   wrk -t1 -c<tables> -d<seconds>s --timeout 30s -s bench/wrk/asks.lua http://127.0.0.1:<port> \
--       -- <requests file> <delay ms> <connections>
--
-- One connection per table, asking once every <delay ms> (after each answer), so that the rate is the
-- tables' own. The requests file has one request per line, tab-separated: method, path, Cookie header (may
-- be empty) and JSON body (may be empty), in the order they are asked (each table's in turn). Every answer
-- must be 200. At the end it prints one line "asks: " and a JSON object, as polls.lua does.

-- globals, which done() reads from the thread (thread:get reads globals only)
asks = {}
counts = {answered = 0, unexpected = 0}
local turn, started, pause, connections = 0, 0, 5000, 1

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do fields[#fields + 1] = field end
  return fields
end

function init(args)
  pause, connections = tonumber(args[2]), tonumber(args[3])
  for line in io.lines(args[1]) do
    local f = split(line)
    local headers = {["Accept-Encoding"] = "gzip, deflate"}
    if f[3] ~= "" then headers["Cookie"] = f[3] end
    if f[4] ~= "" then headers["Content-Type"] = "application/json" end
    asks[#asks + 1] = wrk.format(f[1], f[2], headers, f[4] ~= "" and f[4] or nil)
  end
end

-- the first request of each connection spread over one pause, then one pause after each answer
function delay()
  if started < connections then
    started = started + 1
    return math.floor(started * pause / connections)
  end
  return pause
end

function request()
  turn = turn % #asks + 1
  return asks[turn]
end

function response(status, headers, body)
  if status == 200 then
    counts.answered = counts.answered + 1
  else
    counts.unexpected = counts.unexpected + 1
  end
end

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency, requests)
  local found = {answered = 0, unexpected = 0}
  for _, thread in ipairs(threads) do
    for name, count in pairs(thread:get("counts")) do found[name] = found[name] + count end
  end
  local e = summary.errors
  io.write(string.format(
    'asks: {"requests": %d, "p50": %.2f, "p95": %.2f, "p99": %.2f, "max": %.2f, "answered": %d, "unexpected": %d,' ..
    ' "connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}\n',
    summary.requests, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, found.answered, found.unexpected, e.connect, e.read, e.write, e.status, e.timeout))
end
