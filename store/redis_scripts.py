"""The Lua scripts of the Redis module: every write is one atomic, checked step, and so is
finding events by version in a list whose versions do not follow its indexes.

Redis runs a script to completion before serving any other command, but it does not roll a
script back if it fails half way. So the append script runs every check before its first
write, and its writes cannot fail once the checks pass (the `#!lua` header makes Redis refuse a
writing script up front when it is out of memory, instead of failing it part way through).

Each event is stored once, in its aggregate's list (key layout in `store.redis`): an element
`<version>\\n<topic>\\n<state>`, the list kept in ascending version order. The notification log
holds a reference per event (originator id and version).
"""

from __future__ import annotations

CONFLICT = "CONFLICT"
"""Error code the scripts reply with when a write would break an integrity rule."""

_FIND = """
-- The version at the head of an aggregate list element `<version>\\n<topic>\\n<state>`.
local function version_of(element)
  return tonumber(string.match(element, '^(%-?%d+)\\n'))
end

-- An aggregate list's length and its lowest and highest versions (nil when it is empty).
local function ends(key)
  local size = redis.call('LLEN', key)
  if size == 0 then return {size = 0} end
  return {
    size = size,
    first = version_of(redis.call('LINDEX', key, 0)),
    last = version_of(redis.call('LINDEX', key, -1)),
  }
end

-- The first index (0-based) of `key`'s list whose version is >= `target` (its length if none),
-- given its `ends`. A list whose versions run without gaps (an aggregate's, usually) is
-- indexed directly; any other is searched.
local function lower_bound(key, target, span)
  if span.size == 0 or target <= span.first then return 0 end
  if target > span.last then return span.size end
  if span.last - span.first == span.size - 1 then return target - span.first end
  local low, high = 1, span.size - 1
  while low < high do
    local middle = math.floor((low + high) / 2)
    if version_of(redis.call('LINDEX', key, middle)) < target then
      low = middle + 1
    else
      high = middle
    end
  end
  return low
end
"""

APPEND = f"""#!lua
-- Records events and/or advances one tracking position, all or nothing.
-- KEYS[1] the log stream, KEYS[2] the tracking hash, KEYS[2 + i] the aggregate list of event i
-- ARGV[1] upstream application name ('' when nothing is tracked), ARGV[2] its notification id,
-- ARGV[3] '1' to log the events too (application and process recorders)
-- ARGV[4i .. 4i + 3] event i: originator id, originator version, topic, state
-- Returns the notification id given to the first event (the others follow it without gaps),
-- or 0 when nothing was appended to the log.
local log, tracking, logged = KEYS[1], KEYS[2], ARGV[3] == '1'
local count = #KEYS - 2

-- The usual append first, in as few steps as it takes: one event after its aggregate's highest
-- version, nothing tracked (a decision). Anything else takes the general way below.
if count == 1 and ARGV[1] == '' then
  local aggregate, version = KEYS[3], tonumber(ARGV[5])
  local newest = redis.call('LINDEX', aggregate, -1)
  if not newest or version > tonumber(string.match(newest, '^(%-?%d+)\\n')) then
    local first = 0
    if logged then
      first = 1
      local entry = redis.call('XREVRANGE', log, '+', '-', 'COUNT', 1)[1]
      if entry then first = tonumber(string.match(entry[1], '^(%d+)')) + 1 end
      redis.call('XADD', log, string.format('%d-0', first), 'i', ARGV[4], 'v', ARGV[5])
    end
    redis.call('RPUSH', aggregate, ARGV[5] .. '\\n' .. ARGV[6] .. '\\n' .. ARGV[7])
    return first
  end
end
{_FIND}
-- The highest version of each aggregate this script touches, kept current as it writes.
local tails = {{}}
local function tail(key)
  if tails[key] == nil then
    local newest = redis.call('LINDEX', key, -1)
    tails[key] = newest and version_of(newest) or false
  end
  return tails[key]
end

-- Whether `key`'s list holds `version` (an append after its highest version needs no search).
local function holds(key, version)
  local last = tail(key)
  if not last or version > last then return false end
  local element = redis.call('LINDEX', key, lower_bound(key, version, ends(key)))
  return element ~= false and version_of(element) == version
end

if ARGV[1] ~= '' then
  local current = redis.call('HGET', tracking, ARGV[1])
  if current and tonumber(current) >= tonumber(ARGV[2]) then
    return redis.error_reply('{CONFLICT} tracking position ' .. ARGV[2] .. ' of ' .. ARGV[1]
      .. ' is not after the recorded ' .. current)
  end
end

local seen = {{}}
for i = 1, count do
  local aggregate, version = KEYS[2 + i], tonumber(ARGV[4 * i + 1])
  local event = aggregate .. '#' .. version
  if seen[event] or holds(aggregate, version) then
    return redis.error_reply('{CONFLICT} version ' .. ARGV[4 * i + 1] .. ' of ' .. aggregate
      .. ' is already recorded')
  end
  seen[event] = true
end

local first = 0
if logged and count > 0 then
  first = 1
  local newest = redis.call('XREVRANGE', log, '+', '-', 'COUNT', 1)[1]
  if newest then
    first = tonumber(string.match(newest[1], '^(%d+)')) + 1
  end
end

-- The log goes first: its first XADD is the one write that could still be refused (if the
-- stream's newest entry had been deleted by hand), and then nothing has been written yet.
if logged then
  for i = 1, count do
    redis.call('XADD', log, string.format('%d-0', first + i - 1),
      'i', ARGV[4 * i], 'v', ARGV[4 * i + 1])
  end
end
for i = 1, count do
  local aggregate, version = KEYS[2 + i], tonumber(ARGV[4 * i + 1])
  local element = ARGV[4 * i + 1] .. '\\n' .. ARGV[4 * i + 2] .. '\\n' .. ARGV[4 * i + 3]
  local last = tail(aggregate)
  if not last or version > last then
    redis.call('RPUSH', aggregate, element)
    tails[aggregate] = version
  else
    local at = lower_bound(aggregate, version, ends(aggregate))
    redis.call('LINSERT', aggregate, 'BEFORE', redis.call('LINDEX', aggregate, at), element)
  end
end

if ARGV[1] ~= '' then
  redis.call('HSET', tracking, ARGV[1], ARGV[2])
end
return first
"""

SELECT_EVENTS = f"""#!lua flags=no-writes
-- The elements of one aggregate list between two versions, ascending. (The recorders read
-- with plain LRANGEs where an aggregate's versions are its list indexes plus one, as the
-- library numbers them; this script is for any other list, such as the snapshots'.)
-- KEYS[1] the aggregate list
-- ARGV[1] versions greater than this ('' for no bound), ARGV[2] versions up to this ('' none),
-- ARGV[3] '1' to keep the highest `limit` rather than the lowest, ARGV[4] limit ('' none)
local aggregate = KEYS[1]
{_FIND}
local span = ends(aggregate)
local from, to = 0, span.size - 1
if ARGV[1] ~= '' then from = lower_bound(aggregate, tonumber(ARGV[1]) + 1, span) end
if ARGV[2] ~= '' then to = lower_bound(aggregate, tonumber(ARGV[2]) + 1, span) - 1 end
if ARGV[4] ~= '' then
  local limit = tonumber(ARGV[4])
  if ARGV[3] == '1' then
    from = math.max(from, to - limit + 1)
  else
    to = math.min(to, from + limit - 1)
  end
end
if from > to then return {{}} end
return redis.call('LRANGE', aggregate, from, to)
"""
