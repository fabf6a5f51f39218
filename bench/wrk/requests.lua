-- wrk script for bench/run.ts: one method, a list of paths, an optional JSON body and a bearer token,
-- all from the environment; prints one JSON line (BENCH_JSON) with the counts and the latency.
--   WRK_METHOD      GET (default), PUT, POST ...
--   WRK_PATHS_FILE  a file with one path per line (default: the URL's own path, always)
--   WRK_UNIQUE      "1": every path is used at most once (registrations); each thread takes every
--                   n-th line, and a thread that runs out sends its last path again (a 409 counted
--                   as an error, so running out cannot pass unnoticed)
--   WRK_BODY        a request body; "{i}" in it becomes the request's sequence number
--   WRK_TOKEN       sent as Authorization: Bearer <token>
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end

function init(args)
  method = os.getenv("WRK_METHOD") or "GET"
  body = os.getenv("WRK_BODY")
  unique = os.getenv("WRK_UNIQUE") == "1"
  local token = os.getenv("WRK_TOKEN")
  headers = {}
  if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end
  if body and body ~= "" then headers["Content-Type"] = "application/json" else body = nil end
  paths = {}
  local file = os.getenv("WRK_PATHS_FILE")
  local nthreads = tonumber(os.getenv("WRK_THREADS") or "1")
  if file and file ~= "" then
    local n = 0
    for line in io.lines(file) do
      if line ~= "" then
        n = n + 1
        if not unique or (n % nthreads) == (id - 1) then table.insert(paths, line) end
      end
    end
  end
  if #paths == 0 then paths = { wrk.path } end
  index = 0
  seq = id * 1000000
  ok, non2xx, statuses = 0, 0, {}
end

function request()
  index = index + 1
  local p
  if unique then p = paths[math.min(index, #paths)] else p = paths[((index - 1) % #paths) + 1] end
  seq = seq + 1
  local b = body and string.gsub(body, "{i}", tostring(seq)) or nil
  return wrk.format(method, p, headers, b)
end

function response(status, hdrs, resp)
  statuses[status] = (statuses[status] or 0) + 1
  if status >= 200 and status < 300 then ok = ok + 1 else non2xx = non2xx + 1 end
end

function done(summary, latency, requests)
  local okAll, badAll, byStatus = 0, 0, {}
  for _, t in ipairs(threads) do
    okAll = okAll + t:get("ok")
    badAll = badAll + t:get("non2xx")
    local s = t:get("statuses")
    for k, v in pairs(s) do byStatus[tostring(k)] = (byStatus[tostring(k)] or 0) + v end
  end
  local parts = {}
  for k, v in pairs(byStatus) do table.insert(parts, string.format('"%s":%d', k, v)) end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"ok":%d,"non2xx":%d,"statuses":{%s},"socket_errors":%d,' ..
    '"p50_us":%d,"p95_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, okAll, badAll, table.concat(parts, ","),
    e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, latency.mean))
end
