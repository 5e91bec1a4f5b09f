-- Called after a reserved password check failed (reserve-login-attempt.lua counted it already): locks the account once
-- the failures of the window reach the limit. Atomic, so two concurrent failures cannot both miss the limit.
--
-- KEYS[1]  kit:login:failures:{username}
-- KEYS[2]  kit:login:locked:{username}
-- ARGV[1]  failures that lock the account
-- ARGV[2]  lock duration in ms
--
-- Returns 1 if this failure locked the account, 0 otherwise.
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
  -- A new series starts when the lock ends, rather than one more failure re-locking at once.
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
