/**
 * Several injectors' results for one run, merged exactly into one injector's: counts add,
 * histograms add (HdrHistogram's interval logs, aligned second by second).
 */
@NullMarked
package dev.gatewaykit.bench.analysis.merge;

import org.jspecify.annotations.NullMarked;
