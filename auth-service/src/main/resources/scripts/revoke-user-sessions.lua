-- Deletes every session of a user, and the index that lists them, in one step: a login that races it either is
-- listed in time and deleted, or stores its session after and keeps it.
--
-- KEYS[1]  kit:user-sessions:{userId}
-- ARGV[1]  kit:session: (a single Redis, not a cluster, holds all these keys)
-- ARGV[2]  the reference of the session that asked, deleted even if the index does not list it
--
-- Returns how many sessions were deleted.
local deleted = redis.call('DEL', ARGV[1] .. ARGV[2])
for _, reference in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  deleted = deleted + redis.call('DEL', ARGV[1] .. reference)
end
redis.call('DEL', KEYS[1])
return deleted
