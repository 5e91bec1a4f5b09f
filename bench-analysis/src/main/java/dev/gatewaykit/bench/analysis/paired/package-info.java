/**
 * Paired statistics for two builds measured interleaved (A B B A …): each pair's ratio
 * B/A, the change they estimate with a distribution-free confidence interval, and a
 * verdict that can say it is not sure yet, with the smallest change the run could have
 * seen.
 */
@NullMarked
package dev.gatewaykit.bench.analysis.paired;

import org.jspecify.annotations.NullMarked;
