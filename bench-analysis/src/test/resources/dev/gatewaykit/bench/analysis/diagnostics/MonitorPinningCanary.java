/**
 * The JDK 21-23 twin of PinningCanary (whose FFM API is final in 22 only): before JEP 491
 * (JDK 24) a virtual thread that blocks inside {@code synchronized} pins its carrier.
 * {@code pin} sleeps holding a monitor, {@code clean} sleeps without one.
 */
public class MonitorPinningCanary {

	private static final Object LOCK = new Object();

	public static void main(String[] args) throws Exception {
		boolean pin = args.length == 1 && args[0].equals("pin");
		if (!pin && !(args.length == 1 && args[0].equals("clean"))) {
			throw new IllegalArgumentException("usage: MonitorPinningCanary pin|clean");
		}
		Thread thread = Thread.ofVirtual().start(() -> {
			try {
				if (pin) {
					sleepHoldingAMonitor();
				}
				else {
					Thread.sleep(40);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		thread.join();
		System.out.println("canary " + args[0] + " done");
	}

	static void sleepHoldingAMonitor() throws InterruptedException {
		synchronized (LOCK) {
			Thread.sleep(40);
		}
	}

}
