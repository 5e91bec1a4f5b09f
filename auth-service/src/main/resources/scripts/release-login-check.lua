-- Gives back a reserved password check that did not fail: at once, so that a right password never holds up the next
-- login of its pair. After a success (ARGV[1] = 1) the pair's failures and its lock history are cleared too; a check
-- abandoned for another reason (an overloaded hasher, Redis trouble, a client gone) only gives its slot back.
--
-- KEYS[1]  kit:login:checks:{pair}    checks in flight
-- KEYS[2]  kit:login:failures:{pair}  failures of the current window
-- KEYS[3]  kit:login:locks:{pair}     consecutive locks
-- ARGV[1]  1 after a successful login, 0 otherwise
local running = tonumber(redis.call('GET', KEYS[1]) or '0')
if running > 1 then
  redis.call('DECR', KEYS[1])
elseif running == 1 then
  redis.call('DEL', KEYS[1])
end
if ARGV[1] == '1' then
  redis.call('DEL', KEYS[2], KEYS[3])
end
return 0
