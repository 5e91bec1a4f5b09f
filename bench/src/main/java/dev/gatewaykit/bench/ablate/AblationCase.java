package dev.gatewaykit.bench.ablate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.gatewaykit.bench.analysis.ablation.Ablation;
import dev.gatewaykit.launcher.nginx.NginxConfig;

/**
 * One configuration of an ablation: every knob on its base's side, but at most one turned
 * to the other side.
 *
 * @param base the build the case starts from
 * @param turned the knob turned to the other side, empty for the base itself
 */
public record AblationCase(Knob.Side base, Optional<Knob> turned) {

	/** The name of a base case: {@code fixed~base}. */
	public static final String BASE = "base";

	/**
	 * {@code fixed~base}, or {@code fixed~mode} for the fixed build with the mode turned
	 * naive: never a bench mode's name, so no side-by-side report takes it for one.
	 */
	public String name() {
		return this.base.id() + Ablation.SEPARATOR + this.turned.map(Knob::id).orElse(BASE);
	}

	/** The knob this case turned and its setting; nothing for the base. */
	public Map<String, String> knobs() {
		return this.turned.map((knob) -> Map.of(knob.id(), knob.setting(this.base.other()))).orElse(Map.of());
	}

	/** The case as the ablation's analysis reads it. */
	public Ablation.Case spec() {
		return new Ablation.Case(name(), this.base.id(), this.turned.map(Knob::id).orElse(null), describe());
	}

	/** The side {@code knob} is on in this case. */
	public Knob.Side side(Knob knob) {
		return this.turned.filter(knob::equals).isPresent() ? this.base.other() : this.base;
	}

	/**
	 * Every knob's argument, stated on both sides, so that a case does not depend on the
	 * gateway's defaults or on a profile.
	 */
	public List<String> gatewayArguments() {
		List<String> arguments = new ArrayList<>();
		for (Knob knob : Knob.values()) {
			arguments.addAll(knob.gatewayArguments(side(knob)));
		}
		return arguments;
	}

	public NginxConfig.Variant nginx() {
		return Knob.nginx(side(Knob.NGINX));
	}

	/** What the case changed from its base, for the report. */
	public String describe() {
		return this.turned.map((knob) -> knob.title() + " → " + knob.setting(this.base.other()))
			.orElse("all " + this.base.id());
	}

	/**
	 * The base and then each knob turned, for every base: the base first, since every
	 * case is read against it.
	 */
	public static List<AblationCase> plan(List<Knob.Side> bases, List<Knob> knobs) {
		List<AblationCase> cases = new ArrayList<>();
		for (Knob.Side base : bases) {
			cases.add(new AblationCase(base, Optional.empty()));
			for (Knob knob : knobs) {
				cases.add(new AblationCase(base, Optional.of(knob)));
			}
		}
		return cases;
	}

}
