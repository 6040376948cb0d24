package app.hnefi.android;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The core's text tables (core/texts/LANG.txt, "key = text" lines), which the tests read to know
 * what the screens must say in each language. In Java, for the launch test that runs against
 * R8's output (see ShrunkLaunchTest).
 */
public final class CoreTexts {
    private CoreTexts() {}

    /**
     * The table of [language] ("en", "fr", "de"), found by walking up from the folder the tests
     * run in (android/app under Gradle, the build's target folder under tests/android-app).
     */
    public static Map<String, String> of(String language) throws IOException {
        String name = "core/texts/" + language + ".txt";
        File dir = new File("").getAbsoluteFile();
        while (dir != null && !new File(dir, name).isFile()) {
            dir = dir.getParentFile();
        }
        if (dir == null) {
            throw new IOException(name + " is not above " + new File("").getAbsolutePath());
        }
        Map<String, String> out = new HashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new FileInputStream(new File(dir, name)), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int eq = line.indexOf('=');
                if (line.startsWith("#") || eq < 0) {
                    continue;
                }
                out.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        return out;
    }
}
