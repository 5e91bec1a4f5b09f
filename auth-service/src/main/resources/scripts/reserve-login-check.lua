-- Reserves one password check for a (user, client) pair, or refuses it, in one atomic step before BCrypt runs: however
-- many logins race, the pair's failures plus its checks in flight never exceed ARGV[1]. (Checking the lock, then
-- BCrypt, then counting let 60 concurrent wrong passwords get 48 checks past a limit of 5.)
--
-- KEYS[1]  kit:login:locked:{pair}    the lock, with its remaining time as TTL
-- KEYS[2]  kit:login:failures:{pair}  failures of the current window
-- KEYS[3]  kit:login:checks:{pair}    checks in flight
-- ARGV[1]  failures that lock the pair (kit.auth.lockout.max-failures)
-- ARGV[2]  TTL of the in-flight count in ms: how long a reservation left behind by a crashed service blocks its pair
-- ARGV[3]  ms to report for a lock that has no TTL (made by hand)
--
-- Returns 0 if the check is reserved, -1 if every check the pair has left is in flight (busy: retry shortly), or the ms
-- until the pair's lock ends.
local locked = redis.call('PTTL', KEYS[1])
if locked > 0 then
  return locked
end
if locked == -1 then
  return tonumber(ARGV[3])
end
local failures = tonumber(redis.call('GET', KEYS[2]) or '0')
local running = tonumber(redis.call('GET', KEYS[3]) or '0')
if failures + running >= tonumber(ARGV[1]) then
  return -1
end
redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return 0
