package app.hnefi.android.tests;

import java.util.ArrayList;
import java.util.List;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.Result;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * Runs the app's JUnit 4 test classes (Robolectric's runner among them) as Gradle's
 * testDebugUnitTest would, and prints one line a test class and the totals in the form the
 * project's test command counts ("Tests run: N, Failures: F, Errors: E, Skipped: S").
 * Exits 1 when a test fails.
 */
public final class RunTests {
    public static void main(String[] args) throws ClassNotFoundException {
        List<Class<?>> classes = new ArrayList<>();
        for (String name : args) {
            classes.add(Class.forName(name));
        }
        JUnitCore core = new JUnitCore();
        core.addListener(new RunListener() {
            private long started;

            @Override
            public void testStarted(Description d) {
                started = System.nanoTime();
            }

            @Override
            public void testFinished(Description d) {
                System.out.printf("  %-60s %6d ms%n", d.getClassName().replaceAll(".*\\.", "") + "." + d.getMethodName(),
                        (System.nanoTime() - started) / 1_000_000);
            }

            @Override
            public void testFailure(Failure f) {
                System.out.println("  FAILED " + f.getDescription().getDisplayName());
                System.out.println(f.getTrace());
            }

            @Override
            public void testIgnored(Description d) {
                System.out.println("  skipped " + d.getDisplayName());
            }
        });
        Result result = core.run(Request.classes(classes.toArray(new Class<?>[0])));
        System.out.printf("Tests run: %d, Failures: %d, Errors: 0, Skipped: %d%n",
                result.getRunCount(), result.getFailureCount(), result.getIgnoreCount());
        System.exit(result.wasSuccessful() ? 0 : 1);
    }
}
