-- Reserves one password check for a user name, or refuses it, in one atomic step: the lock check and the count happen
-- before BCrypt runs, so however many requests race, at most ARGV[2] passwords are checked per window. (Checking the
-- lock, then BCrypt, then counting let 60 concurrent wrong passwords get 48 checks past a limit of 5: all were past
-- the lock check before the first failure was counted.)
--
-- A reservation counts as a failure until a successful login clears the counter (FailureCounterResets);
-- record-login-failure.lua then decides whether a failed check locks the account.
--
-- KEYS[1]  kit:login:failures:{username}
-- KEYS[2]  kit:login:locked:{username}
-- ARGV[1]  failure window in ms (TTL of the counter, set by the first reservation of a series)
-- ARGV[2]  password checks allowed per window (kit.auth.lockout.max-failures)
--
-- Returns 0 if the check is reserved; otherwise the ms until the caller may try again, or -1 for "locked, no TTL".
local locked = redis.call('PTTL', KEYS[2])
if locked ~= -2 then
  return locked
end
local reserved = tonumber(redis.call('GET', KEYS[1]) or '0')
if reserved >= tonumber(ARGV[2]) then
  -- Every allowed check of this window is taken (some still running); refused without counting.
  local window = redis.call('PTTL', KEYS[1])
  if window > 0 then
    return window
  end
  return -1
end
if redis.call('INCR', KEYS[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return 0
