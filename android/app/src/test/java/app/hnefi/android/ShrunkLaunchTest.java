package app.hnefi.android;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import android.accessibilityservice.AccessibilityServiceInfo;
import android.content.Context;
import android.os.Bundle;
import android.view.View;
import android.view.ViewGroup;
import android.view.accessibility.AccessibilityManager;
import android.view.accessibility.AccessibilityNodeInfo;
import android.view.accessibility.AccessibilityNodeProvider;
import androidx.test.ext.junit.runners.AndroidJUnit4;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.android.controller.ActivityController;
import org.robolectric.annotation.Config;
import org.robolectric.shadow.api.Shadow;
import org.robolectric.shadows.ShadowAccessibilityManager;
import org.robolectric.shadows.ShadowLooper;

/**
 * The app starts and shows its start screen: the words and buttons a person finds there, read
 * as TalkBack reads them (the accessibility nodes of the app's view), against the core's own
 * English texts (core/texts/en.txt).
 *
 * <p>It runs unchanged against the release build's classes as R8 shrank and renamed them
 * (tests/android-app/build.py runs it there too): a class or member that R8 removed and the app
 * needs at launch, or for its first screen, fails it. It is written in Java and uses nothing but
 * Robolectric, JUnit and the framework, because R8 shrinks and renames the Kotlin standard
 * library inside the app: Kotlin test code would call it by names that no longer exist.
 */
// AndroidJUnit4, not HnefiTestRunner: a runner written in Kotlin cannot load beside R8's output.
@RunWith(AndroidJUnit4.class)
@Config(qualifiers = "en-rUS-w360dp-h640dp-xhdpi")
public final class ShrunkLaunchTest {
    /** The start screen's words, by their keys in the text table. */
    private static final String[] WORDS = {
        "start.new_game", "start.game", "start.opponent", "start.vs_computer", "start.two_players",
        "start.level", "level.easy", "level.normal", "level.hard", "start.your_side",
    };

    /** The start screen's buttons: each must be a node that TalkBack can activate. */
    private static final String[] BUTTONS = {"start.start", "start.records", "start.rules", "start.settings"};

    @Test
    public void theStartScreenShowsItsWordsAndButtons() throws IOException {
        Map<String, String> english = CoreTexts.of("en");
        startTalkBack(RuntimeEnvironment.getApplication());
        ActivityController<MainActivity> controller = Robolectric.buildActivity(MainActivity.class).setup(new Bundle());
        ViewGroup content = controller.get().findViewById(android.R.id.content);
        assertEquals("the content frame holds the app's view", 1, content.getChildCount());
        View app = content.getChildAt(0);
        assertTrue("the app's view is laid out", app.getWidth() > 0 && app.getHeight() > 0);

        // What TalkBack reads, swiping through the screen and scrolling it on at its end: each
        // node's words, and whether a double tap activates it.
        Map<String, Boolean> heard = new HashMap<>();
        long end = System.currentTimeMillis() + 60_000;
        int scrolls = 0;
        while (System.currentTimeMillis() < end) {
            ShadowLooper.idleMainLooper();
            Map<Integer, AccessibilityNodeInfo> nodes = nodes(app);
            Integer scrollable = null;
            for (Map.Entry<Integer, AccessibilityNodeInfo> e : nodes.entrySet()) {
                AccessibilityNodeInfo n = e.getValue();
                String words = spoken(nodes, n);
                if (!words.isEmpty()) {
                    heard.put(words, clickable(n) || Boolean.TRUE.equals(heard.get(words)));
                }
                if (n.getActionList().contains(AccessibilityNodeInfo.AccessibilityAction.ACTION_SCROLL_FORWARD)) {
                    scrollable = e.getKey();
                }
            }
            if (heard.containsKey(english.get(BUTTONS[BUTTONS.length - 1]))) {
                break;
            }
            if (heard.containsKey(english.get("start.new_game")) && scrollable != null && scrolls < 20) {
                // TalkBack's scroll forward, at the end of what is on screen.
                provider(app).performAction(scrollable, AccessibilityNodeInfo.ACTION_SCROLL_FORWARD, null);
                scrolls++;
            }
            sleep();
        }
        for (String key : WORDS) {
            assertTrue("the start screen says \"" + english.get(key) + "\" (" + key + "): " + heard.keySet(),
                    heard.containsKey(english.get(key)));
        }
        for (String key : BUTTONS) {
            assertTrue("the start screen has the button \"" + english.get(key) + "\": " + heard, Boolean.TRUE.equals(heard.get(english.get(key))));
        }
        controller.pause().stop().destroy();
    }

