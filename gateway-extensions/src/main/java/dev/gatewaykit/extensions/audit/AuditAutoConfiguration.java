package dev.gatewaykit.extensions.audit;

import java.util.Map;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisReactiveAutoConfiguration;
import org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Registers the {@code Audit} route filter. Listed in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports},
 * which is how the gateway finds it: the gateway does not component-scan this module.
 * <p>
 * After Spring Boot's Redis auto-configuration, whose two templates it uses (over the
 * gateway's one Lettuce connection factory); a gateway without them has no {@code Audit}
 * filter, and a route that names it fails as for any unknown filter.
 */
@AutoConfiguration(after = { DataRedisAutoConfiguration.class, DataRedisReactiveAutoConfiguration.class })
@ConditionalOnClass({ AbstractGatewayFilterFactory.class, ReactiveStringRedisTemplate.class })
@EnableConfigurationProperties(AuditProperties.class)
public class AuditAutoConfiguration {

	@Bean
	@ConditionalOnBean({ StringRedisTemplate.class, ReactiveStringRedisTemplate.class })
	AuditGatewayFilterFactory auditGatewayFilterFactory(AuditProperties properties, StringRedisTemplate redis,
			ReactiveStringRedisTemplate reactiveRedis) {
		return new AuditGatewayFilterFactory(Map.of(AuditStyle.BLOCKING, new BlockingAuditLog(redis, properties),
				AuditStyle.REACTIVE, new ReactiveAuditLog(reactiveRedis, properties)));
	}

}
