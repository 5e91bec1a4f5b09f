-- Counts one failed login and locks the account once the count reaches the limit, in one round trip and atomically
-- (two concurrent failures can neither both miss the limit nor leave a counter without its TTL).
--
-- KEYS[1]  kit:login:failures:{username}
-- KEYS[2]  kit:login:locked:{username}
-- ARGV[1]  failure window in ms (TTL of the counter, set by the first failure of a series)
-- ARGV[2]  failures that lock the account
-- ARGV[3]  lock duration in ms
--
-- Returns 1 if this failure locked the account, 0 otherwise.
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
if failures >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  -- A new series starts when the lock ends, rather than one more failure re-locking at once.
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
