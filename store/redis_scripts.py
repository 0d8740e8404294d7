"""The Lua script that makes every write to Redis a single atomic, checked step.

Redis runs a script to completion before serving any other command, but it does not roll a
script back if it fails half way. So the script runs every check before its first write, and
its writes cannot fail once the checks pass (the `#!lua` header makes Redis refuse a writing
script up front when it is out of memory, instead of failing it part way through).
"""

from __future__ import annotations

CONFLICT = "CONFLICT"
"""Error code the scripts reply with when a write would break an integrity rule."""

APPEND = f"""#!lua
-- Records events and/or advances one tracking position, all or nothing.
-- KEYS[1] the log stream, KEYS[2] the tracking hash, KEYS[2 + i] the aggregate of event i
-- ARGV[1] upstream application name ('' when nothing is tracked), ARGV[2] its notification id,
-- ARGV[3] '1' to append the events to the log too (application and process recorders)
-- ARGV[4i .. 4i + 3] event i: originator id, originator version, topic, state
-- Returns the notification id given to the first event (the others follow it without gaps),
-- or 0 when nothing was appended to the log.
local log, tracking, logged = KEYS[1], KEYS[2], ARGV[3] == '1'
local count = #KEYS - 2

if ARGV[1] ~= '' then
  local current = redis.call('HGET', tracking, ARGV[1])
  if current and tonumber(current) >= tonumber(ARGV[2]) then
    return redis.error_reply('{CONFLICT} tracking position ' .. ARGV[2] .. ' of ' .. ARGV[1]
      .. ' is not after the recorded ' .. current)
  end
end

local seen = {{}}
for i = 1, count do
  local aggregate, version = KEYS[2 + i], ARGV[4 * i + 1]
  local event = aggregate .. '#' .. version
  if seen[event] or redis.call('ZCOUNT', aggregate, version, version) > 0 then
    return redis.error_reply('{CONFLICT} version ' .. version .. ' of ' .. aggregate
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
      'originator_id', ARGV[4 * i], 'originator_version', ARGV[4 * i + 1],
      'topic', ARGV[4 * i + 2], 'state', ARGV[4 * i + 3])
  end
end
for i = 1, count do
  local version, topic, state = ARGV[4 * i + 1], ARGV[4 * i + 2], ARGV[4 * i + 3]
  redis.call('ZADD', KEYS[2 + i], version, version .. '\\n' .. topic .. '\\n' .. state)
end

if ARGV[1] ~= '' then
  redis.call('HSET', tracking, ARGV[1], ARGV[2])
end
return first
"""
