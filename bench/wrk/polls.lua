-- The phones of the tables polling their live scoreboard, as static/js/live.js does (bench/capacity.py --server).
--
--   wrk -t1 -c<phones> -d<seconds>s --timeout 30s -s bench/wrk/polls.lua http://127.0.0.1:<port> \
--       -- <phones file> <interval ms> <state file>
--
-- One wrk thread; each connection is a phone's keep-alive connection (sync workers close each one: wrk then
-- opens another). A connection waits <interval ms> after each answer before it asks again, as poll.js's
-- setTimeout does, so the rate is the tables' own whatever the server's latency. The phones file has one
-- line per phone, tab-separated: its table's number, the token of its link, the version its page shows, its
-- last row ("<hand>.<key>", as live.js sends it; may be empty) and its Cookie header (may be empty).
--
-- wrk tells request() nothing of the connection it asks for, nor response() of the request answered: the
-- phones take turns, and a poll answered with the news is placed by the row key it carries (a phone says its
-- last row, the answer says the key of the row it keeps: a key belongs to one game) on one of the table's
-- phones with a poll of an older version in flight, the most recent asked (they are alike: each is answered
-- with the same news). Its version and last row become those of the news, as live.js takes them. The script
-- cannot tell a poll in flight from one answered 304 just before the save, so the news may go to the phone of
-- the latter; the phone it was for then polls once more at the old version (the app answers it the news again:
-- a few more news answers than browsers cost), and news that finds every phone of its table up to date is
-- counted as "late", not as an error. bench/capacity.py then checks that every phone shows each save made two
-- polls before the end.
--
-- At the end it prints one line "polls: " and a JSON object (latency percentiles in ms, counts by kind,
-- wrk's socket errors), and writes each phone's state to <state file> in the phones file's format.

local ffi = require("ffi")

-- globals, which done() reads from the thread (thread:get reads globals only, and copies no table in a table)
lines = {}               -- each phone's state as a line of the phones file
counts = {news = 0, late = 0, unchanged = 0, unplaced = 0, unexpected = 0}
state_file = nil
local phones = {}        -- each: {line=, table=, token=, version=, held=, cookie=, headers=, asked=, asked_version=}
local tables = {}        -- a table's number -> its phones
local table_of_key = {}  -- a row key -> its table's number
local turn, started, asked_count, interval = 0, 0, 0, 2500

ffi.cdef [[
typedef struct {
  const unsigned char *next_in; unsigned int avail_in; unsigned long total_in;
  unsigned char *next_out; unsigned int avail_out; unsigned long total_out;
  const char *msg; void *state; void *zalloc; void *zfree; void *opaque;
  int data_type; unsigned long adler; unsigned long reserved;
} z_stream;
const char *zlibVersion(void);
int inflateInit2_(z_stream *strm, int windowBits, const char *version, int stream_size);
int inflate(z_stream *strm, int flush);
int inflateEnd(z_stream *strm);
]]
local zlib = ffi.load("z")
local OUT = 4 * 1024 * 1024
local out = ffi.new("unsigned char[?]", OUT)

-- an answer's body as the browser reads it: gzip or deflate undone (zlib's own detection: 15 + 32)
local function inflated(body)
  local stream = ffi.new("z_stream")
  if zlib.inflateInit2_(stream, 47, zlib.zlibVersion(), ffi.sizeof(stream)) ~= 0 then return nil end
  stream.next_in, stream.avail_in = body, #body
  stream.next_out, stream.avail_out = out, OUT
  local status = zlib.inflate(stream, 4)  -- Z_FINISH: the whole body at once
  local text = status == 1 and ffi.string(out, OUT - stream.avail_out) or nil  -- Z_STREAM_END
  zlib.inflateEnd(stream)
  return text
end