    /**
     * What TalkBack says for a node: its description, else its text and the words of those of
     * its children that TalkBack does not stop on by themselves (Compose gives a button's words
     * as a child of the button's node).
     */
    private static String spoken(Map<Integer, AccessibilityNodeInfo> nodes, AccessibilityNodeInfo n) {
        if (n.getContentDescription() != null) {
            return n.getContentDescription().toString();
        }
        StringBuilder b = new StringBuilder(n.getText() == null ? "" : n.getText());
        for (int i = 0; i < n.getChildCount(); i++) {
            AccessibilityNodeInfo child = nodes.get(virtualChild(n, i));
            if (child != null && !clickable(child)) {
                String words = spoken(nodes, child);
                if (!words.isEmpty()) {
                    b.append(b.length() == 0 ? "" : " ").append(words);
                }
            }
        }
        return b.toString();
    }

    private static boolean clickable(AccessibilityNodeInfo n) {
        return n.isEnabled() && n.getActionList().contains(AccessibilityNodeInfo.AccessibilityAction.ACTION_CLICK);
    }

    /**
     * Every node the app's view gives a screen reader, from its root down, as TalkBack walks them
     * (a node's children by their ids; AccessibilityNodeInfo.getChildId is the framework's own,
     * hidden from apps, reached here by reflection).
     */
    private static Map<Integer, AccessibilityNodeInfo> nodes(View app) {
        Map<Integer, AccessibilityNodeInfo> out = new LinkedHashMap<>();
        AccessibilityNodeProvider provider = provider(app);
        if (provider == null) {
            return out;
        }
        List<Integer> queue = new ArrayList<>();
        queue.add(AccessibilityNodeProvider.HOST_VIEW_ID);
        while (!queue.isEmpty()) {
            int id = queue.remove(0);
            AccessibilityNodeInfo info = provider.createAccessibilityNodeInfo(id);
            if (info == null) {
                continue;
            }
            out.put(id, info);
            for (int i = 0; i < info.getChildCount(); i++) {
                queue.add(virtualChild(info, i));
            }
        }
        return out;
    }

    /** The provider of the view (Compose's, in the view that setContent put in the window). */
    private static AccessibilityNodeProvider provider(View view) {
        AccessibilityNodeProvider own = view.getAccessibilityNodeProvider();
        if (own != null || !(view instanceof ViewGroup)) {
            return own;
        }
        ViewGroup group = (ViewGroup) view;
        for (int i = 0; i < group.getChildCount(); i++) {
            AccessibilityNodeProvider found = provider(group.getChildAt(i));
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The virtual id of a node's child (the high half of the framework's node id). */
    static int virtualChild(AccessibilityNodeInfo info, int index) {
        try {
            long id = (Long) AccessibilityNodeInfo.class.getMethod("getChildId", int.class).invoke(info, index);
            return (int) (id >> 32);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("AccessibilityNodeInfo.getChildId", e);
        }
    }

    /** TalkBack on: an enabled accessibility service that explores by touch. */
    static void startTalkBack(Context context) {
        AccessibilityManager manager = (AccessibilityManager) context.getSystemService(Context.ACCESSIBILITY_SERVICE);
        ShadowAccessibilityManager shadow = Shadow.extract(manager);
        List<AccessibilityServiceInfo> services = new ArrayList<>();
        services.add(new AccessibilityServiceInfo());
        shadow.setEnabledAccessibilityServiceList(services);
        shadow.setEnabled(true);
        shadow.setTouchExplorationEnabled(true);
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
