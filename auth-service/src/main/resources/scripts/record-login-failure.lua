-- Records that a reserved password check failed: gives its slot back, counts the failure, and locks the pair once the
-- failures of the window reach the limit. A pair's first lock lasts ARGV[3], each further one twice the one before, up
-- to ARGV[4]; how many locks came before is remembered for ARGV[5] and cleared by a success. Atomic, so two concurrent
-- failures cannot both miss the limit.
--
-- KEYS[1]  kit:login:checks:{pair}    checks in flight
-- KEYS[2]  kit:login:failures:{pair}  failures of the current window
-- KEYS[3]  kit:login:locked:{pair}    the lock
-- KEYS[4]  kit:login:locks:{pair}     consecutive locks
-- ARGV[1]  failures that lock the pair
-- ARGV[2]  failure window in ms (TTL of the failure count, set by the first failure of a series)
-- ARGV[3]  first lock in ms
-- ARGV[4]  longest lock in ms
-- ARGV[5]  how long the number of locks is remembered, in ms
--
-- Returns 0 if the pair is not locked by this failure, else the lock's length in ms.
local running = tonumber(redis.call('GET', KEYS[1]) or '0')
if running > 1 then
  redis.call('DECR', KEYS[1])
elseif running == 1 then
  redis.call('DEL', KEYS[1])
end
local failures = redis.call('INCR', KEYS[2])
if failures == 1 then
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
if failures < tonumber(ARGV[1]) then
  return 0
end
local locks = redis.call('INCR', KEYS[4])
redis.call('PEXPIRE', KEYS[4], ARGV[5])
local cap = tonumber(ARGV[4])
local lock = tonumber(ARGV[3])
for _ = 2, locks do
  if lock >= cap then
    break
  end
  lock = lock * 2
end
if lock > cap then
  lock = cap
end
redis.call('SET', KEYS[3], '1', 'PX', lock)
-- A new series starts when the lock ends, rather than one more failure re-locking at once.
redis.call('DEL', KEYS[2])
return lock