local function split(line)
  local fields = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do fields[#fields + 1] = field end
  return fields
end

-- a phone's state kept: its line, and the table its last row's key belongs to
local function remember(phone)
  lines[phone.line] = table.concat({phone.table, phone.token, phone.version, phone.held, phone.cookie}, "\t")
  local key = phone.held:match("^%d+%.(%w+)$")
  if key then table_of_key[key] = phone.table end
end

function init(args)
  interval = tonumber(args[2])
  state_file = args[3]
  for line in io.lines(args[1]) do
    local f = split(line)
    local phone = {line = #phones + 1, table = f[1], token = f[2], version = tonumber(f[3]), held = f[4],
                   cookie = f[5] or "", asked = -1, asked_version = math.huge,
                   headers = {["Accept-Encoding"] = "gzip, deflate"}}
    if phone.cookie ~= "" then phone.headers["Cookie"] = phone.cookie end
    phones[#phones + 1] = phone
    tables[phone.table] = tables[phone.table] or {}
    table.insert(tables[phone.table], phone)
    remember(phone)
  end
end

-- the first poll of each connection spread over one interval (wrk connects them all at once), in the order
-- they connect; then one interval after each answer
function delay()
  if started < #phones then
    started = started + 1
    return math.floor(started * interval / #phones)
  end
  return interval
end

function request()
  turn = turn % #phones + 1
  local phone = phones[turn]
  asked_count = asked_count + 1
  phone.asked, phone.asked_version = asked_count, phone.version
  local rows = phone.held ~= "" and ("&rows=" .. phone.held) or ""
  return wrk.format("GET", "/s/" .. phone.token .. "/live?v=" .. phone.version .. rows, phone.headers)
end

-- the phone of table `number` this news is for: the one of an older version asked most recently
local function receiver(number, version)
  local found
  for _, phone in ipairs(tables[number] or {}) do
    if phone.asked_version < version and phone.version < version and (not found or phone.asked > found.asked) then
      found = phone
    end
  end
  return found
end

local function took_news(headers, body)
  local encoding = headers["Content-Encoding"] or headers["content-encoding"]
  local text = encoding and inflated(body) or body
  local version = text and tonumber(text:match('"version":%s*(%d+)') or "")
  -- rows.key (the only "key" of the answer): the key of the row the phone said it shows
  local key = text and text:match('"key":%s*"(%w+)"')
  local number = key and table_of_key[key]
  if not (version and number) then
    counts.unplaced = counts.unplaced + 1
    return
  end
  local phone = receiver(number, version)
  if not phone then
    -- every phone of the table shows it already: this one's news was given to another phone of its table whose
    -- poll had been answered before the save (a 304), which then polls once more with the new version
    counts.late = counts.late + 1
    counts.news = counts.news + 1
    return
  end
  phone.version = version
  -- the last row it shows now: the last one the news brought (escaped in JSON: id=\"hand-N\")
  for hand, row_key in text:gmatch('<tr id=\\"hand%-(%d+)\\"[^>]- data%-key=\\"(%w+)\\"') do
    phone.held = hand .. "." .. row_key
  end
  remember(phone)
  counts.news = counts.news + 1
end

function response(status, headers, body)
  if status == 304 then
    counts.unchanged = counts.unchanged + 1
  elseif status == 200 then
    took_news(headers, body)
  else
    counts.unexpected = counts.unexpected + 1
  end
end

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency, requests)
  local found = {news = 0, late = 0, unchanged = 0, unplaced = 0, unexpected = 0}
  local state = io.open(threads[1]:get("state_file"), "w")
  for _, thread in ipairs(threads) do
    for name, count in pairs(thread:get("counts")) do found[name] = found[name] + count end
    for _, line in ipairs(thread:get("lines")) do state:write(line, "\n") end
  end
  state:close()
  local e = summary.errors
  io.write(string.format(
    'polls: {"requests": %d, "p50": %.2f, "p95": %.2f, "p99": %.2f, "max": %.2f, "news": %d, "late": %d, "unchanged": %d,' ..
    ' "unplaced": %d, "unexpected": %d, "connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}\n',
    summary.requests, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, found.news, found.late, found.unchanged, found.unplaced, found.unexpected,
    e.connect, e.read, e.write, e.status, e.timeout))
end
