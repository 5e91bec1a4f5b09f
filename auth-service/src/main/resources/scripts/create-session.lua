-- Stores a new session and indexes it under its user, in one step, so that revoking all of a user's sessions finds
-- every session that exists. The index is trimmed of a few dead references per login (sessions that idled out or were
-- revoked), a bounded cost however many the user has; its TTL, renewed here, is the sessions' maximum lifetime, so it
-- outlives every session it lists.
--
-- KEYS[1]  kit:session:{reference}
-- KEYS[2]  kit:user-sessions:{userId}
-- ARGV[1]  the session, JSON
-- ARGV[2]  the session's idle timeout in ms
-- ARGV[3]  the sessions' maximum lifetime in ms
-- ARGV[4]  the session's reference
-- ARGV[5]  kit:session: (to test the sampled references; a single Redis, not a cluster, holds all these keys)
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
for _, reference in ipairs(redis.call('SRANDMEMBER', KEYS[2], 8)) do
  if redis.call('EXISTS', ARGV[5] .. reference) == 0 then
    redis.call('SREM', KEYS[2], reference)
  end
end
redis.call('SADD', KEYS[2], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
